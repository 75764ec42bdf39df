import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/identity';
import { audit } from './audit';
import { newToken, sha256 } from './crypto';

/** Where a sign-in came from, kept on the session and in the audit log. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/**
 * Starts a session for a user who has just proven who they are (a password, or an OpenID provider's ID token) and
 * records the sign-in, in one transaction: every way in hands out the same kind of token with the same lifetimes.
 */
export async function startSession(
  deps: { db: Db; config: Pick<Config, 'sessionMaxMs' | 'sessionIdleMs'> },
  s: { enterpriseId: string; userId: string; client: ClientInfo; accountId?: string | null; data?: Record<string, unknown> },
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
      })
      .returning({ id: sessions.id });
    await audit(tx, {
      enterpriseId: s.enterpriseId,
      accountId: s.accountId ?? null,
      actorUserId: s.userId,
      action: 'auth.login',
      subjectType: 'session',
      subjectId: row!.id,
      ...(s.data ? { data: s.data } : {}),
      ip: s.client.ip,
    });
  });
  return { access_token: token, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString() };
}
