import { createRoute } from '@tanstack/react-router';
import { loginSearch, resetPasswordSearch } from '../../features/auth/auth.search';
import { LoginPage } from '../../features/auth/LoginPage';
import { rootRoute } from '../root-route';
import { signedInSearch } from './signed-in-search';
import { lazyPage, notFoundPage } from './lazy-pages';

/** The root, the signed-out pages, the sandbox checkout, the development mail viewer and the not-found pages. */

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { name: 'root', meta: { layout: 'default' } },
  component: lazyPage(['home'], () => import('../../features/home/HomePage'), 'HomePage'),
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearch,
  staticData: { name: 'login', meta: { layout: 'blank', unauthenticatedOnly: true } },
  // In the first download, not a chunk of its own: it is the page most visits start on, and a lazy page would be
  // fetched (with a dozen small shared chunks) only after the app has started, one round trip later.
  component: LoginPage,
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  staticData: { name: 'forgot-password', meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: lazyPage([], () => import('../../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: resetPasswordSearch,
  staticData: { name: 'reset-password', meta: { layout: 'blank', unauthenticatedOnly: true } },
  component: lazyPage([], () => import('../../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});

// Where a single sign-on lands with its token in the fragment; public, so a signed-in user may switch session too.
export const ssoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/sso',
  staticData: { name: 'auth-sso', meta: { layout: 'blank', public: true } },
  component: lazyPage([], () => import('../../features/auth/SsoPage'), 'SsoPage'),
});

// An invitation link: public, because someone who already signs in accepts signed in (a new person chooses a password).
export const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/invitation',
  validateSearch: resetPasswordSearch,
  staticData: { name: 'auth-invitation', meta: { layout: 'blank', public: true } },
  component: lazyPage([], () => import('../../features/auth/AcceptInvitationPage'), 'AcceptInvitationPage'),
});

export const notAuthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/not-authorized',
  staticData: { name: 'not-authorized', meta: { layout: 'blank', public: true } },
  component: lazyPage([], () => import('../../features/misc/NotAuthorizedPage'), 'NotAuthorizedPage'),
});

// The built-in sandbox payment provider's hosted checkout (DESIGN §2): no sign-in, no portal chrome.
export const sandboxCheckoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payments/sandbox/$session',
  staticData: { name: 'payments-sandbox', meta: { layout: 'blank', public: true } },
  component: lazyPage(['credits'], () => import('../../features/credits/SandboxCheckoutPage'), 'SandboxCheckoutPage'),
});

export const devMailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dev/mail',
  validateSearch: signedInSearch('mailListSearch'),
  staticData: { name: 'dev-mail', meta: { layout: 'default' } },
  component: lazyPage(['mail'], () => import('../../features/dev-mail/MailListPage'), 'MailListPage'),
});

export const devMailMessageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dev/mail/$id',
  staticData: { name: 'dev-mail-message', meta: { layout: 'default', navActiveLink: 'dev-mail' } },
  component: lazyPage(['mail'], () => import('../../features/dev-mail/MailMessagePage'), 'MailMessagePage'),
});

export const notFoundAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/misc/not-found/$',
  staticData: { name: 'not-found-alias', meta: { layout: 'blank', public: true } },
  component: notFoundPage,
});

// Catch-all: every unknown path is this public page (spec §2), not an error boundary.
export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { name: 'not-found', meta: { layout: 'blank', public: true } },
  component: notFoundPage,
});
