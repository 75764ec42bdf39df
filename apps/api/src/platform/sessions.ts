import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/identity';
import { audit, auditEntry } from './audit';
import type { AuthContext } from './auth';
import { newToken, sha256 } from './crypto';
import { accountOfMemberships, loadMemberships } from './scope';

/** Where a sign-in came from, kept on the session and in the audit log. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** The client a request came from, as sessions and the audit log keep it. */
export const clientOf = (req: { ip: string; headers: Record<string, unknown> }): ClientInfo => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});

/**
 * Starts a session for a user who has just proven who they are (a password, or an OpenID provider's ID token) and
 * records the sign-in, in one transaction: every way in hands out the same kind of token with the same lifetimes.
 */
export async function startSession(
  deps: { db: Db; config: Pick<Config, 'sessionMaxMs' | 'sessionIdleMs'> },
  s: {
    enterpriseId: string;
    userId: string;
    client: ClientInfo;
    accountId?: string | null;
    data?: Record<string, unknown>;
    /** The session may only set up two-step sign-in until it is (an account requires it; route.ts enforces). */
    mfaSetupRequired?: boolean;
  },
) {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + deps.config.sessionMaxMs);
  const idleExpiresAt = new Date(Math.min(now + deps.config.sessionIdleMs, expiresAt.getTime()));
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sessions)
      .values({
        userId: s.userId,
        tokenHash: sha256(token),
        expiresAt,
        idleExpiresAt,
        lastUsedAt: new Date(now),
        ip: s.client.ip,
        userAgent: s.client.userAgent?.slice(0, 500) ?? null,
        mfaSetupRequired: s.mfaSetupRequired ?? false,
      })
      .returning({ id: sessions.id });
    const self = { enterpriseId: s.enterpriseId, userId: s.userId, impersonatorUserId: null, ip: s.client.ip };
    await audit(tx, auditEntry(self, { type: 'session', id: row!.id, accountId: s.accountId ?? null }, 'auth.login', s.data));
  });
  return { access_token: token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString() };
}

/**
 * Ends the session a request came with (signing out, or leaving an impersonation). Ending an impersonation is
 * recorded with the staff member as the actor and the person they acted as as the subject; the staff session
 * itself is untouched and works again for the portal's kept token.
 */
export async function endSession(db: Db, auth: AuthContext, ip: string | null) {
  const impersonation = auth.impersonation;
  const account = impersonation ? accountOfMemberships(await loadMemberships(db, auth.user.id)) : null;
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, auth.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (!ended.length || !impersonation) return;
    const staff = { enterpriseId: auth.user.enterpriseId, userId: impersonation.impersonatorUserId, impersonatorUserId: null, ip };
    await audit(tx, auditEntry(staff, { type: 'user', id: auth.user.id, accountId: account }, 'auth.impersonation_stop', { session_id: auth.sessionId }));
  });
}
