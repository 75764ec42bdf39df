import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses } from '@hireline/contract/enums';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { COUNT_CAP } from './applications-query.repo';

let t: TestApp;
let a: Tenant;
let token: string;

/** 201 jobs × 100 candidates: past twice the exact-count cap, a unique (job, candidate) pair each. */
const JOBS = 201;
const SEEKERS = 100;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Big' });
  const [site, employer] = [a.sites[0].id, a.employers[0].id];
  await t.deps.db.execute(sql`
    insert into jobs (account_id, site_id, employer_id, title, status)
    select ${a.account.id}, ${site}, ${employer}, 'Job ' || g, 'live' from generate_series(1, ${JOBS}) g`);
  await t.deps.db.execute(sql`
    insert into seekers (account_id, email, name)
    select ${a.account.id}, 'c' || g || '@example.com', 'Candidate ' || g from generate_series(1, ${SEEKERS}) g`);
  // Two applications in three are Applied, the rest New, but for four Withdrawn; five are knocked out.
  await t.deps.db.execute(sql`
    insert into applications (account_id, site_id, job_id, employer_id, seeker_id, status, knocked_out, candidate_name, candidate_email, job_title)
    select ${a.account.id}, ${site}, j.id, ${employer}, s.id,
      case when row_number() over () <= 4 then 'withdrawn' when row_number() over () % 3 = 0 then 'new' else 'applied' end,
      row_number() over () between 5 and 9, s.name, s.email, j.title
    from jobs j cross join seekers s where j.site_id = ${site} and s.account_id = ${a.account.id}`);
  // As the tables' owner, as autovacuum would: the API role may not analyze (on PGlite there is one role anyway).
  await t.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local role none`);
    await tx.execute(sql`analyze applications`);
  });
  token = await login(t.app, a.users.siteManager.email);
});
afterAll(() => t.close());

const counts = async (query: string) => {
  const res = await call(t.app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url: `/portal/v1/applications/counts${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; estimated?: boolean; by_status: { status: string; count: number }[] };
};
const countOf = (c: Awaited<ReturnType<typeof counts>>, status: string) => c.by_status.find((s) => s.status === status)!.count;

describe('GET /v1/applications/counts under filters, past the exact-count cap', () => {
  it('counts exactly while few applications match', async () => {
    expect(JOBS * SEEKERS).toBeGreaterThan(2 * COUNT_CAP);
    const few = await counts('?knocked_out=true');
    expect(few.estimated).toBeUndefined();
    expect(few.total).toBe(5);
    expect(few.by_status.map((s) => s.status)).toEqual([...applicationStatuses]);
    expect(few.by_status.reduce((n, s) => n + s.count, 0)).toBe(5);
  });

  it('says the counts are estimates beyond the cap, near the truth, every status in order', async () => {
    const many = await counts('?knocked_out=false');
    expect(many.estimated).toBe(true);
    expect(many.by_status.map((s) => s.status)).toEqual([...applicationStatuses]);
    const total = JOBS * SEEKERS - 5;
    expect(many.total).toBeGreaterThan(COUNT_CAP);
    expect(many.total).toBeGreaterThan(0.7 * total);
    expect(many.total).toBeLessThan(1.3 * total);
    // Applied is two in three, New one in three: each estimate near its share.
    expect(countOf(many, 'applied')).toBeGreaterThan(0.5 * total);
    expect(countOf(many, 'applied')).toBeLessThan(0.85 * total);
    expect(countOf(many, 'new')).toBeGreaterThan(0.2 * total);
    expect(countOf(many, 'new')).toBeLessThan(0.45 * total);
    expect(countOf(many, 'offered')).toBeLessThan(100);

    // Without a filter the site's counters answer, exactly, whatever the size.
    const all = await counts('');
    expect(all).toEqual({ total: JOBS * SEEKERS, by_status: expect.any(Array) });
    expect(countOf(all, 'withdrawn')).toBe(4);
    expect(countOf(all, 'new')).toBe(Math.floor((JOBS * SEEKERS) / 3) - 1);
  });
});
