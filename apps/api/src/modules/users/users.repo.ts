import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountUser, MembershipScope, accountUserSorts } from '@hireline/contract/account-users';
import type { DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { memberships, roles, sessions, users } from '../../db/schema/identity';
import { userMfa } from '../../db/schema/mfa';
import { accounts, sites } from '../../db/schema/tenancy';
import { acrossTenants } from '../../db/tenant-context';
import { newestFirst } from '../../platform/order';

/* The people of an account: who they are, their memberships in it, and what disabling or removing them touches. */

export type UserSort = (typeof accountUserSorts)[number];
export type UserStatus = AccountUser['status'];

export interface UserFilters {
  q?: string;
  status?: UserStatus[];
  role?: string;
}

/**
 * A membership of this account held by the user: the people of an account are exactly these. The outer id is
 * qualified by hand: drizzle writes bare column names in a one-table query, and a bare "id" here is the membership's.
 */
const memberOf = (accountId: string, role?: SQL) =>
  exists(
    sql`(select 1 from ${memberships} join ${roles} on ${roles.id} = ${memberships.roleId}
      where ${memberships.userId} = "users"."id" and ${memberships.accountId} = ${accountId}${role ? sql` and ${role}` : sql``})`,
  );

const statusIs: Record<UserStatus, SQL> = {
  disabled: eq(users.enabled, false),
  invited: and(eq(users.enabled, true), isNull(users.passwordHash))!,
  active: and(eq(users.enabled, true), isNotNull(users.passwordHash))!,
};

export function listWhere(enterpriseId: string, accountId: string, f: UserFilters, pattern: string | null): SQL {
  return and(
    eq(users.enterpriseId, enterpriseId),
    memberOf(accountId),
    f.role ? memberOf(accountId, eq(roles.key, f.role)) : undefined,
    f.status?.length ? or(...f.status.map((s) => statusIs[s])) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  )!;
}

const orders: Record<UserSort, SQL[]> = {
  name: [sql`lower(${users.name}) asc`, asc(users.id)],
  '-name': [sql`lower(${users.name}) desc`, desc(users.id)],
  '-created_at': [...newestFirst(users.createdAt, users.id)],
  email: [asc(users.email), asc(users.id)],
};

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarFileId: users.avatarFileId,
  enabled: users.enabled,
  invited: sql<boolean>`${users.passwordHash} is null`,
  createdAt: users.createdAt,
  mfaEnabled: sql<boolean>`exists (select 1 from ${userMfa} where ${userMfa.userId} = "users"."id" and ${userMfa.confirmedAt} is not null)`,
  // Qualified by hand, as above.
  lastActiveAt: sql<Date | null>`(select max(coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}))
    from ${sessions} where ${sessions.userId} = "users"."id")`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v))),
};

export async function listUsers(db: DbOrTx, where: SQL, sort: UserSort, limit: number, offset: number) {
  return db.select(userColumns).from(users).where(where).orderBy(...orders[sort]).limit(limit).offset(offset);
}
export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

export async function countUsers(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return row?.n ?? 0;
}

/** One person of the account, or null (someone of another account, or of none, is "not found"). `lock` serialises changes. */
export async function findMember(db: DbOrTx, enterpriseId: string, accountId: string, userId: string, opts: { lock?: boolean } = {}) {
  const q = db.select(userColumns).from(users).where(and(eq(users.id, userId), eq(users.enterpriseId, enterpriseId), memberOf(accountId))).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The users' memberships in this account (never another's), account first, then by site and employer name. */
export async function membershipsIn(db: DbOrTx, accountId: string, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      id: memberships.id,
      userId: memberships.userId,
      scope: memberships.scopeType,
      siteId: memberships.siteId,
      siteName: sites.name,
      employerId: memberships.employerId,
      employerName: employers.businessName,
      roleId: roles.id,
      roleKey: roles.key,
      roleName: roles.name,
      permissions: roles.permissions,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .leftJoin(sites, eq(sites.id, memberships.siteId))
    .leftJoin(employers, eq(employers.id, memberships.employerId))
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, userIds)))
    .orderBy(
      sql`case ${memberships.scopeType} when 'account' then 0 when 'site' then 1 else 2 end`,
      asc(sites.name),
      asc(employers.businessName),
      asc(memberships.id),
    );
}
export type MembershipRow = Awaited<ReturnType<typeof membershipsIn>>[number];

/** Memberships outside this account: another account's, or enterprise-wide. */
export async function hasAccessElsewhere(db: DbOrTx, accountId: string, userId: string) {
  // The other accounts are exactly what this account's admin cannot see (ADR 012); the answer is only a yes or no.
  const [row] = await acrossTenants(db, async () =>
    await db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), or(isNull(memberships.accountId), ne(memberships.accountId, accountId)))),
  );
  return (row?.n ?? 0) > 0;
}

export interface NewMembership {
  scopeType: MembershipScope;
  siteId: string | null;
  employerId: string | null;
  roleId: string;
}

export async function insertMemberships(db: DbOrTx, enterpriseId: string, accountId: string, userId: string, list: NewMembership[]) {
  if (!list.length) return;
  await db
    .insert(memberships)
    .values(
      list.map((m) => ({ userId, enterpriseId, accountId, scopeType: m.scopeType, siteId: m.siteId, employerId: m.employerId, roleId: m.roleId })),
    );
}

export async function setMembershipRole(db: DbOrTx, id: string, roleId: string) {
  await db.update(memberships).set({ roleId }).where(eq(memberships.id, id));
}

export async function deleteMemberships(db: DbOrTx, ids: string[]) {
  if (!ids.length) return;
  await db.delete(memberships).where(inArray(memberships.id, ids));
}

export async function removeFromAccount(db: DbOrTx, accountId: string, userId: string) {
  await db.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
}

export async function setUserEnabled(db: DbOrTx, userId: string, enabled: boolean) {
  await db.update(users).set({ enabled, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Ends every live session of the person, and every impersonation they started: nothing they opened keeps working. */
export async function revokeAllSessions(db: DbOrTx, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId)), isNull(sessions.revokedAt)));
}

/** A person left with no membership anywhere has nothing to sign in to: their sessions end now. */
export async function endSessionsIfNoMemberships(db: DbOrTx, userId: string) {
  const [left] = await acrossTenants(db, async () => await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId)));
  if ((left?.n ?? 0) > 0) return;
  await revokeAllSessions(db, userId);
}

/** The account's sites among these ids. */
export async function sitesOf(db: DbOrTx, accountId: string, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: sites.id }).from(sites).where(and(eq(sites.accountId, accountId), inArray(sites.id, ids)));
}

/** The account's employers among these ids, with their site. */
export async function employersOf(db: DbOrTx, accountId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: employers.id, siteId: employers.siteId })
    .from(employers)
    .where(and(eq(employers.accountId, accountId), inArray(employers.id, ids)));
}

/** What an invitation email says the access is to, and its colour. */
export async function accountBrand(db: DbOrTx, accountId: string) {
  const [row] = await db.select({ name: accounts.name, branding: accounts.branding }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return { name: row?.name ?? '', color: row?.branding.colors?.primary_color };
}
