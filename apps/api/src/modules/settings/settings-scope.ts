import { buildAbility, can } from '@hireline/access/ability';
import type { Action, Subject } from '@hireline/access/vocabulary';
import type { Actor } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/errors';
import type { AuthedContext } from '../../platform/route';
import { permissionsMapOf, type ResolvedScope } from '../../platform/scope';
import { siteSlice } from '../../platform/site-slice';

/* Where settings act: the selected account as a whole, or the selected site as a whole. */

export interface SiteRef {
  accountId: string;
  siteId: string;
}

/**
 * The selected account, for what belongs to the account itself (its sites, its branding). The permission must hold
 * at the account: with a site selected, route() also counts the caller's site roles, and a role on one site must not
 * reach the account's other sites or its branding. No account selected: 404.
 */
export function accountOf(ctx: AuthedContext, subject: Subject, action: Action): string {
  const accountId = ctx.scope.accountId;
  if (!accountId) throw notFound();
  const atAccount = buildAbility(permissionsMapOf(ctx.memberships), { accountId, siteId: null, employerId: null });
  if (!can(atAccount, action, subject)) throw forbidden();
  return accountId;
}

/**
 * The selected site, for settings of the whole site: a caller who reaches the site only through employers may not
 * read or change them, whatever their role says (an employer selected by staff does not narrow anything here).
 */
export function siteOf(scope: ResolvedScope): SiteRef {
  const s = siteSlice(scope);
  if (scope.employerIds) throw forbidden();
  return { accountId: s.accountId, siteId: s.siteId };
}

/** An audit_logs row of a settings change, with who acted (and who impersonated them). */
export const settingsAudit = (
  actor: Actor,
  accountId: string,
  action: string,
  subject: { type: string; id: string },
  data: Record<string, unknown> = {},
) => ({
  enterpriseId: actor.enterpriseId,
  accountId,
  actorUserId: actor.userId,
  impersonatorUserId: actor.impersonatorUserId,
  action,
  subjectType: subject.type,
  subjectId: subject.id,
  data,
  ip: actor.ip,
});

/** A unique constraint the database refused (PostgreSQL and PGlite, wrapped by drizzle or not). */
export function uniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === constraint;
  }
  return false;
}
