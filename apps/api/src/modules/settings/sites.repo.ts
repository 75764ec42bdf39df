import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { siteSorts } from '@hireline/contract/sites';
import type { DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { accounts, sites, type Branding } from '../../db/schema/tenancy';
import { newestFirst } from '../../platform/order';

/* An account's sites, the domains they may take, and the account's branding. */

export type SiteRow = typeof sites.$inferSelect;
export type SitePatch = Partial<Pick<SiteRow, 'name' | 'domain' | 'domainVerifiedAt' | 'boardEnabled' | 'enabled'>>;
export type SiteSort = (typeof siteSorts)[number];

// Spelled out: in a one-table query drizzle leaves columns unqualified, and a bare "id" in the subquery is the job's.
const jobsCount = sql<number>`(select count(*)::int from ${jobs} where ${jobs.siteId} = "sites"."id")`;
const employersCount = sql<number>`(select count(*)::int from ${employers} where ${employers.siteId} = "sites"."id")`;

export function listWhere(accountId: string, pattern: string | null): SQL {
  return and(
    eq(sites.accountId, accountId),
    pattern ? or(ilike(sites.name, pattern), ilike(sites.slug, pattern), ilike(sites.domain, pattern)) : undefined,
  )!;
}

const orders: Record<SiteSort, SQL[]> = {
  name: [sql`lower(${sites.name}) asc`, asc(sites.id)],
  '-name': [sql`lower(${sites.name}) desc`, desc(sites.id)],
  created_at: [asc(sites.createdAt), asc(sites.id)],
  '-created_at': [...newestFirst(sites.createdAt, sites.id)],
};

/** A page of sites with their job and employer counts (an account has few sites: one index range per row). */
export async function listSites(db: DbOrTx, where: SQL, sort: SiteSort, limit: number, offset: number) {
  return db
    .select({ site: sites, jobsCount, employersCount })
    .from(sites)
    .where(where)
    .orderBy(...orders[sort])
    .limit(limit)
    .offset(offset);
}

export async function countSites(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sites).where(where);
  return row?.n ?? 0;
}

/** One site of the account with its counts, or null (another account's is "not found"). */
export async function findSite(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ site: sites, jobsCount, employersCount })
    .from(sites)
    .where(and(eq(sites.id, id), eq(sites.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** The site row locked for a change, or null. */
export async function lockSite(db: DbOrTx, accountId: string, id: string): Promise<SiteRow | null> {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, id), eq(sites.accountId, accountId)))
    .for('update');
  return row ?? null;
}

export async function insertSite(db: DbOrTx, values: typeof sites.$inferInsert): Promise<SiteRow> {
  const [row] = await db.insert(sites).values(values).returning();
  return row!;
}

export async function updateSite(db: DbOrTx, id: string, patch: SitePatch) {
  await db.update(sites).set({ ...patch, updatedAt: new Date() }).where(eq(sites.id, id));
}

export async function slugTaken(db: DbOrTx, accountId: string, slug: string) {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), eq(sites.slug, slug)))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether a host is already someone's: any site's board domain (the column is unique across the database), or an
 * account's portal domain or alias in the enterprise (the branding lookup would answer the board for the portal).
 */
export async function domainTaken(db: DbOrTx, enterpriseId: string, domain: string, exceptSiteId: string | null) {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.domain, domain), exceptSiteId ? ne(sites.id, exceptSiteId) : undefined))
    .limit(1);
  if (site) return true;
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.enterpriseId, enterpriseId), or(eq(accounts.domain, domain), sql`${domain} = any(${accounts.domainAliases})`)))
    .limit(1);
  return Boolean(account);
}

/* The account's branding document. */

export async function brandingOf(db: DbOrTx, enterpriseId: string, accountId: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select({ branding: accounts.branding })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.enterpriseId, enterpriseId)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ? row.branding : null;
}

export async function setBranding(db: DbOrTx, accountId: string, branding: Branding) {
  await db.update(accounts).set({ branding, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}

/** A logo or favicon must be an image uploaded within the account for that purpose. */
export async function logoOfAccount(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.accountId, accountId), eq(files.purpose, 'logo')))
    .limit(1);
  return Boolean(row);
}
