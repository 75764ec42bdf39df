import type { AuditAction } from '@hireline/contract/audit-actions';
import type { Actor } from '../../platform/actor';
import { auditEntry } from '../../platform/audit';
import { forbidden } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice } from '../../platform/site-slice';

/*
 * Where settings act: the selected account as a whole (its sites, its branding: `level: 'account'` endpoints, whose
 * account route() verifies and judges at the account alone, see `accountOf` in platform/route.ts), or the selected
 * site as a whole.
 */

export interface SiteRef {
  accountId: string;
  siteId: string;
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
  action: AuditAction,
  subject: { type: string; id: string },
  data: Record<string, unknown> = {},
) => auditEntry(actor, { ...subject, accountId }, action, data);

/** A unique constraint the database refused (PostgreSQL and PGlite, wrapped by drizzle or not). */
export function uniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === constraint;
  }
  return false;
}
