import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/credits';
import { passwordResets, seekerSessions, seekerTokens, sessions } from '../db/schema/identity';

/** Kept a day past their end, so a support question about "my link just stopped working" can still be looked at. */
const GRACE_MS = 24 * 3_600_000;

/**
 * How long a stored Idempotency-Key answer is replayed. A retry comes within seconds or minutes of its request (payment
 * providers keep theirs for a day); a week covers a client that retries after a long outage, and keeps the table to the
 * last week of spending requests. A key older than this is a new request: a post is then refused (the job is no longer
 * a draft), a purchase opens a new checkout that the buyer still has to pay.
 */
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 3_600_000;

/**
 * Removes sessions and emailed links that can never be used again: staff and candidate sessions expired (absolute or
 * idle) or revoked, and reset, invitation and confirmation links expired or used, once past the grace period; and
 * Idempotency-Key answers past {@link IDEMPOTENCY_KEEP_MS}. Idempotent; safe from any process.
 */
export async function purgeExpired(db: Db, now = new Date()) {
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
  const seekerGone = await db
    .delete(seekerSessions)
    .where(
      or(
        lt(seekerSessions.expiresAt, before),
        lt(seekerSessions.idleExpiresAt, before),
        and(isNotNull(seekerSessions.revokedAt), lt(seekerSessions.revokedAt, before)),
      ),
    )
    .returning({ id: seekerSessions.id });
  const seekerLinks = await db
    .delete(seekerTokens)
    .where(or(lt(seekerTokens.expiresAt, before), and(isNotNull(seekerTokens.usedAt), lt(seekerTokens.usedAt, before))))
    .returning({ id: seekerTokens.id });
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)))
    .returning({ id: idempotencyKeys.id });
  return {
    sessions: gone.length,
    resets: resets.length,
    seekerSessions: seekerGone.length,
    seekerTokens: seekerLinks.length,
    idempotencyKeys: keys.length,
  };
}
