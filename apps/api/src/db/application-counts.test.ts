import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from './schema/applications';
import { jobs } from './schema/jobs';
import { seekers } from './schema/seekers';
import { accounts } from './schema/tenancy';
import { openTestDatabase, type TestDatabase } from './testing';
import { createTenant, type Tenant } from '../test/factories';

// The stage counts are kept by triggers (migration 0004); whatever happens to applications, they must equal a
// fresh count. Each step below compares the two.

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('application_status_counts on %s', (kind) => {
  let database: TestDatabase;
  let a: Tenant;
  let b: Tenant;
  const jobIds: string[] = [];

  /** Counter rows that differ from a real count (zeros and missing rows are the same thing). */
  async function drift() {
    const res = await database.db.execute<{ scope_id: string; status: string; kept: number; actual: number }>(sql`
      with actual as (
        select site_id as scope_id, status, count(*)::int as n from applications group by 1, 2
        union all select employer_id, status, count(*)::int from applications group by 1, 2
      )
      select coalesce(c.scope_id, a.scope_id) as scope_id, coalesce(c.status, a.status) as status,
             coalesce(c.count, 0) as kept, coalesce(a.n, 0) as actual
      from application_status_counts c full join actual a on a.scope_id = c.scope_id and a.status = c.status
      where coalesce(c.count, 0) <> coalesce(a.n, 0)`);
    return res.rows;
  }

  beforeAll(async () => {
    database = await openTestDatabase({ kind });
    a = await createTenant(database.db, { name: 'Counts A' });
    b = await createTenant(database.db, { name: 'Counts B' });
    const db = database.db;
    for (const [t, i] of [[a, 0], [a, 1], [b, 0]] as const) {
      const [job] = await db
        .insert(jobs)
        .values({ accountId: t.account.id, siteId: t.sites[i].id, employerId: t.employers[i].id, title: `Job ${i}`, status: 'live' })
        .returning();
      jobIds.push(job!.id);
    }
    const people = await db
      .insert(seekers)
      .values([a, a, a, a, b, b].map((t, i) => ({ accountId: t.account.id, name: `S${i}`, email: `s${i}@counts.test` })))
      .returning();
    // One multi-row statement: 4 applications to A's first job, 2 to B's job.
    await db.insert(applications).values(
      people.map((p, i) => {
        const [t, j] = i < 4 ? [a, 0] : [b, 2];
        return {
          accountId: t.account.id, siteId: t.sites[0].id, employerId: t.employers[0].id, jobId: jobIds[j]!, seekerId: p.id,
          candidateName: p.name, candidateEmail: p.email, jobTitle: 'x', status: i % 2 ? ('new' as const) : ('applied' as const),
        };
      }),
    );
  });
  afterAll(() => database?.dispose());

  const countsOf = async (scopeId: string) =>
    Object.fromEntries(
      (await database.db.execute<{ status: string; count: number }>(
        sql`select status, count from application_status_counts where scope_id = ${scopeId} and count > 0 order by status`,
      )).rows.map((r) => [r.status, r.count]),
    );

  it('counts inserts per site and per employer', async () => {
    expect(await countsOf(a.sites[0].id)).toEqual({ applied: 2, new: 2 });
    expect(await countsOf(a.employers[0].id)).toEqual({ applied: 2, new: 2 });
    expect(await countsOf(b.sites[0].id)).toEqual({ applied: 1, new: 1 });
    expect(await drift()).toEqual([]);
  });

  it('follows status changes, single and many in one statement, and ignores other column changes', async () => {
    const db = database.db;
    const rows = await db.select().from(applications).where(eq(applications.accountId, a.account.id));
    await db.update(applications).set({ status: 'shortlisted' }).where(eq(applications.id, rows[0]!.id));
    await db.update(applications).set({ status: 'offered' }).where(inArray(applications.id, rows.slice(1).map((r) => r.id)));
    await db.update(applications).set({ candidateName: 'Renamed' }).where(eq(applications.accountId, a.account.id));
    expect(await countsOf(a.sites[0].id)).toEqual({ offered: 3, shortlisted: 1 });
    expect(await drift()).toEqual([]);
  });

  it('moves counts when an application changes site and employer', async () => {
    const db = database.db;
    const [one] = await db.select().from(applications).where(eq(applications.accountId, a.account.id)).limit(1);
    await db.update(applications).set({ siteId: a.sites[1].id, employerId: a.employers[1].id, jobId: jobIds[1]! }).where(eq(applications.id, one!.id));
    expect(await countsOf(a.sites[1].id)).toEqual({ [one!.status]: 1 });
    expect(await drift()).toEqual([]);
  });

  it('takes deletes, direct and cascaded from a job, off the counts', async () => {
    const db = database.db;
    const [one] = await db.select().from(applications).where(eq(applications.siteId, a.sites[1].id));
    await db.delete(applications).where(eq(applications.id, one!.id));
    await db.delete(jobs).where(eq(jobs.id, jobIds[0]!));
    expect(await countsOf(a.sites[0].id)).toEqual({});
    expect(await drift()).toEqual([]);
  });

  it('lets a whole account be deleted, leaving the other tenant right', async () => {
    await database.db.delete(accounts).where(eq(accounts.id, b.account.id));
    expect(await countsOf(b.sites[0].id)).toEqual({});
    expect(await drift()).toEqual([]);
  });
});
