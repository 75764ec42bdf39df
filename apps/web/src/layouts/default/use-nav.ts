import { useMemo } from 'react';
import { useRouter, type AnyRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RouteMeta, RouteName } from '../../app/route-meta';
import { useCanCheck } from '../../lib/ability';
import { useSelectedSlugs } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import {
  navGroups,
  shortcutEntries,
  visibleEntries,
  visibleGroups,
  type NavContext,
  type NavGroup,
  type ResolvedEntry,
} from './nav-items';

// Looked up from the router the layout runs in (not imported from app/router), so the layout has no import cycle
// with the route table and tests can mount it on any router.
const byRouter = new WeakMap<object, Map<RouteName, AnyRoute>>();
function routesByName(router: { routesById: object }): Map<RouteName, AnyRoute> {
  let map = byRouter.get(router);
  if (!map) {
    map = new Map();
    for (const route of Object.values(router.routesById) as AnyRoute[]) {
      const name = route.options.staticData?.name;
      if (name) map.set(name, route);
    }
    byRouter.set(router, map);
  }
  return map;
}

/** Finds registered routes by name: their path pattern and meta. */
export function useRouteLookup() {
  const router = useRouter();
  return useMemo(() => {
    const routes = routesByName(router);
    return {
      pathOf: (name: RouteName): string | undefined => routes.get(name)?.fullPath,
      metaOf: (name: RouteName): RouteMeta | undefined => routes.get(name)?.options.staticData?.meta,
    };
  }, [router]);
}

function useNavContext(): NavContext {
  const can = useCanCheck();
  const { metaOf } = useRouteLookup();
  const slugs = useSelectedSlugs();
  const employerSelected = Boolean(useSession().scope.employerId);
  return useMemo(() => ({ can, metaOf, slugs, employerSelected }), [can, metaOf, slugs, employerSelected]);
}

export interface NavItem extends ResolvedEntry {
  label: string;
}

/** The navigation groups and entries the user may open in the selected scope, with translated labels. */
export function useVisibleNav(): NavGroup<NavItem>[] {
  const ctx = useNavContext();
  const { t } = useTranslation();
  return useMemo(
    () =>
      visibleGroups(navGroups, ctx).map((group) => ({
        key: group.key,
        entries: group.entries.map((e) => ({ ...e, label: t(`routes.${e.name}`) })),
      })),
    [ctx, t],
  );
}

export function useShortcuts(): NavItem[] {
  const ctx = useNavContext();
  const { t } = useTranslation();
  return useMemo(
    () => visibleEntries(shortcutEntries, ctx).map((e) => ({ ...e, label: t(`routes.${e.name}`) })),
    [ctx, t],
  );
}
