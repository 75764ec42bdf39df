import { createRoute, notFound } from '@tanstack/react-router';
import { resetPasswordSearch } from '../../features/auth/auth.search';
import { isProfileTab } from '../../features/profile/profile-tabs';
import { rootRoute } from '../root-route';
import { signedInSearch } from './signed-in-search';
import { lazyPage, notFoundPage } from './lazy-pages';

/** Account level (`/$account/…`), the signed-in user's profile, enterprise administration and misc pages. */

export const sitesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/sites',
  validateSearch: signedInSearch('sitesSearch'),
  staticData: { name: 'sites', meta: { layout: 'default', level: 'account', action: 'view', subject: 'sites' } },
  component: lazyPage(['settings'], () => import('../../features/sites/SitesPage'), 'SitesPage'),
});

export const usersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/users',
  validateSearch: signedInSearch('usersSearch'),
  staticData: { name: 'users', meta: { layout: 'default', level: 'account', action: 'view', subject: 'users' } },
  component: lazyPage(['users'], () => import('../../features/users/UsersPage'), 'UsersPage'),
});

// The account's audit trail: account admins (the permission at the account alone, like users and sites).
export const auditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$account/audit',
  validateSearch: signedInSearch('auditSearch'),
  staticData: { name: 'audit', meta: { layout: 'default', level: 'account', action: 'view', subject: 'audit' } },
  component: lazyPage(['audit'], () => import('../../features/audit/AccountAuditPage'), 'AccountAuditPage'),
});

export const profileTabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/profile/$tab',
  staticData: { name: 'auth-profile-tab', meta: { layout: 'default' } },
  beforeLoad: async ({ params }) => {
    if (isProfileTab(params.tab)) return;
    // The not-found page then renders as a not-found component, which the router does not preload for us.
    await notFoundPage.preload?.();
    throw notFound();
  },
  component: lazyPage(['profile', 'notifications'], () => import('../../features/profile/ProfilePage'), 'ProfilePage'),
});

// Spec §2 flags this one blank and unauthenticated-only (a password set outside a session). It shadows
// `$tab` = `password`, so the signed-in password change must be a profile tab with another name.
export const profilePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/profile/password',
  validateSearch: resetPasswordSearch,
  staticData: { name: 'auth-profile-password', meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: lazyPage([], () => import('../../features/auth/SetPasswordPage'), 'SetPasswordPage'),
});

export const profileSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/profile/settings',
  staticData: { name: 'auth-profile-settings', meta: { layout: 'default' } },
  component: lazyPage(['profile', 'notifications'], () => import('../../features/profile/ProfilePage'), 'ProfileSettingsPage'),
});

export const enterpriseAccountsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/enterprise/accounts',
  validateSearch: signedInSearch('enterpriseAccountsSearch'),
  staticData: { name: 'enterprise-accounts', meta: { layout: 'default', level: 'enterprise', action: 'view', subject: 'enterprise' } },
  component: lazyPage(['enterprise'], () => import('../../features/enterprise/EnterpriseAccountsPage'), 'EnterpriseAccountsPage'),
});

export const enterpriseAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/enterprise/accounts/$id',
  staticData: {
    name: 'enterprise-accounts-id',
    meta: { layout: 'default', level: 'enterprise', action: 'view', subject: 'enterprise', navActiveLink: 'enterprise-accounts' },
  },
  component: lazyPage(['enterprise'], () => import('../../features/enterprise/EnterpriseAccountDetailPage'), 'EnterpriseAccountDetailPage'),
});

export const enterpriseAccountCreateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/enterprise/accounts/create',
  staticData: {
    name: 'enterprise-accounts-create',
    meta: { layout: 'default', level: 'enterprise', action: 'create', subject: 'enterprise', navActiveLink: 'enterprise-accounts' },
  },
  component: lazyPage(['enterprise'], () => import('../../features/enterprise/EnterpriseAccountCreatePage'), 'EnterpriseAccountCreatePage'),
});

export const enterpriseAuditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/enterprise/audit',
  validateSearch: signedInSearch('enterpriseAuditSearch'),
  staticData: { name: 'enterprise-audit', meta: { layout: 'default', level: 'enterprise', action: 'view', subject: 'audit' } },
  component: lazyPage(['audit'], () => import('../../features/audit/EnterpriseAuditPage'), 'EnterpriseAuditPage'),
});

export const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  validateSearch: signedInSearch('notificationsSearch'),
  staticData: { name: 'notifications', meta: { layout: 'default', action: 'view', subject: 'notifications' } },
  component: lazyPage(['notifications'], () => import('../../features/notifications/NotificationsPage'), 'NotificationsPage'),
});

export const secondPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/second-page',
  staticData: { name: 'second-page', meta: { layout: 'default' } },
  component: lazyPage([], () => import('../../features/misc/HelpPage'), 'HelpPage'),
});

export const portalRoutes = [
  sitesRoute,
  usersRoute,
  auditRoute,
  profileTabRoute,
  profilePasswordRoute,
  profileSettingsRoute,
  enterpriseAccountsRoute,
  enterpriseAccountRoute,
  enterpriseAccountCreateRoute,
  enterpriseAuditRoute,
  notificationsRoute,
  secondPageRoute,
];
