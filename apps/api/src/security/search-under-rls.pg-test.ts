import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenants } from '../db/tenant-context';
import { prepareSearch } from '../modules/jobs/jobs-query.repo';
import { prefixTsQuery } from '../platform/text-search';
import { addApplication, addSeeker } from '../test/applications';
import { addLiveJob } from '../test/jobs';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Search under row-level security (ADR 019, migration 0025): the hireline_search_* functions run as their owner, so
 * they must apply the tenant themselves, from the connection's setting and from nothing the caller passes.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}
type Explained = { 'QUERY PLAN': Array<{ Plan: PlanNode }> };

const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
const blocks = (n: PlanNode) => (n['Shared Hit Blocks'] ?? 0) + (n['Shared Read Blocks'] ?? 0);

let t: TestApp;
let a: Tenant;
let b: Tenant;
const ids: Record<string, { job: string; seeker: string; application: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  // The same rare word in both tenants' job, seeker and application: only the caller's may ever come back.
  for (const tenant of [a, b]) {
    const job = await addLiveJob(t, tenant, { title: 'Zyxquartz welder' });
    const seeker = await addSeeker(t, tenant, { name: 'Zyxquartz Person' });
    const application = await addApplication(t, job, seeker);
    ids[tenant.account.id] = { job: job.id, seeker: seeker.id, application: application.id };
  }
  // And the same tag on each of them.
  await withTenants('*', async () => {
    for (const table of ['jobs', 'seekers', 'applications'])
      await t.deps.db.execute(sql`update ${sql.identifier(table)} set tags = '{zyxtag}' where id in (${sql.join(Object.values(ids).map((x) => sql`${x[table === 'jobs' ? 'job' : table === 'seekers' ? 'seeker' : 'application']}`), sql`, `)})`);
  });
});
afterAll(() => t.close());

/** Every function, called for `tenant`'s site or account with the rare word. */
async function searchAll(tenant: Tenant): Promise<string[]> {
  const q = sql`to_tsquery('simple', 'zyxquartz:*')`;
  const site = tenant.sites[0].id;
  const { rows } = await t.deps.db.execute<{ id: string }>(sql`
    select hireline_search_jobs(${site}::uuid, ${q}, '%zyxquartz%', null) as id
    union all select hireline_search_seekers(${tenant.account.id}::uuid, ${q}, '%zyxquartz%', null)
    union all select hireline_search_applications(${site}::uuid, ${q}, null)`);
  return rows.map((r) => r.id).sort();
}

async function taggedAll(tenant: Tenant): Promise<string[]> {
  const site = tenant.sites[0].id;
  const { rows } = await t.deps.db.execute<{ id: string }>(sql`
    select hireline_tagged_jobs(${site}::uuid, '{zyxtag}', null) as id
    union all select hireline_tagged_seekers(${tenant.account.id}::uuid, '{zyxtag}', null)
    union all select hireline_tagged_applications(${site}::uuid, '{zyxtag}', null)`);
  return rows.map((r) => r.id).sort();
}

describe('search functions under row-level security', () => {
  it("return the caller's matching ids, and never another tenant's, even asked for its site or account", async () => {
    const mine = await withTenants([a.account.id], () => searchAll(a));
    expect(mine).toEqual(Object.values(ids[a.account.id]!).sort());
    expect(await withTenants([a.account.id], () => searchAll(b))).toEqual([]);
    expect(await withTenants([b.account.id], () => searchAll(a))).toEqual([]);
    expect(await withTenants([a.account.id], () => taggedAll(a))).toEqual(mine);
    expect(await withTenants([a.account.id], () => taggedAll(b))).toEqual([]);
  });

  it('return nothing without a tenant context, or with one that names no account', async () => {
    for (const setting of ['', 'nonsense', `${a.account.id}x`]) {
      expect(await withTenants([setting], () => searchAll(a)), setting).toEqual([]);
      expect(await withTenants([setting], () => taggedAll(a)), setting).toEqual([]);
    }
  });

  it('are definer functions with a fixed search_path that only the API role may execute', async () => {
    const { rows } = await t.deps.db.execute<{ name: string; secdef: boolean; config: string[]; public: boolean; api: boolean }>(sql`
      select p.proname as name, p.prosecdef as secdef, p.proconfig as config,
        exists (select 1 from aclexplode(p.proacl) x where x.grantee = 0) as public,
        has_function_privilege('hireline_api', p.oid, 'execute') as api
      from pg_proc p where p.proname ~ '^hireline_(search|tagged)_' order by 1`);
    expect(rows.map((r) => r.name)).toEqual([
      'hireline_search_applications',
      'hireline_search_jobs',
      'hireline_search_seekers',
      'hireline_tagged_applications',
      'hireline_tagged_jobs',
      'hireline_tagged_seekers',
    ]);
    for (const r of rows) {
      expect(r, r.name).toMatchObject({ secdef: true, public: false, api: true });
      expect(r.config, r.name).toContain('search_path=pg_catalog, public, pg_temp');
    }
  });

  it('let a search that matches nothing use the index, where the plain condition reads the whole site', async () => {
    const db = t.deps.db;
    const site = a.sites[0].id;
    // As the owner (the API role may not analyze): a site big enough that a full read shows.
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local role none'));
      await tx.execute(sql`insert into jobs (account_id, site_id, employer_id, title, status, created_at)
        select ${a.account.id}, ${site}, ${a.employers[0].id}, 'Filler ' || g, 'live', now() - g * interval '1 minute'
        from generate_series(1, 20000) g`);
      await tx.execute(sql.raw('analyze jobs'));
      // What vacuum would do: the GIN indexes' pending lists (fast update) merged, or every search reads them whole.
      await tx.execute(sql.raw("select gin_clean_pending_list('jobs_search_idx'), gin_clean_pending_list('jobs_title_trgm_idx')"));
    });
    const q = sql`to_tsquery('simple', 'qwertyzz:*')`;
    const viaFunction = sql`select id from jobs where id = any(array(select hireline_search_jobs(${site}::uuid, ${q}, '%qwertyzz%', 501)))`;
    // One connection, the function run once before: its first call also reads the catalogs (compiling, planning).
    const [plain, viaIds] = await withTenants([a.account.id], () =>
      db.transaction(async (tx) => {
        const explain = async (query: SQL) =>
          (await tx.execute<Explained>(sql`explain (analyze, buffers, format json) ${query}`)).rows[0]!['QUERY PLAN'][0]!.Plan;
        await tx.execute(viaFunction);
        return [await explain(sql`select id from jobs where site_id = ${site} and search @@ ${q}`), await explain(viaFunction)];
      }),
    );
    // The API role's plain condition: the policy comes first, so `@@` is a filter on every row of the site.
    expect(nodesOf(plain).some((n) => n['Index Name'] === 'jobs_search_idx')).toBe(false);
    expect(blocks(plain)).toBeGreaterThan(200);
    // Through the function (its reads are counted in the calling node): a few index pages, no scan of the table.
    expect(nodesOf(viaIds).some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'jobs')).toBe(false);
    expect(blocks(viaIds)).toBeLessThan(50);

    // And the list's own preparation takes that way: the (empty) ids, not the plain condition.
    const prepared = await withTenants([a.account.id], () =>
      prepareSearch(db, { siteId: site, accountId: a.account.id, employerIds: null }, {
        tsquery: prefixTsQuery('qwertyzz'),
        pattern: '%qwertyzz%',
        substring: true,
      }),
    );
    expect(prepared.matched).toEqual({ kind: 'ids', ids: [] });
  });
});
