import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { consultants } from '../../db/schema/consultants';
import { creditPurchases } from '../../db/schema/credits';
import { employers } from '../../db/schema/employers';
import { oauthProviders, roles } from '../../db/schema/identity';
import { jobs, products } from '../../db/schema/jobs';
import { seekers } from '../../db/schema/seekers';
import { accounts, sites } from '../../db/schema/tenancy';

/*
 * The names of what a page of the audit trail is about, besides people (read with the page itself, audit.repo.ts):
 * one statement for the whole page, a UNION ALL of one primary-key lookup per subject type present on it. A name
 * counts only when its record belongs to the entry's own account, so an entry can never show another tenant's.
 */

/** The subject types named here; one of them whose record is gone is shown as deleted, never by its id alone. */
export const NAMED_SUBJECT_TYPES = ['job', 'employer', 'site', 'account', 'application', 'consultant', 'product', 'purchase', 'role', 'oauth_provider'] as const;
type NamedType = (typeof NAMED_SUBJECT_TYPES)[number];
const isNamed = (type: string | null): type is NamedType => (NAMED_SUBJECT_TYPES as readonly string[]).includes(type ?? '');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SubjectRef {
  subjectType: string | null;
  subjectId: string | null;
  accountId: string | null;
}

/** Each type's lookup: its name, and the account it belongs to (null: the enterprise's own, e.g. a built-in role). */
function lookup(db: DbOrTx, enterpriseId: string, type: NamedType, ids: string[]) {
  const row = (id: SQL, accountId: SQL, name: SQL) => ({
    type: sql<string>`${type}::text`.as('type'),
    id: sql<string>`${id}::text`.as('id'),
    accountId: sql<string | null>`${accountId}::text`.as('account_id'),
    name: sql<string>`${name}`.as('name'),
  });
  const col = (c: unknown) => sql`${c}`;
  switch (type) {
    case 'job':
      return db.select(row(col(jobs.id), col(jobs.accountId), col(jobs.title))).from(jobs).where(inArray(jobs.id, ids));
    case 'employer':
      return db.select(row(col(employers.id), col(employers.accountId), col(employers.businessName))).from(employers).where(inArray(employers.id, ids));
    case 'site':
      return db.select(row(col(sites.id), col(sites.accountId), col(sites.name))).from(sites).where(inArray(sites.id, ids));
    case 'account':
      return db
        .select(row(col(accounts.id), col(accounts.id), col(accounts.name)))
        .from(accounts)
        .where(and(inArray(accounts.id, ids), eq(accounts.enterpriseId, enterpriseId)));
    case 'application':
      // "Candidate · Job": whose application, to what.
      return db
        .select(row(col(applications.id), col(applications.accountId), sql`${seekers.name} || ' · ' || ${jobs.title}`))
        .from(applications)
        .innerJoin(seekers, eq(seekers.id, applications.seekerId))
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(inArray(applications.id, ids));
    case 'consultant':
      return db.select(row(col(consultants.id), col(consultants.accountId), col(consultants.name))).from(consultants).where(inArray(consultants.id, ids));
    case 'product':
      return db.select(row(col(products.id), col(products.accountId), col(products.name))).from(products).where(inArray(products.id, ids));
    case 'purchase':
      // A purchase is named by the employer that bought.
      return db
        .select(row(col(creditPurchases.id), col(creditPurchases.accountId), col(employers.businessName)))
        .from(creditPurchases)
        .innerJoin(employers, eq(employers.id, creditPurchases.employerId))
        .where(inArray(creditPurchases.id, ids));
    case 'role':
      return db
        .select(row(col(roles.id), col(roles.accountId), col(roles.name)))
        .from(roles)
        .where(and(inArray(roles.id, ids), eq(roles.enterpriseId, enterpriseId)));
    case 'oauth_provider':
      return db.select(row(col(oauthProviders.id), col(oauthProviders.accountId), col(oauthProviders.name))).from(oauthProviders).where(inArray(oauthProviders.id, ids));
  }
}

const keyOf = (type: string, id: string) => `${type}:${id}`;

export interface SubjectName {
  name: string | null;
  /** The entry is about a record of a named type that no longer exists (deleted, or erased): the portal says so. */
  deleted: boolean;
}

/** The names of the page's subjects, by entry, in one statement; entries about people or about nothing get none. */
export async function subjectNames(db: DbOrTx, enterpriseId: string, page: SubjectRef[]): Promise<SubjectName[]> {
  const wanted = new Map<NamedType, Set<string>>();
  for (const r of page) {
    if (!isNamed(r.subjectType) || !r.subjectId || !UUID.test(r.subjectId)) continue;
    const set = wanted.get(r.subjectType) ?? new Set<string>();
    set.add(r.subjectId.toLowerCase());
    wanted.set(r.subjectType, set);
  }
  if (!wanted.size) return page.map(() => ({ name: null, deleted: false }));
  // Each type's select reads another table, which the typed set operators refuse; their SQL joins the same.
  const parts = [...wanted].map(([type, ids]) => sql`(${lookup(db, enterpriseId, type, [...ids]).getSQL()})`);
  const { rows } = await db.execute<{ type: string; id: string; account_id: string | null; name: string }>(sql.join(parts, sql` union all `));
  const found = new Map(rows.map((r) => [keyOf(r.type, r.id), { name: r.name, accountId: r.account_id }]));
  return page.map((r) => {
    if (!isNamed(r.subjectType) || !r.subjectId || !UUID.test(r.subjectId)) return { name: null, deleted: false };
    const hit = found.get(keyOf(r.subjectType, r.subjectId.toLowerCase()));
    // Another account's record under this id is not this entry's: it is not named, and reads as gone.
    const own = hit && (hit.accountId === null || hit.accountId === r.accountId);
    return own ? { name: hit.name, deleted: false } : { name: null, deleted: true };
  });
}
