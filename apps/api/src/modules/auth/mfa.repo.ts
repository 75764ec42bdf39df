import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/identity';
import { mfaChallenges, userMfa, userRecoveryCodes } from '../../db/schema/mfa';
import { accounts } from '../../db/schema/tenancy';

export async function findMfa(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  return row ?? null;
}

/** A new, unconfirmed secret; replaces an earlier setup that was never confirmed (never a confirmed one). */
export async function putPendingSecret(db: DbOrTx, userId: string, secretEnc: string) {
  const rows = await db
    .insert(userMfa)
    .values({ userId, secretEnc })
    .onConflictDoUpdate({
      target: userMfa.userId,
      set: { secretEnc, lastUsedStep: null, updatedAt: new Date() },
      setWhere: isNull(userMfa.confirmedAt),
    })
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/**
 * Records that a code of `step` was used, only if no code of this step or a later one was: two requests racing
 * with the same code cannot both pass (the row is updated once).
 */
export async function claimStep(db: DbOrTx, userId: string, step: number) {
  const rows = await db
    .update(userMfa)
    .set({ lastUsedStep: step })
    .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastUsedStep), lt(userMfa.lastUsedStep, step))))
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

export async function confirm(db: DbOrTx, userId: string) {
  await db.update(userMfa).set({ confirmedAt: new Date() }).where(eq(userMfa.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: true only for the request that marked it used. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string) {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Turns two-step sign-in off: the secret and every recovery code go. */
export async function removeMfa(db: DbOrTx, userId: string) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const rows = await db.delete(userMfa).where(eq(userMfa.userId, userId)).returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/** Whether any of these accounts requires two-step sign-in of its staff. */
export async function anyAccountRequires(db: DbOrTx, accountIds: string[]) {
  if (!accountIds.length) return false;
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.id, accountIds), eq(accounts.requireMfa, true), eq(accounts.enabled, true)))
    .limit(1);
  return Boolean(row);
}

/** A new challenge; the user's finished or expired ones are cleared on the way, so the table stays small. */
export async function insertChallenge(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date, now = new Date()) {
  await db
    .delete(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, userId), or(lt(mfaChallenges.expiresAt, now), isNotNull(mfaChallenges.usedAt))));
  await db.insert(mfaChallenges).values({ userId, tokenHash, expiresAt });
}

/**
 * Counts one attempt on a live challenge and answers it (with the attempt's number), or null when the token is
 * unknown, used, expired or out of attempts.
 */
export async function attemptChallenge(db: DbOrTx, tokenHash: string, maxAttempts: number, now = new Date()) {
  const [row] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.tokenHash, tokenHash),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
        lt(mfaChallenges.attempts, maxAttempts),
      ),
    )
    .returning({ id: mfaChallenges.id, userId: mfaChallenges.userId });
  return row ?? null;
}

/** Marks a challenge used; false when another request already did. */
export async function finishChallenge(db: DbOrTx, id: string) {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/** The user's sessions may do everything again once two-step sign-in is set up. */
export async function clearSetupRequired(db: DbOrTx, userId: string) {
  await db
    .update(sessions)
    .set({ mfaSetupRequired: false })
    .where(and(eq(sessions.userId, userId), eq(sessions.mfaSetupRequired, true)));
}

export async function markSetupRequired(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ mfaSetupRequired: true }).where(eq(sessions.id, sessionId));
}
