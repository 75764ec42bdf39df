import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { defaultRoles } from '@hireline/access/roles';
import type { DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { memberships, roles, sessions, users } from '../../db/schema/identity';
import { jobs } from '../../db/schema/jobs';
import { accounts, sites, type Branding } from '../../db/schema/tenancy';

/* Accounts of one enterprise: list, find, create with their roles, and who a disabled account shuts out. */

export type AccountRow = typeof accounts.$inferSelect;

const inEnterprise = (enterpriseId: string) => eq(accounts.enterpriseId, enterpriseId);

// Spelled out: drizzle leaves the columns of a one-table query unqualified, and a bare "id" in these is the inner table's.
const counts = {
  sitesCount: sql<number>`(select count(*)::int from ${sites} where ${sites.accountId} = "accounts"."id")`,
  usersCount: sql<number>`(select count(distinct ${memberships.userId})::int from ${memberships} where ${memberships.accountId} = "accounts"."id")`,
};

export function listWhere(enterpriseId: string, f: { q?: string; enabled?: boolean }, pattern: string | null): SQL {
  return and(
    inEnterprise(enterpriseId),
    f.enabled === undefined ? undefined : eq(accounts.enabled, f.enabled),
    pattern ? or(ilike(accounts.name, pattern), ilike(accounts.slug, pattern), ilike(accounts.domain, pattern)) : undefined,
  )!;
}

export async function listAccounts(db: DbOrTx, where: SQL, limit: number, offset: number) {
  return db
    .select({ account: accounts, ...counts })
    .from(accounts)
    .where(where)
    .orderBy(asc(sql`lower(${accounts.name})`), asc(accounts.id))
    .limit(limit)
    .offset(offset);
}

export async function countAccounts(db: DbOrTx, where: SQL) {
  const [row] = await db.select({ n: count() }).from(accounts).where(where);
  return row?.n ?? 0;
}

export async function findAccount(db: DbOrTx, enterpriseId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select({ account: accounts, ...counts }).from(accounts).where(and(eq(accounts.id, id), inEnterprise(enterpriseId))).limit(1);
  const [row] = opts.lock ? await q.for('update', { of: accounts }) : await q;
  return row ?? null;
}

/** What the detail adds: the sites, the admins (account-level account_admin members) and the size of the account. */
export async function detailParts(db: DbOrTx, accountId: string) {
  // One after another: inside a transaction they share one connection, which runs one query at a time anyway (and
  // pg 9 will refuse a second query sent while the first runs).
  const siteRows = await db
    .select({ id: sites.id, slug: sites.slug, name: sites.name, domain: sites.domain, enabled: sites.enabled })
    .from(sites)
    .where(eq(sites.accountId, accountId))
    .orderBy(asc(sites.name));
  const admins = await db
    .select({ id: users.id, name: users.name, email: users.email, invited: sql<boolean>`${memberships.acceptedAt} is null` })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.scopeType, 'account'), eq(roles.key, 'account_admin')))
    .orderBy(asc(users.name));
  const [sizes] = await db
    .select({
      employers: sql<number>`(select count(*)::int from ${employers} where ${employers.accountId} = ${accountId})`,
      jobs: sql<number>`(select count(*)::int from ${jobs} where ${jobs.accountId} = ${accountId})`,
    })
    .from(sql`(select 1) as one`);
  return { sites: siteRows, admins, employers: sizes!.employers, jobs: sizes!.jobs };
}

export async function slugTaken(db: DbOrTx, enterpriseId: string, slug: string) {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(and(inEnterprise(enterpriseId), eq(accounts.slug, slug))).limit(1);
  return Boolean(row);
}

/** Domains are unique across accounts and sites: a host names one board or portal. */
export async function domainTaken(db: DbOrTx, domain: string, exceptAccountId: string | null) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(or(eq(accounts.domain, domain), sql`${domain} = any(${accounts.domainAliases})`), exceptAccountId ? ne(accounts.id, exceptAccountId) : undefined))
    .limit(1);
  if (row) return true;
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, domain)).limit(1);
  return Boolean(site);
}

export async function insertAccount(
  db: DbOrTx,
  values: { enterpriseId: string; slug: string; name: string; title: string; domain: string | null; branding: Branding },
) {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

/** The account's own copy of the default role bundles (DESIGN §5), which its admins may then edit. */
export async function copyDefaultRoles(db: DbOrTx, enterpriseId: string, accountId: string) {
  const rows = await db
    .insert(roles)
    .values(defaultRoles.filter((r) => r.level !== 'enterprise').map((r) => ({ ...r, enterpriseId, accountId })))
    .returning({ id: roles.id, key: roles.key });
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** The new account's admin, invited: the membership waits for them to accept it. */
export async function addAccountMembership(db: DbOrTx, m: { userId: string; enterpriseId: string; accountId: string; roleId: string; invitedName: string }) {
  await db.insert(memberships).values({ ...m, scopeType: 'account', acceptedAt: null }).onConflictDoNothing();
}

export async function updateAccount(db: DbOrTx, id: string, patch: Partial<Pick<AccountRow, 'name' | 'title' | 'domain' | 'enabled'>>) {
  await db.update(accounts).set({ ...patch, updatedAt: new Date() }).where(eq(accounts.id, id));
}

/**
 * Ends the sessions of everyone whose only way in was this account: no enterprise membership and none in another
 * enabled account.
 */
export async function revokeSessionsOfOnlyMembers(db: DbOrTx, accountId: string) {
  const elsewhere = sql`exists (select 1 from ${memberships} o left join ${accounts} a on a.id = o.account_id
    where o.user_id = "memberships"."user_id" and (o.account_id is null or (o.account_id <> ${accountId} and a.enabled)))`;
  const only = db.select({ id: memberships.userId }).from(memberships).where(and(eq(memberships.accountId, accountId), sql`not ${elsewhere}`));
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(inArray(sessions.userId, only), isNull(sessions.revokedAt)));
}
