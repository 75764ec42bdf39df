import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../root-route';
import { upcomingPage } from './lazy-pages';

/** Account level (`/$account/…`), the signed-in user's profile, enterprise administration and misc pages. */

export const sitesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/sites',
  staticData: { name: 'sites', meta: { layout: 'default', action: 'view', subject: 'sites' } },
  component: upcomingPage,
});

export const usersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/users',
  staticData: { name: 'users', meta: { layout: 'default', action: 'view', subject: 'users' } },
  component: upcomingPage,
});

export const profileTabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/profile/$tab',
  staticData: { name: 'auth-profile-tab', meta: { layout: 'default' } },
  component: upcomingPage,
});

// Spec §2 flags this one blank and unauthenticated-only (a password set outside a session). It shadows
// `$tab` = `password`, so the signed-in password change must be a profile tab with another name.
export const profilePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/profile/password',
  staticData: { name: 'auth-profile-password', meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: upcomingPage,
});

export const profileSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/profile/settings',
  staticData: { name: 'auth-profile-settings', meta: { layout: 'default' } },
  component: upcomingPage,
});

export const enterpriseAccountsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/enterprise/accounts',
  staticData: { name: 'enterprise-accounts', meta: { layout: 'default', level: 'enterprise', action: 'view', subject: 'enterprise' } },
  component: upcomingPage,
});

export const enterpriseAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/enterprise/accounts/$id',
  staticData: {
    name: 'enterprise-accounts-id',
    meta: { layout: 'default', level: 'enterprise', action: 'view', subject: 'enterprise', navActiveLink: 'enterprise-accounts' },
  },
  component: upcomingPage,
});

export const enterpriseAccountCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/enterprise/accounts/create',
  staticData: {
    name: 'enterprise-accounts-create',
    meta: { layout: 'default', level: 'enterprise', action: 'create', subject: 'enterprise', navActiveLink: 'enterprise-accounts' },
  },
  component: upcomingPage,
});

export const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  staticData: { name: 'notifications', meta: { layout: 'default', action: 'view', subject: 'notifications' } },
  component: upcomingPage,
});

export const secondPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/second-page',
  staticData: { name: 'second-page', meta: { layout: 'default' } },
  component: upcomingPage,
});

export const portalRoutes = [
  sitesRoute,
  usersRoute,
  profileTabRoute,
  profilePasswordRoute,
  profileSettingsRoute,
  enterpriseAccountsRoute,
  enterpriseAccountRoute,
  enterpriseAccountCreateRoute,
  notificationsRoute,
  secondPageRoute,
];
