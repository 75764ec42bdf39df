import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerSorts } from '@hireline/contract/employers';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

/*
 * Every page of every sort of the employers list: the page's ids are cut first and each row's job count taken after
 * (employers.repo.ts), so the pages must still add up to the list in one ordered read (names, dates and balances
 * repeat, for the id to break the ties), each employer with its own number of jobs, nothing of another site.
 */

let t: TestApp;
let a: Tenant;
let token: string;
const EMPLOYERS = 17;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Deep' });
  const other = await createTenant(t.deps.db, { name: 'Other' });
  for (const [tenant, site] of [
    [a, a.sites[0].id],
    [a, a.sites[1].id],
    [other, other.sites[0].id],
  ] as const) {
    await t.deps.db.execute(sql`
      insert into employers (account_id, site_id, business_name, credit_balance, created_at)
      select ${tenant.account.id}, ${site}, (array['Acme', 'acme', 'Birch & Co', 'Cedar'])[1 + g % 4], (g % 3) * 10,
        timestamptz '2025-01-01' + (g % 5) * interval '1 hour'
      from generate_series(1, ${EMPLOYERS}) g`);
    // Each employer with its own number of jobs (0 to 3).
    await t.deps.db.execute(sql`
      insert into jobs (account_id, site_id, employer_id, title, status)
      select ${tenant.account.id}, ${site}, e.id, 'Job', 'draft'
      from (select id, row_number() over (order by id) n from employers where site_id = ${site}) e
      join generate_series(1, 3) g on g <= e.n % 4`);
  }
  token = await login(t.app, a.users.siteManager.email);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await call(t.app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: string; jobs_count: number }[] };
};

/** The order employers.repo.ts spells for each sort, in one read. */
const orders: Record<(typeof employerSorts)[number], string> = {
  '-created_at': 'created_at desc nulls last, id desc',
  created_at: 'created_at asc nulls last, id asc',
  business_name: 'lower(business_name) asc nulls last, id asc',
  '-business_name': 'lower(business_name) desc nulls first, id desc',
  '-credit_balance': 'credit_balance desc nulls first, id desc',
  credit_balance: 'credit_balance asc nulls last, id asc',
};

describe('deep pages of employers', () => {
  it.each(employerSorts)('sorted by %s: the pages add up to the list, each employer with its own job count', async (sort) => {
    const expected = await t.deps.db.execute<{ id: string; n: number }>(
      sql`select id, (select count(*)::int from jobs where employer_id = employers.id) as n from employers
          where site_id = ${a.sites[0].id} order by ${sql.raw(orders[sort])}`,
    );
    const pages: { id: string; jobs_count: number }[] = [];
    for (let page = 1; ; page++) {
      const { data } = await get(`/portal/v1/employers?sort=${sort}&per_page=4&page=${page}`);
      pages.push(...data);
      if (data.length < 4) break;
    }
    expect(pages.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
    expect(pages.map((r) => r.jobs_count)).toEqual(expected.rows.map((r) => r.n));
    expect(new Set(pages.map((r) => r.jobs_count)).size).toBeGreaterThan(1);
  });
});
