import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addSeeker } from '../../test/applications';
import { COUNT_CAP } from './seekers-query.repo';
import { account, seekerClient, type SeekerClient } from './seekers.fixtures';

let t: TestApp;
let a: Tenant;
let admin: SeekerClient;

/** One more than the exact-count cap in one account, 1,200 of them tagged. */
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Big' });
  await t.deps.db.execute(sql`
    insert into seekers (account_id, name, email, tags)
    select ${a.account.id}, 'Seeker ' || g, 's' || g || '@big.test', case when g <= 1200 then '{bulk}'::text[] else '{}'::text[] end
    from generate_series(1, ${COUNT_CAP + 50}) g`);
  await t.deps.db.execute(sql`analyze seekers`);
  admin = seekerClient(t, await login(t.app, a.users.accountAdmin.email), account(a));
});
afterAll(() => t.close());

describe('GET /v1/seekers totals', () => {
  it('counts exactly up to the cap and says when a larger total is the planner’s estimate', async () => {
    const all = await admin.get('/v1/seekers', { per_page: '5' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().meta).toMatchObject({ estimated: true });
    expect(all.json().meta.total).toBeGreaterThan(COUNT_CAP);
    expect(all.json().data).toHaveLength(5);
    expect((await admin.get('/v1/seekers', { q: 'Seeker 10049' })).json().meta).toEqual({ page: 1, per_page: 25, total: 1 });
  });

  it('keeps a big total a few seconds through the totals cache; small ones stay exact', async () => {
    const tagged = async () => (await admin.get('/v1/seekers', { tags: 'bulk' })).json().meta.total as number;
    expect(await tagged()).toBe(1200);
    const extra = await addSeeker(t, a, { tags: ['bulk', 'few'] });
    expect(await tagged()).toBe(1200);
    t.deps.totals.clear();
    expect(await tagged()).toBe(1201);
    expect((await admin.get('/v1/seekers', { tags: 'few' })).json().data.map((s: { id: string }) => s.id)).toEqual([extra.id]);
  });
});
