import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountUser, MembershipScope, accountUserSorts } from '@hireline/contract/account-users';
import type { DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { memberships, roles, sessions, users } from '../../db/schema/identity';
import { userMfa } from '../../db/schema/mfa';
import { accounts, sites } from '../../db/schema/tenancy';
import { acrossTenants } from '../../db/tenant-context';
import { registrationStateSql, type RegistrationState } from '../../platform/registration-state';
import { acceptedMembership, liveEmployer } from '../../platform/scope';
import { memberOf, reach } from './user.policy';
import { afterKey, keyOf, orderByKey, sortKey, type Keyset, type SortKey } from '../../platform/keyset';

/* The people of an account: who they are, their memberships in it, and what disabling or removing them touches. */

export type UserSort = (typeof accountUserSorts)[number];
export type UserStatus = AccountUser['status'];

export interface UserFilters {
  q?: string;
  status?: UserStatus[];
  role?: string;
}

/**
 * Until a person accepts this account's invitation, the account sees only what it typed: the invited name, the email,
 * status "invited", when it invited them. Their name, avatar, standing and activity elsewhere are not its to see,
 * nor to search or sort by. Ids qualified by hand, as above.
 */
const acceptedHere = (accountId: string) =>
  sql`exists (select 1 from ${memberships} where ${memberships.userId} = "users"."id" and ${memberships.accountId} = ${accountId}
    and ${memberships.acceptedAt} is not null)`;
const typedName = (accountId: string) =>
  sql`(select ${memberships.invitedName} from ${memberships} where ${memberships.userId} = "users"."id"
    and ${memberships.accountId} = ${accountId} and ${memberships.invitedName} is not null order by ${memberships.createdAt} desc limit 1)`;
const invitedAt = (accountId: string) =>
  sql`(select min(${memberships.createdAt}) from ${memberships} where ${memberships.userId} = "users"."id" and ${memberships.accountId} = ${accountId})`;
const shownName = (accountId: string) => sql`(case when ${acceptedHere(accountId)} then "users"."name" else coalesce(${typedName(accountId)}, "users"."email") end)`;
const shownCreatedAt = (accountId: string) => sql`(case when ${acceptedHere(accountId)} then "users"."created_at" else ${invitedAt(accountId)} end)`;
const asDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * An employer registrant still held out of this account: no membership here lets them in (platform/scope.ts
 * liveEmployer), and one of their employers here is on hold or declined (the rule sign-in answers with). Another
 * account's registrations are not this one's to see.
 */
const liveHere = (accountId: string) =>
  sql`exists (select 1 from ${memberships} left join ${employers} on ${employers.id} = ${memberships.employerId}
    where ${memberships.userId} = "users"."id" and ${memberships.accountId} = ${accountId} and ${acceptedMembership} and ${liveEmployer})`;
const registrationHere = (accountId: string) =>
  sql<RegistrationState | null>`(case when not ${liveHere(accountId)} then ${registrationStateSql(sql`"users"."id"`, sql`${memberships.accountId} = ${accountId}`)} end)`;

/** The statuses in the order they win: not accepted yet, then switched off, then held by a registration. */
const statusIs = (accountId: string, s: UserStatus): SQL => {
  if (s === 'invited') return sql`not ${acceptedHere(accountId)}`;
  if (s === 'disabled') return and(acceptedHere(accountId), eq(users.enabled, false))!;
  const state = s === 'registration_pending' ? 'pending' : s === 'registration_declined' ? 'rejected' : null;
  const registration = state ? sql`${registrationHere(accountId)} = ${state}` : sql`${registrationHere(accountId)} is null`;
  return and(acceptedHere(accountId), eq(users.enabled, true), registration)!;
};

export function listWhere(enterpriseId: string, accountId: string, f: UserFilters, pattern: string | null): SQL {
  return and(
    reach(enterpriseId, accountId),
    f.role ? memberOf(accountId, eq(roles.key, f.role)) : undefined,
    f.status?.length ? or(...f.status.map((s) => statusIs(accountId, s))) : undefined,
    pattern ? or(sql`${shownName(accountId)} ilike ${pattern}`, ilike(users.email, pattern)) : undefined,
  )!;
}

const sorts = (accountId: string): Record<UserSort, SortKey> => ({
  name: sortKey(sql`lower(${shownName(accountId)})`, 'asc'),
  '-name': sortKey(sql`lower(${shownName(accountId)})`, 'desc'),
  '-created_at': sortKey(sql`${shownCreatedAt(accountId)}`, 'desc'),
  email: sortKey(users.email, 'asc'),
});

const userColumns = (accountId: string) => ({
  id: users.id,
  name: sql<string>`${shownName(accountId)}`,
  email: users.email,
  avatarFileId: sql<string | null>`(case when ${acceptedHere(accountId)} then "users"."avatar_file_id" end)`,
  enabled: users.enabled,
  invited: sql<boolean>`not ${acceptedHere(accountId)}`,
  registration: registrationHere(accountId),
  createdAt: sql<Date>`${shownCreatedAt(accountId)}`.mapWith((v: string | Date) => new Date(v)),
  // Like the activity, a person's sign-in settings are the account's to see once they have accepted.
  mfaEnabled: sql<boolean>`(${acceptedHere(accountId)} and exists (select 1 from ${userMfa} where ${userMfa.userId} = "users"."id" and ${userMfa.confirmedAt} is not null))`,
  lastActiveAt: sql<Date | null>`(case when ${acceptedHere(accountId)} then (select max(coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}))
    from ${sessions} where ${sessions.userId} = "users"."id") end)`.mapWith(asDate),
});

export async function listUsers(db: DbOrTx, accountId: string, where: SQL, sort: UserSort, limit: number, offset: number) {
  return db
    .select(userColumns(accountId))
    .from(users)
    .where(where)
    .orderBy(...orderByKey(sorts(accountId)[sort], users.id))
    .limit(limit)
    .offset(offset);
}

/** One batch of the export: the list's rows in its order after `after`, each with its keyset value. */
export function exportBatch(db: DbOrTx, accountId: string, where: SQL, sort: UserSort, after: Keyset | null, limit: number) {
  const k = sorts(accountId)[sort];
  return db
    .select({ ...userColumns(accountId), sortKey: keyOf(k.value) })
    .from(users)
    .where(and(where, afterKey(k, users.id, after)))
    .orderBy(...orderByKey(k, users.id))
    .limit(limit);
}
export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

export async function countUsers(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return row?.n ?? 0;
}

/** One person of the account, or null (someone of another account, or of none, is "not found"). `lock` serialises changes. */
export async function findMember(db: DbOrTx, enterpriseId: string, accountId: string, userId: string, opts: { lock?: boolean } = {}) {
  const q = db.select(userColumns(accountId)).from(users).where(and(eq(users.id, userId), reach(enterpriseId, accountId))).limit(1);
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

/** Which of these people have memberships outside this account: another account's, or enterprise-wide. */
export async function accessElsewhereOf(db: DbOrTx, accountId: string, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  // The other accounts are exactly what this account's admin cannot see (ADR 012); the answer is only a yes or no.
  const rows = await acrossTenants(db, async () =>
    await db
      .selectDistinct({ id: memberships.userId })
      .from(memberships)
      .where(and(inArray(memberships.userId, userIds), or(isNull(memberships.accountId), ne(memberships.accountId, accountId)))),
  );
  return new Set(rows.map((r) => r.id));
}

export interface NewMembership {
  scopeType: MembershipScope;
  siteId: string | null;
  employerId: string | null;
  roleId: string;
}

/** `pending` (the name the account typed) writes them as an invitation the person has yet to accept. */
export async function insertMemberships(
  db: DbOrTx,
  enterpriseId: string,
  accountId: string,
  userId: string,
  list: NewMembership[],
  pending: { invitedName: string } | null,
) {
  if (!list.length) return;
  const state = pending ? { acceptedAt: null, invitedName: pending.invitedName } : {};
  await db
    .insert(memberships)
    .values(
      list.map((m) => ({ userId, enterpriseId, accountId, scopeType: m.scopeType, siteId: m.siteId, employerId: m.employerId, roleId: m.roleId, ...state })),
    );
}

/** The name this account typed when it invited the person, while they have not accepted (else null). */
export async function pendingName(db: DbOrTx, accountId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: memberships.invitedName, accepted: memberships.acceptedAt })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .orderBy(sql`${memberships.acceptedAt} is null`, desc(memberships.createdAt));
  if (!row || row.accepted) return null;
  return row.name ?? '';
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
