import { and, count, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, passwordResets, sessions, users } from '../../db/schema/identity';
import { accounts } from '../../db/schema/tenancy';

/* Invitation links, the pending memberships they accept, and what deciding how to accept needs to know. */

/** The open invitation behind a token hash, with its account (enabled, of this enterprise) and person; `lock` for accepting. */
export async function findOpenInvitation(db: DbOrTx, enterpriseId: string, tokenHash: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select({
      id: passwordResets.id,
      invitedBy: passwordResets.invitedBy,
      accountId: accounts.id,
      accountName: accounts.name,
      accountSlug: accounts.slug,
      user: users,
    })
    .from(passwordResets)
    .innerJoin(accounts, eq(accounts.id, passwordResets.accountId))
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        eq(passwordResets.purpose, 'invite'),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        eq(accounts.enterpriseId, enterpriseId),
        eq(accounts.enabled, true),
        eq(users.enterpriseId, enterpriseId),
        eq(users.enabled, true),
      ),
    )
    .limit(1);
  const [row] = opts.lock ? await q.for('update', { of: passwordResets }) : await q;
  return row ?? null;
}
export type OpenInvitation = NonNullable<Awaited<ReturnType<typeof findOpenInvitation>>>;

/** The name this account typed for the person, if it still has an invitation of theirs waiting (else null). */
export async function pendingIn(db: DbOrTx, accountId: string, userId: string): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ name: memberships.invitedName })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), isNull(memberships.acceptedAt)))
    .orderBy(sql`${memberships.createdAt} desc`)
    .limit(1);
  return row ? { name: row.name ?? '' } : null;
}

/** Whether the person already belongs somewhere: an accepted membership in any account, or at the enterprise. */
export async function belongsAnywhere(db: DbOrTx, userId: string) {
  const [row] = await db.select({ n: count() }).from(memberships).where(and(eq(memberships.userId, userId), isNotNull(memberships.acceptedAt)));
  return (row?.n ?? 0) > 0;
}

/** Whether another account also has an invitation of the person waiting. */
export async function pendingElsewhere(db: DbOrTx, accountId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), isNull(memberships.acceptedAt), ne(memberships.accountId, accountId)));
  return (row?.n ?? 0) > 0;
}

/** Accepts this account's pending memberships of the person, and no other account's. */
export async function acceptPending(db: DbOrTx, accountId: string, userId: string) {
  await db
    .update(memberships)
    .set({ acceptedAt: new Date(), invitedName: null })
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), isNull(memberships.acceptedAt)));
}

/** The link is spent, and so is any other open link of this account for this person. */
export async function closeInvitations(db: DbOrTx, accountId: string, userId: string) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.accountId, accountId),
        eq(passwordResets.purpose, 'invite'),
        isNull(passwordResets.usedAt),
      ),
    );
}

export async function setFirstPassword(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Ends the person's other sessions: what they can reach just grew, and only the one who accepted should hold it. */
export async function revokeOtherSessions(db: DbOrTx, userId: string, keepSessionId: string | null) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}
