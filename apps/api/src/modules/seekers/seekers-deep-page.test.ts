import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seekerSorts } from '@hireline/contract/seekers';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

/*
 * Every page of every sort of the seekers list: a page's ids are read first, in the sort's index order with the id
 * last (seekers-query.repo.ts, migration 0030), then its rows. The pages must add up to the list in one ordered read:
 * names and dates repeat, one seeker in three was never active, so the id breaks ties and nulls go where the sort
 * says. Another tenant's seekers never show.
 */

let t: TestApp;
let a: Tenant;
let token: string;
const SEEKERS = 19;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Deep' });
  const other = await createTenant(t.deps.db, { name: 'Other' });
  for (const tenant of [a, other]) {
    await t.deps.db.execute(sql`
      insert into seekers (account_id, email, name, created_at, last_active_at)
      select ${tenant.account.id}, 'deep' || g || '@example.com', 'Candidate ' || (g % 4),
        timestamptz '2025-01-01' + (g % 5) * interval '1 hour',
        case when g % 3 = 0 then null else timestamptz '2026-01-01' + (g % 2) * interval '1 day' end
      from generate_series(1, ${SEEKERS}) g`);
  }
  token = await login(t.app, a.users.accountAdmin.email);
});
afterAll(() => t.close());

/** The order seekers-query.repo.ts spells for each sort, in one read. */
const orders: Record<(typeof seekerSorts)[number], string> = {
  '-created_at': 'created_at desc nulls last, id desc',
  created_at: 'created_at asc nulls first, id asc',
  name: 'name asc nulls last, id asc',
  '-name': 'name desc nulls first, id desc',
  '-last_active_at': 'last_active_at desc nulls last, id desc',
  profile_id: 'profile_id asc',
};

describe('deep pages of seekers', () => {
  it.each(seekerSorts)('sorted by %s: the pages add up to the list', async (sort) => {
    const expected = await t.deps.db.execute<{ id: string }>(
      sql`select id from seekers where account_id = ${a.account.id} order by ${sql.raw(orders[sort])}`,
    );
    expect(expected.rows.length).toBeGreaterThanOrEqual(SEEKERS);
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const res = await call(t.app, { token, accountId: a.account.id }, { method: 'GET', url: `/portal/v1/seekers?sort=${sort}&per_page=4&page=${page}` });
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json() as { data: { id: string }[] };
      ids.push(...data.map((r) => r.id));
      if (data.length < 4) break;
    }
    expect(ids).toEqual(expected.rows.map((r) => r.id));
  });
});
