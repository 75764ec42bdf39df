import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { withTenants } from '../../db/tenant-context';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { addLiveJob } from '../../test/jobs';
import { boardOrder, onBoard } from './board-jobs.repo';

/**
 * Migration 0028's index holds live adverts in the board's order, an expression the planner must find verbatim in the
 * query: if publishedAt or the board's conditions drift from it, every board page reads and sorts all of a site's
 * live adverts again (bench/README.md). With sequential scans off, this tiny table is read by whichever index can
 * answer; it must be that one.
 */

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  await addLiveJob(t, a);
});
afterAll(() => t.close());

async function indexesOf(query: SQLWrapper): Promise<string[]> {
  const plan = await withTenants([a.account.id], () =>
    t.deps.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      return tx.execute<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(sql`explain (format json) ${query}`);
    }),
  );
  const names: string[] = [];
  const walk = (n: PlanNode) => (n['Index Name'] && names.push(n['Index Name']), n.Plans?.forEach(walk));
  walk(plan.rows[0]!['QUERY PLAN'][0]!.Plan);
  return names;
}

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
      expect(await indexesOf(page), order).toContain('jobs_site_board_published_idx');
    }
  });
});
