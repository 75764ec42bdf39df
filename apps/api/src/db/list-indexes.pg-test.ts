import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApplication, addSeeker } from '../test/applications';
import { addLiveJob } from '../test/jobs';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { indexesOf } from '../test/plans';

/**
 * The partial indexes of migration 0029 serve only the conditions they were written for: a predicate that drifts from
 * the query's (`enabled = false` against `not enabled`) leaves the index unused and the list walking a whole site
 * again (bench/README.md). With sequential scans off, these tiny tables are read by whichever index can answer; it
 * must be the intended one. (The board's index: modules/board/board-index.pg-test.ts.)
 */


let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  const job = await addLiveJob(t, a);
  await addApplication(t, job, await addSeeker(t, a));
  // An audit trail of a few hundred entries, three made while impersonating, analysed as autovacuum would (as the
  // owner: the API role may not): without statistics every index of the table looks alike to the planner.
  const actor = a.users.accountAdmin.id;
  await t.deps.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local role none'));
    await tx.execute(sql`insert into audit_logs (enterprise_id, account_id, actor_user_id, impersonator_user_id, action, created_at)
      select ${a.enterpriseId}, ${a.account.id}, ${actor}, case when g % 100 = 0 then ${actor}::uuid end, 'job.posted', now() - g * interval '1 minute'
      from generate_series(1, 300) g`);
    await tx.execute(sql.raw('analyze audit_logs'));
  });
});
afterAll(() => t.close());


describe('list indexes the planner can use', () => {
  it('disabled applications are read from their partial index', async () => {
    const names = await indexesOf(t, [a.account.id], sql`select id from applications where site_id = ${a.sites[0].id} and enabled = ${false}
      order by created_at desc nulls last, id desc limit 25`);
    expect(names).toContain('applications_site_disabled_idx');
  });

  it('knocked-out applications are read from their partial index, also when a tag no index serves is asked too', async () => {
    for (const tag of [sql``, sql` and tags @> array['salary-mismatch']::text[]`]) {
      const names = await indexesOf(t, [a.account.id], sql`select id from applications where site_id = ${a.sites[0].id} and knocked_out = ${true}${tag}
        order by created_at desc nulls last, id desc limit 25`);
      expect(names).toContain('applications_site_knocked_out_idx');
    }
  });

  it('entries made while impersonating are read from a partial index of theirs, with the account and across the enterprise', async () => {
    const order = sql`order by created_at desc nulls last, id desc limit 25`;
    // With one account the enterprise's index (which carries the account too) may serve the account's list as well.
    const impersonated = (names: string[]) => names.filter((n) => n.endsWith('_impersonated_idx'));
    expect(
      impersonated(
        await indexesOf(t, [a.account.id], sql`select id from audit_logs where enterprise_id = ${a.enterpriseId} and account_id = ${a.account.id}
          and impersonator_user_id is not null ${order}`),
      ),
    ).not.toEqual([]);
    expect(await indexesOf(t, [a.account.id], sql`select id from audit_logs where enterprise_id = ${a.enterpriseId} and impersonator_user_id is not null ${order}`)).toContain(
      'audit_logs_enterprise_impersonated_idx',
    );
  });

});
