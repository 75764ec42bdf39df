import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, roles, sessions, users } from '../../db/schema/identity';
import { acrossTenants } from '../../db/tenant-context';

/* The memberships that let people sign in for an employer, and the employer-level roles of the account. */

/** The account's roles that can be given at an employer, in name order. */
export async function employerRoles(db: DbOrTx, accountId: string) {
  return db
    .select({ id: roles.id, key: roles.key, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.level, 'employer')))
    .orderBy(asc(roles.name));
}

/**
 * The employer's people. Someone who has not accepted their invitation is shown as the inviter typed them: the typed
 * name, no avatar and no activity (their standing elsewhere is not this account's to see).
 */
export async function listMembers(db: DbOrTx, employerId: string, userId?: string) {
  const pending = sql`${memberships.acceptedAt} is null`;
  return db
    .select({
      id: users.id,
      name: sql<string>`(case when ${pending} then coalesce(${memberships.invitedName}, ${users.email}) else ${users.name} end)`,
      email: users.email,
      avatarFileId: sql<string | null>`(case when ${pending} then null else ${users.avatarFileId} end)`,
      enabled: users.enabled,
      invited: sql<boolean>`${pending}`,
      roleKey: roles.key,
      roleName: roles.name,
      rolePermissions: roles.permissions,
      memberSince: memberships.createdAt,
      membershipId: memberships.id,
      lastActiveAt: sql<Date | null>`(case when ${pending} then null else (select max(coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})) from ${sessions} where ${sessions.userId} = ${users.id}) end)`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.employerId, employerId), userId ? eq(memberships.userId, userId) : undefined))
    .orderBy(sql`lower(case when ${pending} then coalesce(${memberships.invitedName}, ${users.email}) else ${users.name} end)`, asc(users.id));
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export async function addMembership(
  db: DbOrTx,
  m: { userId: string; enterpriseId: string; accountId: string; siteId: string; employerId: string; roleId: string; invitedName: string },
) {
  // An invitation: pending until the person accepts it.
  await db.insert(memberships).values({ ...m, scopeType: 'employer', acceptedAt: null });
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
