import { messageCatalog as codes } from './message-codes';

/*
 * Apart from sso.ts because the portal's login page shows the sign-in ones (`sso_error`): sso.ts builds its schemas
 * with Zod when it loads, which the login page's first download goes without. sso.ts re-exports them.
 */

/** What these endpoints answer besides the shared messages; the login page shows the sign-in ones as `sso_error`. */
export const ssoMessages = {
  issuer: codes['sso.issuer'],
  domain: codes['sso.domain'],
  domainCount: codes['sso.domain_count'],
  slugTaken: codes['sso.slug_taken'],
  redirect: codes.redirect_path,
  failed: codes['sso.failed'],
  expired: codes['sso.expired'],
  cancelled: codes['sso.cancelled'],
  unavailable: codes['sso.unavailable'],
  emailMissing: codes['sso.email_missing'],
  emailUnverified: codes['sso.email_unverified'],
  domainNotAllowed: codes['sso.domain_not_allowed'],
  noAccess: codes['sso.no_access'],
  outsideAccount: codes['sso.outside_account'],
  disabled: codes['sso.user_disabled'],
  newUserRole: codes['sso.new_user_role'],
} as const;
