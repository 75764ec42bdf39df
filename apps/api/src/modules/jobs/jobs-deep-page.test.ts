import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSorts } from '@hireline/contract/applications';
import { jobSorts } from '@hireline/contract/job-model';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

/*
 * Every page of every sort, jobs and applications: the page's ids are chosen first and its rows read after, so the
 * pages must still add up to the list in one ordered read (ties broken by the id, dates without a value last), with
 * each job's own application count, and nothing of another site or tenant.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let token: string;

const JOBS = 23;
const SEEKERS = 3;

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await createTenant(t.deps.db, { name: 'Deep' }), await createTenant(t.deps.db, { name: 'Other' })];
  for (const [tenant, site, employer] of [
    [a, a.sites[0].id, a.employers[0].id],
    [a, a.sites[1].id, a.employers[1].id],
    [b, b.sites[0].id, b.employers[0].id],
  ] as const) {
    // Titles, statuses and dates repeat (ties for the id to break), one job in three has no advert end or post date.
    await t.deps.db.execute(sql`
      insert into jobs (account_id, site_id, employer_id, title, status, advert_end_at, posted_at, created_at)
      select ${tenant.account.id}, ${site}, ${employer}, 'Job ' || (g % 5),
        (array['draft', 'live', 'expired', 'pending'])[1 + g % 4],
        case when g % 3 = 0 then null else timestamptz '2026-01-01' + (g % 4) * interval '1 day' end,
        case when g % 3 = 1 then null else timestamptz '2025-06-01' + (g % 6) * interval '1 day' end,
        timestamptz '2025-01-01' + (g % 7) * interval '1 hour'
      from generate_series(1, ${JOBS}) g`);
    await t.deps.db.execute(sql`
      insert into seekers (account_id, email, name)
      select ${tenant.account.id}, 'c' || g || '-' || ${site} || '@example.com', 'Candidate ' || (g % 2) from generate_series(1, ${SEEKERS}) g
      on conflict do nothing`);
    // Each job applied to by up to three candidates (its own number of them), statuses and names repeating.
    await t.deps.db.execute(sql`
      insert into applications (account_id, site_id, job_id, employer_id, seeker_id, status, candidate_name, candidate_email, job_title, status_changed_at, created_at)
      select ${tenant.account.id}, ${site}, j.id, ${employer}, s.id, (array['applied', 'new', 'shortlisted'])[1 + (s.n + j.n) % 3],
        s.name, s.email, j.title, timestamptz '2026-02-01' + ((s.n * j.n) % 5) * interval '1 minute', j.created_at
      from (select id, title, created_at, row_number() over (order by id) n from jobs where site_id = ${site}) j
      join (select id, name, email, row_number() over (order by id) n from seekers where account_id = ${tenant.account.id} and email like ${`%-${site}@example.com`}) s
        on s.n <= j.n % 4`);
  }
  token = await login(t.app, a.users.siteManager.email);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await call(t.app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: string; applications_count?: number }[]; meta: { total: number } };
};

/** Every page of `per` rows, in order. */
async function allPages(path: string, sort: string, per: number) {
  const out: { id: string; applications_count?: number }[] = [];
  for (let page = 1; ; page++) {
    const { data } = await get(`${path}?sort=${sort}&per_page=${per}&page=${page}`);
    out.push(...data);
    if (data.length < per) return out;
  }
}

/** The order the repositories spell (jobs-query.repo.ts / applications-query.repo.ts orderOf), in one read. */
const orderBy = (table: string, sort: string, nullable: boolean) => {
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const nulls = nullable || dir === 'desc' ? 'nulls last' : 'nulls first';
  return sql.raw(`${table}.${sort.replace(/^-/, '')} ${dir} ${nulls}, ${table}.id ${dir}`);
};
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id as string);

describe('deep pages', () => {
  it.each(jobSorts)('jobs sorted by %s: the pages add up to the list, each job with its own application count', async (sort) => {
    const nullable = /advert_end_at|posted_at/.test(sort);
    const expected = await t.deps.db.execute<{ id: string; n: number }>(
      sql`select id, (select count(*)::int from applications where job_id = jobs.id) as n from jobs where site_id = ${a.sites[0].id} order by ${orderBy('jobs', sort, nullable)}`,
    );
    const pages = await allPages('/portal/v1/jobs', sort, 5);
    expect(pages.map((r) => r.id)).toEqual(ids(expected.rows));
    expect(pages.map((r) => r.applications_count)).toEqual(expected.rows.map((r) => r.n));
    expect(new Set(pages.map((r) => r.applications_count)).size).toBeGreaterThan(1);
  });

  it.each(applicationSorts)('applications sorted by %s: the pages add up to the list', async (sort) => {
    const expected = await t.deps.db.execute<{ id: string }>(
      sql`select id from applications where site_id = ${a.sites[0].id} order by ${orderBy('applications', sort, false)}`,
    );
    expect(expected.rows.length).toBeGreaterThan(20);
    expect((await allPages('/portal/v1/applications', sort, 7)).map((r) => r.id)).toEqual(ids(expected.rows));
  });

  it('a page past the end is empty, and keeps the total', async () => {
    const { data, meta } = await get('/portal/v1/jobs?page=99&per_page=25');
    expect(data).toEqual([]);
    expect(meta.total).toBe(JOBS);
  });
});
