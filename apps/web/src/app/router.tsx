import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { loginSearch, resetPasswordSearch } from '../features/auth/auth.search';
import { mailListSearch } from '../features/dev-mail/mail.search';
import { abilityFor, can } from '../lib/ability';
import { getCurrentUser } from '../lib/current-user';
import { session } from '../lib/session';
import { decideGuard, type GuardAuth } from './guard';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import type { RouteName } from './route-meta';
import { parseSearch, stringifySearch } from './search-params';
import './route-meta';

export interface RouterContext {
  /** Read at navigation time, so the guard always sees the current session and selection. */
  auth: () => GuardAuth;
}

function authSnapshot(): GuardAuth {
  const { token, scope } = session.get();
  const user = token ? getCurrentUser() : undefined;
  const ability = abilityFor(user?.permissions, scope);
  return { authenticated: Boolean(token && user), can: (action, subject) => can(ability, action, subject) };
}

/** The path of a named route, looked up in the tree (the spec's guard redirects by route name). */
export function pathOfRoute(name: RouteName): string {
  const route = (routeTree.children ?? []).find((r) => r.options.staticData?.name === name);
  if (!route) throw new Error(`No route named "${name}"`);
  return route.fullPath;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  // The guard runs once per navigation on the root, against the meta of the deepest matched route.
  beforeLoad: ({ context, location, matches }) => {
    const meta = matches[matches.length - 1]?.staticData.meta;
    const decision = decideGuard(meta, context.auth(), location);
    if (decision.type === 'redirect')
      throw redirect({ href: pathOfRoute(decision.to) + stringifySearch(decision.search ?? {}) });
  },
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { name: 'root', meta: { layout: 'default' } },
  component: lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage'),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
  staticData: { name: 'login', meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: lazyRouteComponent(() => import('../features/auth/LoginPage'), 'LoginPage'),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  staticData: { name: 'forgot-password', meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: lazyRouteComponent(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: resetPasswordSearch,
  staticData: { name: 'reset-password', meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: lazyRouteComponent(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});

const notAuthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/not-authorized',
  staticData: { name: 'not-authorized', meta: { layout: 'blank', public: true } },
  component: lazyRouteComponent(() => import('../features/misc/NotAuthorizedPage'), 'NotAuthorizedPage'),
});

const devMailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dev/mail',
  validateSearch: mailListSearch,
  staticData: { name: 'dev-mail', meta: { layout: 'default' } },
  component: lazyRouteComponent(() => import('../features/dev-mail/MailListPage'), 'MailListPage'),
});

const devMailMessageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dev/mail/$id',
  staticData: { name: 'dev-mail-message', meta: { layout: 'default', navActiveLink: 'dev-mail' } },
  component: lazyRouteComponent(() => import('../features/dev-mail/MailMessagePage'), 'MailMessagePage'),
});

const notFoundComponent = lazyRouteComponent(() => import('../features/misc/NotFoundPage'), 'NotFoundPage');

const notFoundAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/misc/not-found/$',
  staticData: { name: 'not-found-alias', meta: { layout: 'blank', public: true } },
  component: notFoundComponent,
});

// Catch-all: every unknown path is this public page (spec §2), not an error boundary.
const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { name: 'not-found', meta: { layout: 'blank', public: true } },
  component: notFoundComponent,
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  notAuthorizedRoute,
  devMailRoute,
  devMailMessageRoute,
  notFoundAliasRoute,
  notFoundRoute,
]);

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { auth: authSnapshot },
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <FullPageSpinner fill="area" />,
    defaultNotFoundComponent: notFoundComponent,
    defaultHashScrollIntoView: { behavior: 'smooth' },
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
