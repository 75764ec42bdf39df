import { useMatches } from '@tanstack/react-router';
import type { RouteName } from '../../app/route-meta';

/** The navigation entry the current page belongs to: its own route, or the one its meta names in `navActiveLink`. */
export function useActiveNavName(): { name?: RouteName; navActiveLink?: RouteName } {
  const name = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.name });
  const navActiveLink = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.meta?.navActiveLink });
  return { name, navActiveLink };
}

export function isNavActive(entry: RouteName, current: { name?: RouteName; navActiveLink?: RouteName }): boolean {
  return current.name === entry || current.navActiveLink === entry;
}

/** Whether a navigation entry is current: its own route, or a page whose meta names it in `navActiveLink`. */
export function useNavActive(name: RouteName): boolean {
  return isNavActive(name, useActiveNavName());
}
