import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets, sessions } from '../db/schema/identity';

/** Kept a day past their end, so a support question about "my link just stopped working" can still be looked at. */
const GRACE_MS = 24 * 3_600_000;

/**
 * Removes sessions and password links that can never be used again: expired (absolute or idle) or revoked, and
 * reset or invitation links expired or used, once past the grace period. Idempotent; safe from any process.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<{ sessions: number; resets: number }> {
  const before = new Date(now.getTime() - GRACE_MS);
  const gone = await db
    .delete(sessions)
    // Impersonation sessions started from a removed one go with it (the foreign key cascades); they end sooner anyway.
    .where(or(lt(sessions.expiresAt, before), lt(sessions.idleExpiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))))
    .returning({ id: sessions.id });
  const resets = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, before), and(isNotNull(passwordResets.usedAt), lt(passwordResets.usedAt, before))))
    .returning({ id: passwordResets.id });
  return { sessions: gone.length, resets: resets.length };
}
