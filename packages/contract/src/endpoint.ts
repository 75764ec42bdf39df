import type { z } from 'zod';

/**
 * One API endpoint, written once. The API registers its route from this object
 * and the portal's typed client calls it through the same object, so request
 * and response types are never written twice.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call an endpoint. Every endpoint must say; a test enforces it. */
export type EndpointAccess =
  /** Anyone, signed in or not (branding, login, health). */
  | { public: true }
  /** A signed-in caller who can perform `action` on `subject` in the selected scope. */
  | { subject: string; action: string }
  /**
   * A candidate signed in on a site's job board (a board session, never a staff token): 401 without one. The
   * handler still checks that the board asked for belongs to the candidate's account.
   */
  | { seeker: true };

export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path below the `/portal` prefix, with `:name` parameters. */
  path: string;
  summary: string;
  tags: string[];
  access: EndpointAccess;
  /**
   * `enterprise`: checked at the enterprise level. The caller's account, site and employer selection is ignored, so
   * only permissions on the `enterprise` key count: an account admin's `all` (which, per spec §6, grants everything
   * while that account is selected) can never reach enterprise administration by sending its own scope headers.
   *
   * `account`: authorised at the selected account only. The account must be selected (none: 404, as for any scoped
   * endpoint that needs one); a site or employer also selected is ignored for the permission check, so only
   * enterprise and account permissions count: a site manager's site role (or an employer admin's employer role)
   * can never reach account-wide things (other sites, account branding, the account's users and roles) by also
   * sending a site or employer header. Unset: checked in the full selected scope.
   */
  level?: 'enterprise' | 'account';
  /**
   * Refused (403) to a session acting as someone else: what only the person themselves may do (their password), what
   * spends their money (buying credits, paying) and starting another impersonation.
   */
  notWhileImpersonating?: true;
  /**
   * Still answered to a session that must first set up two-step sign-in (an account requires it): reading oneself,
   * signing out and the setup. Every other signed-in endpoint answers 403 `mfa_setup_required` to that session.
   */
  duringMfaSetup?: true;
  /**
   * Gives, edits, assigns or takes away a role (or the role single sign-on gives): the API applies the one rule of
   * who may give a role (apps/api platform/role-grant.ts), and a security sweep tries every endpoint marked so with a
   * caller lacking one permission of the role. A body carrying a role, memberships, permissions or new_users must say.
   */
  givesRole?: true;
  /** Only for infrastructure probes (health) and payment-provider webhooks: the request need not carry `X-AF-EID`. */
  withoutEnterprise?: true;
  params?: Params;
  query?: Query;
  body?: Body;
  /** Body is multipart/form-data (uploads); `body` then describes the non-file fields. */
  multipart?: boolean;
  /** The body of a 503 the handler may answer instead (readiness probes), documented and serialised like the success. */
  unavailable?: z.ZodType;
  /** Success status (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  response: Response;
}

/**
 * Declares an endpoint. The access kind is kept as written (`{ public: true }`, `{ seeker: true }`, or a permission),
 * so the API's route() can type what a handler receives: a candidate for a seeker endpoint, a user for the rest.
 */
export function endpoint<
  Params extends z.ZodType = z.ZodNever,
  Query extends z.ZodType = z.ZodNever,
  Body extends z.ZodType = z.ZodNever,
  Response extends z.ZodType = z.ZodType,
  const Access extends EndpointAccess = EndpointAccess,
>(e: Endpoint<Params, Query, Body, Response> & { access: Access }): Endpoint<Params, Query, Body, Response> & { access: Access } {
  return e;
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
