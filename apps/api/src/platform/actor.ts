import type { AppAbility } from '@hireline/access/ability';
import type { AuditActor } from './audit';
import type { AuthedContext } from './route';

/** Who is acting on a request, as services, the ledger and the audit log record it. */
export interface Actor {
  userId: string;
  name: string;
  enterpriseId: string;
  /** The staff member behind an impersonated session, recorded next to the person acted as. */
  impersonatorUserId: string | null;
  ip: string | null;
  ability: AppAbility;
}

export const actorOf = (ctx: AuthedContext): Actor => ({
  userId: ctx.auth.user.id,
  name: ctx.auth.user.name,
  enterpriseId: ctx.enterprise.id,
  impersonatorUserId: ctx.auth.impersonation?.impersonatorUserId ?? null,
  ip: ctx.req.ip,
  ability: ctx.ability,
});

/**
 * A candidate acting on the board, as the audit log records it: no user (the candidate is the entry's subject), and
 * a staff member signed in as them recorded as the impersonator.
 */
export const candidateActor = (
  enterpriseId: string,
  auth: { impersonation: { impersonatorUserId: string } | null } | null | undefined,
  ip: string | null,
): AuditActor => ({ enterpriseId, userId: null, impersonatorUserId: auth?.impersonation?.impersonatorUserId ?? null, ip });
