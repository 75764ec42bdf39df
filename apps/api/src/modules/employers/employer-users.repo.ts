import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, roles, sessions, users } from '../../db/schema/identity';
import { acrossTenants } from '../../db/tenant-context';

/* The memberships that let people sign in for an employer, and the employer-level roles of the account. */

/** The account's roles that can be given at an employer, in name order. */
export async function employerRoles(db: DbOrTx, accountId: string) {
  return db
    .select({ id: roles.id, key: roles.key, name: roles.name })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.level, 'employer')))
    .orderBy(asc(roles.name));
}

export async function listMembers(db: DbOrTx, employerId: string, userId?: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarFileId: users.avatarFileId,
      enabled: users.enabled,
      invited: sql<boolean>`${users.passwordHash} is null`,
      roleKey: roles.key,
      roleName: roles.name,
      memberSince: memberships.createdAt,
      membershipId: memberships.id,
      lastActiveAt: sql<Date | null>`(select max(coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.employerId, employerId), userId ? eq(memberships.userId, userId) : undefined))
    .orderBy(asc(users.name), asc(users.id));
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export async function addMembership(
  db: DbOrTx,
  m: { userId: string; enterpriseId: string; accountId: string; siteId: string; employerId: string; roleId: string },
) {
  await db.insert(memberships).values({ ...m, scopeType: 'employer' });
}

export async function setMembershipRole(db: DbOrTx, employerId: string, userId: string, roleId: string) {
  await db.update(memberships).set({ roleId }).where(and(eq(memberships.employerId, employerId), eq(memberships.userId, userId)));
}

export async function removeMembership(db: DbOrTx, employerId: string, userId: string) {
  await db.delete(memberships).where(and(eq(memberships.employerId, employerId), eq(memberships.userId, userId)));
}

/** A person left with no membership anywhere has nothing to sign in to: their sessions end now. */
export async function endSessionsIfNoMemberships(db: DbOrTx, userId: string) {
  // Memberships anywhere, including accounts the caller cannot see (ADR 012).
  const [left] = await acrossTenants(db, async () => await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId)));
  if ((left?.n ?? 0) > 0) return;
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
