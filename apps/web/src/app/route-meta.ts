import type { Action, Subject } from '@hireline/access/vocabulary';
import type { CheckLevel } from '../lib/ability';

/**
 * Route names of the spec's route table; the guard redirects by name, never by hard-coded path. Names follow the
 * path (`jobs-id` is `/$account/$site/jobs/$id`) so a name says where it points.
 */
export type RouteName =
  | 'root'
  | 'login'
  | 'forgot-password'
  | 'reset-password'
  | 'auth-sso'
  | 'not-authorized'
  | 'not-found'
  | 'not-found-alias'
  | 'dev-mail'
  | 'dev-mail-message'
  | 'payments-sandbox'
  // Site level: /$account/$site/…
  | 'applications'
  | 'applications-id-tab'
  | 'consultants'
  | 'consultants-id'
  | 'consultants-id-edit'
  | 'consultants-create'
  | 'credit-system'
  | 'credit-system-create'
  | 'credit-system-payment-success'
  | 'employer'
  | 'employer-edit'
  | 'employer-users'
  | 'employers'
  | 'employers-id'
  | 'employers-id-edit'
  | 'employers-create'
  | 'employers-hold'
  | 'jobs'
  | 'jobs-id'
  | 'jobs-create'
  | 'jobs-edit'
  | 'jobs-flagged-jobs'
  | 'jobs-hold'
  | 'seekers'
  | 'seekers-id-tab'
  | 'settings'
  // Account level: /$account/…
  | 'sites'
  | 'users'
  | 'audit'
  // Signed-in user, enterprise and misc
  | 'auth-profile-tab'
  | 'auth-profile-password'
  | 'auth-invitation'
  | 'auth-profile-settings'
  | 'enterprise-accounts'
  | 'enterprise-accounts-id'
  | 'enterprise-accounts-create'
  | 'enterprise-audit'
  | 'notifications'
  | 'second-page';

/** DESIGN §7: the meta every route declares. */
export interface RouteMeta {
  /** Always allowed, signed in or not (guard rule 1). */
  public?: boolean;
  /** Only for signed-out users; a signed-in user goes to the root path (rule 2). */
  unauthenticatedOnly?: boolean;
  /** Required permission; default `access` on `portal` (rule 4). */
  action?: Action;
  subject?: Subject;
  layout: 'default' | 'blank';
  /**
   * Where the permission is checked, as the contract's `level` for the API: `enterprise` with no account or site
   * selected (only enterprise permissions count); `account` at the selected account alone (a site or employer role
   * does not count). Unset: the selected scope.
   */
  level?: CheckLevel;
  /** Name of the navigation entry to highlight (detail pages highlight their list). */
  navActiveLink?: RouteName;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name?: RouteName;
    meta?: RouteMeta;
  }
}
