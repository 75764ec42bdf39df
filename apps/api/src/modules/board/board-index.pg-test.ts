import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { addLiveJob } from '../../test/jobs';
import { indexesOf } from '../../test/plans';
import { boardOrder, onBoard } from './board-jobs.repo';

/**
 * Migration 0028's index holds live adverts in the board's order, an expression the planner must find verbatim in the
 * query: if publishedAt or the board's conditions drift from it, every board page reads and sorts all of a site's
 * live adverts again (bench/README.md). With sequential scans off, this tiny table is read by whichever index can
 * answer; it must be that one.
 */


let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  await addLiveJob(t, a);
});
afterAll(() => t.close());


describe("the board's index", () => {
  it("the board's page walks its live adverts in the board's own order", async () => {
    // The board's own query (board-jobs.repo.ts): its conditions and its order, newest first and oldest first.
    for (const order of ['-published_at', 'published_at'] as const) {
      const page = t.deps.db
        .select({ id: jobs.id })
        .from(jobs)
        .innerJoin(employers, eq(employers.id, jobs.employerId))
        .where(onBoard(a.sites[0].id, new Date()))
        .orderBy(...boardOrder(order, null))
        .limit(20);
      expect(await indexesOf(t, [a.account.id], page), order).toContain('jobs_site_board_published_idx');
    }
  });
});
