import { useMatches } from '@tanstack/react-router';
import type { RouteName } from '../../app/route-meta';

/** Whether a navigation entry is current: its own route, or a page whose meta names it in `navActiveLink`. */
export function useNavActive(name: RouteName): boolean {
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData });
  return leaf?.name === name || leaf?.meta?.navActiveLink === name;
}
