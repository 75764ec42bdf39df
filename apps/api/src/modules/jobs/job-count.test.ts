import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { COUNT_CAP } from './jobs-query.repo';

let t: TestApp;
let a: Tenant;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Big' });
  // Twice the exact-count cap in one site, a few of them drafts: past the cap the total is the planner's estimate,
  // which must be near the truth (under row-level security a naive estimate guesses a fraction of the rows).
  await t.deps.db.execute(sql`
    insert into jobs (account_id, site_id, employer_id, title, status)
    select ${a.account.id}, ${a.sites[0].id}, ${a.employers[0].id}, 'Job ' || g, case when g <= 3 then 'draft' else 'live' end
    from generate_series(1, ${2 * COUNT_CAP + 50}) g`);
  // As the table's owner, as autovacuum would: the API role may not analyze (on PGlite there is one role anyway).
  await t.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local role none`);
    await tx.execute(sql`analyze jobs`);
  });
  token = await login(t.app, a.users.siteManager.email);
});
afterAll(() => t.close());

const list = (query: string) =>
  call(t.app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url: `/portal/v1/jobs${query}` });

describe('GET /v1/jobs totals', () => {
  it('counts exactly up to the cap and says when a larger total is the planner’s estimate', async () => {
    const all = await list('?per_page=5');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toMatchObject({ estimated: true });
    expect(all.json().meta.total).toBeGreaterThan(1.5 * COUNT_CAP);
    expect(all.json().meta.total).toBeLessThan(3 * COUNT_CAP);
    // Newest first still comes from the index order, and the page is full.
    expect(all.json().data).toHaveLength(5);

    const drafts = await list('?status=draft');
    expect(drafts.json().meta).toEqual({ page: 1, per_page: 25, total: 3 });
  });
});
