import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from './schema/applications';
import { jobs } from './schema/jobs';
import { seekers } from './schema/seekers';
import { accounts } from './schema/tenancy';
import { openTestDatabase, type TestDatabase } from './testing';
import { createTenant, type Tenant } from '../test/factories';

// The dashboard's applications per day are kept by triggers (migration 0014); whatever happens to applications,
// they must equal a fresh count per site, employer and UTC day. Each step below compares the two.

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('application_daily_counts on %s', (kind) => {
  let database: TestDatabase;
  let a: Tenant;
  let b: Tenant;

  /** Counter rows that differ from a real count (zeros and missing rows are the same thing). */
  async function drift() {
    const res = await database.db.execute<{ scope_id: string; day: string; kept: number; actual: number }>(sql`
      with actual as (
        select site_id as scope_id, (created_at at time zone 'UTC')::date as day, count(*)::int as n from applications group by 1, 2
        union all select employer_id, (created_at at time zone 'UTC')::date, count(*)::int from applications group by 1, 2
      )
      select coalesce(c.scope_id, a.scope_id) as scope_id, coalesce(c.day, a.day)::text as day,
             coalesce(c.count, 0) as kept, coalesce(a.n, 0) as actual
      from application_daily_counts c full join actual a on a.scope_id = c.scope_id and a.day = c.day
      where coalesce(c.count, 0) <> coalesce(a.n, 0)`);
    return res.rows;
  }

  const daysOf = async (scopeId: string) =>
    Object.fromEntries(
      (await database.db.execute<{ day: string; count: number }>(
        sql`select day::text, count from application_daily_counts where scope_id = ${scopeId} and count > 0 order by day`,
      )).rows.map((r) => [r.day, r.count]),
    );

  /** Applications to one job of the tenant's first site, created at the given instants, in one statement. */
  async function apply(t: Tenant, createdAt: string[], employer = t.employers[0]) {
    const [job] = await database.db
      .insert(jobs)
      .values({ accountId: t.account.id, siteId: t.sites[0].id, employerId: employer.id, title: 'Job', status: 'live' })
      .returning();
    const people = await database.db
      .insert(seekers)
      .values(createdAt.map((_, i) => ({ accountId: t.account.id, email: `p${i}.${job!.id}@example.test`, name: `Person ${i}` })))
      .returning();
    return database.db
      .insert(applications)
      .values(
        createdAt.map((at, i) => ({
          accountId: t.account.id, siteId: t.sites[0].id, jobId: job!.id, employerId: employer.id, seekerId: people[i]!.id,
          candidateName: people[i]!.name, candidateEmail: people[i]!.email, jobTitle: job!.title, createdAt: new Date(at),
        })),
      )
      .returning();
  }

  beforeAll(async () => {
    database = await openTestDatabase({ kind });
    a = await createTenant(database.db, { name: 'Daily counts A' });
    b = await createTenant(database.db, { name: 'Daily counts B' });
  });
  afterAll(() => database?.dispose());

  it('counts inserts per site and per employer on their UTC day', async () => {
    // 23:30 and 00:30 UTC fall on different days whatever the server's own time zone.
    await apply(a, ['2026-11-01T09:00:00Z', '2026-11-01T23:30:00Z', '2026-11-02T00:30:00Z']);
    await apply(b, ['2026-11-01T12:00:00Z']);
    expect(await daysOf(a.sites[0].id)).toEqual({ '2026-11-01': 2, '2026-11-02': 1 });
    expect(await daysOf(a.employers[0].id)).toEqual({ '2026-11-01': 2, '2026-11-02': 1 });
    expect(await daysOf(b.sites[0].id)).toEqual({ '2026-11-01': 1 });
    expect(await drift()).toEqual([]);
  });

  it('ignores status changes and follows an application moved to another day or employer', async () => {
    const db = database.db;
    const rows = await db.select().from(applications).where(eq(applications.accountId, a.account.id));
    await db.update(applications).set({ status: 'shortlisted' }).where(eq(applications.accountId, a.account.id));
    expect(await daysOf(a.sites[0].id)).toEqual({ '2026-11-01': 2, '2026-11-02': 1 });
    const late = rows.find((r) => r.createdAt.toISOString().startsWith('2026-11-02'))!;
    await db.update(applications).set({ createdAt: new Date('2026-11-03T10:00:00Z'), employerId: a.employers[1].id }).where(eq(applications.id, late.id));
    expect(await daysOf(a.sites[0].id)).toEqual({ '2026-11-01': 2, '2026-11-03': 1 });
    expect(await daysOf(a.employers[0].id)).toEqual({ '2026-11-01': 2 });
    expect(await daysOf(a.employers[1].id)).toEqual({ '2026-11-03': 1 });
    expect(await drift()).toEqual([]);
  });

  it('takes deletes off the counts, and lets a whole account go leaving the other tenant right', async () => {
    const db = database.db;
    const first = await db.select({ id: applications.id }).from(applications).where(eq(applications.accountId, a.account.id));
    await db.delete(applications).where(inArray(applications.id, first.slice(0, 1).map((r) => r.id)));
    await db.delete(accounts).where(eq(accounts.id, b.account.id));
    expect(await daysOf(b.sites[0].id)).toEqual({});
    const site = await daysOf(a.sites[0].id);
    expect(Object.values(site).reduce((n, c) => n + c, 0)).toBe(2);
    expect(await drift()).toEqual([]);
  });
});
