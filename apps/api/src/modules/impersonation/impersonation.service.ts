import { impersonationMessages } from '@hireline/contract/impersonation';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import type { AuthContext } from '../../platform/auth';
import { newToken, sha256 } from '../../platform/crypto';
import { conflict, HttpError, notFound } from '../../platform/errors';
import { accountOfMemberships, loadMemberships, type Membership } from '../../platform/scope';
import { endSession, type ClientInfo } from '../../platform/sessions';
import { impersonationVerdict } from './impersonation.policy';
import * as repo from './impersonation.repo';

/*
 * Starting and ending an impersonation. The child session is an ordinary session of the person acted as, marked
 * with the staff member, the staff session it hangs from, the reason and where to return; every audit row written
 * while it is used carries both people (platform/actor.ts). Refused attempts are recorded as refusals, nothing else.
 */

export interface Staff {
  auth: AuthContext;
  memberships: Membership[];
  /** The staff member's own token, answered back as `parent` for the portal to keep. */
  token: string;
  client: ClientInfo;
}

export async function start(deps: AppDeps, staff: Staff, b: { type: 'user'; id: string; reason: string; redirect?: string | undefined }) {
  const { enterpriseId } = staff.auth.user;
  // The staff member acts as themselves until the impersonated session exists.
  const actor = { enterpriseId, userId: staff.auth.user.id, impersonatorUserId: null, ip: staff.client.ip };
  const refuse = async (error: HttpError, reason: string, accountId: string | null = null): Promise<never> => {
    const subject = { type: 'user', id: b.id, accountId };
    await audit(deps.db, auditEntry(actor, subject, 'auth.impersonation_refused', { refusal: reason, reason: b.reason }));
    throw error;
  };

  if (b.id === staff.auth.user.id) return refuse(new HttpError(403, impersonationMessages.self), 'self');
  const user = await repo.findUser(deps.db, enterpriseId, b.id);
  const target = user ? await loadMemberships(deps.db, user.id) : [];
  const verdict = user ? impersonationVerdict(staff.memberships, target) : 'out_of_reach';
  // Out of reach reads as unknown, so nobody learns who exists elsewhere; only then whether the person is disabled.
  if (!user || verdict === 'out_of_reach') return refuse(notFound(), 'out_of_reach');
  const accountId = accountOfMemberships(target);
  if (!user.enabled) return refuse(conflict(impersonationMessages.disabled), 'disabled', accountId);
  if (verdict !== 'allowed') return refuse(new HttpError(403, impersonationMessages.notSubset), 'not_subset', accountId);

  // Time-boxed, and never outliving the staff session, which is not extended for it.
  const parent = await repo.findSession(deps.db, staff.auth.sessionId);
  if (!parent) throw notFound();
  const now = Date.now();
  const expiresAt = new Date(Math.min(now + deps.config.impersonationMs, parent.expiresAt.getTime(), parent.idleExpiresAt.getTime()));
  const token = newToken();
  const redirect = b.redirect ?? '/';
  await deps.db.transaction(async (tx) => {
    const sessionId = await repo.insertChildSession(tx, {
      userId: user.id,
      tokenHash: sha256(token),
      parentSessionId: staff.auth.sessionId,
      impersonatorUserId: staff.auth.user.id,
      reason: b.reason,
      redirect,
      expiresAt,
      ip: staff.client.ip,
      userAgent: staff.client.userAgent?.slice(0, 500) ?? null,
    });
    await audit(
      tx,
      auditEntry(actor, { type: 'user', id: user.id, accountId }, 'auth.impersonation_start', {
        type: b.type,
        reason: b.reason,
        session_id: sessionId,
        expires_at: expiresAt.toISOString(),
      }),
    );
  });
  return { access_token: token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString(), redirect, parent: staff.token };
}

/** Ends the impersonation this session is; answers where the staff member was. */
export async function stop(deps: AppDeps, auth: AuthContext, client: ClientInfo) {
  if (!auth.impersonation) throw conflict(impersonationMessages.notImpersonating);
  await endSession(deps.db, auth, client.ip);
  return { redirect: auth.impersonation.redirect ?? '/' };
}
