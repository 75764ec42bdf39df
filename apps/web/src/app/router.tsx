import { createRouter, type AnyRoute, type RouterHistory } from '@tanstack/react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { authSnapshot, rootRoute } from './root-route';
import type { RouteName } from './route-meta';
import {
  devMailMessageRoute,
  devMailRoute,
  forgotPasswordRoute,
  homeRoute,
  invitationRoute,
  loginRoute,
  notAuthorizedRoute,
  notFoundAliasRoute,
  notFoundRoute,
  resetPasswordRoute,
  sandboxCheckoutRoute,
  ssoRoute,
} from './routes/base-routes';
import { notFoundPage } from './routes/lazy-pages';
import { portalRoutes } from './routes/portal-routes';
import { siteRoutes } from './routes/site-routes';
import { parseSearch, stringifySearch } from './search-params';
import './route-meta';

/*
 * The spec's route table (§2), code-based. Routes are flat children of the root: the root's beforeLoad runs the
 * guard and keeps `/$account/$site/…` in line with the selection, against the deepest match's meta and params.
 * Static segments outrank params, so `/auth/profile/settings` never reaches `/$account/$site/settings`.
 */
const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  ssoRoute,
  invitationRoute,
  notAuthorizedRoute,
  sandboxCheckoutRoute,
  devMailRoute,
  devMailMessageRoute,
  ...siteRoutes,
  ...portalRoutes,
  notFoundAliasRoute,
  notFoundRoute,
]);

/** The route registered under a name, if any. */
export function routeByName(name: RouteName): AnyRoute | undefined {
  return (routeTree.children as readonly AnyRoute[]).find((r) => r.options.staticData?.name === name);
}

/** The path of a named route, looked up in the tree (the spec's guard redirects by route name). */
export function pathOfRoute(name: RouteName): string {
  const route = routeByName(name);
  if (!route) throw new Error(`No route named "${name}"`);
  return route.fullPath;
}

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { auth: authSnapshot, pathOf: pathOfRoute },
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <FullPageSpinner fill="area" />,
    defaultNotFoundComponent: notFoundPage,
    // Spec §2: a route change scrolls to the top, or smoothly to the `#hash` anchor (see RootLayout for pages
    // that render their anchor late).
    defaultHashScrollIntoView: { behavior: 'smooth' },
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
