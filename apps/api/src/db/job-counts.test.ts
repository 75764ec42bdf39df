import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from './schema/jobs';
import { accounts } from './schema/tenancy';
import { openTestDatabase, type TestDatabase } from './testing';
import { createTenant, type Tenant } from '../test/factories';

// The dashboard's jobs per status are kept by triggers (migration 0013); whatever happens to jobs, they must equal
// a fresh count. Each step below compares the two.

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('job_status_counts on %s', (kind) => {
  let database: TestDatabase;
  let a: Tenant;
  let b: Tenant;

  /** Counter rows that differ from a real count (zeros and missing rows are the same thing). */
  async function drift() {
    const res = await database.db.execute<{ scope_id: string; status: string; kept: number; actual: number }>(sql`
      with actual as (
        select site_id as scope_id, status, count(*)::int as n from jobs group by 1, 2
        union all select employer_id, status, count(*)::int from jobs group by 1, 2
      )
      select coalesce(c.scope_id, a.scope_id) as scope_id, coalesce(c.status, a.status) as status,
             coalesce(c.count, 0) as kept, coalesce(a.n, 0) as actual
      from job_status_counts c full join actual a on a.scope_id = c.scope_id and a.status = c.status
      where coalesce(c.count, 0) <> coalesce(a.n, 0)`);
    return res.rows;
  }

  const countsOf = async (scopeId: string) =>
    Object.fromEntries(
      (await database.db.execute<{ status: string; count: number }>(
        sql`select status, count from job_status_counts where scope_id = ${scopeId} and count > 0 order by status`,
      )).rows.map((r) => [r.status, r.count]),
    );

  beforeAll(async () => {
    database = await openTestDatabase({ kind });
    a = await createTenant(database.db, { name: 'Job counts A' });
    b = await createTenant(database.db, { name: 'Job counts B' });
    // One multi-row statement per tenant.
    for (const t of [a, b])
      await database.db.insert(jobs).values(
        (['draft', 'live', 'live', 'pending'] as const).map((status, i) => ({
          accountId: t.account.id, siteId: t.sites[0].id, employerId: t.employers[0].id, title: `Job ${i}`, status,
        })),
      );
  });
  afterAll(() => database?.dispose());

  it('counts inserts per site and per employer', async () => {
    expect(await countsOf(a.sites[0].id)).toEqual({ draft: 1, live: 2, pending: 1 });
    expect(await countsOf(a.employers[0].id)).toEqual({ draft: 1, live: 2, pending: 1 });
    expect(await drift()).toEqual([]);
  });

  it('follows status changes, single and many in one statement, and ignores other column changes', async () => {
    const db = database.db;
    const rows = await db.select().from(jobs).where(eq(jobs.accountId, a.account.id));
    const live = rows.filter((r) => r.status === 'live');
    await db.update(jobs).set({ status: 'live' }).where(eq(jobs.id, rows.find((r) => r.status === 'pending')!.id));
    await db.update(jobs).set({ status: 'expired' }).where(inArray(jobs.id, live.map((r) => r.id)));
    await db.update(jobs).set({ title: 'Renamed', openReports: 2 }).where(eq(jobs.accountId, a.account.id));
    expect(await countsOf(a.sites[0].id)).toEqual({ draft: 1, expired: 2, live: 1 });
    expect(await drift()).toEqual([]);
  });

  it('moves counts when a job changes site and employer', async () => {
    const db = database.db;
    const [one] = await db.select().from(jobs).where(and(eq(jobs.accountId, a.account.id), eq(jobs.status, 'draft')));
    await db.update(jobs).set({ siteId: a.sites[1].id, employerId: a.employers[1].id }).where(eq(jobs.id, one!.id));
    expect(await countsOf(a.sites[1].id)).toEqual({ draft: 1 });
    expect(await countsOf(a.sites[0].id)).toEqual({ expired: 2, live: 1 });
    expect(await drift()).toEqual([]);
  });

  it('takes deletes off the counts, and lets a whole account go leaving the other tenant right', async () => {
    await database.db.delete(jobs).where(eq(jobs.siteId, a.sites[1].id));
    expect(await countsOf(a.sites[1].id)).toEqual({});
    await database.db.delete(accounts).where(eq(accounts.id, b.account.id));
    expect(await countsOf(b.sites[0].id)).toEqual({});
    expect(await countsOf(a.sites[0].id)).toEqual({ expired: 2, live: 1 });
    expect(await drift()).toEqual([]);
  });
});
