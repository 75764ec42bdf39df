import { sql, type SQLWrapper } from 'drizzle-orm';
import { withTenants } from '../db/tenant-context';
import type { TestApp } from './harness';

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The indexes PostgreSQL would read for `query`, planned as the API's role for `accounts` with sequential scans off:
 * a test's tiny tables are then read by whichever index can answer, which shows whether an index's predicate or
 * expression still matches the query's.
 */
export async function indexesOf(t: TestApp, accounts: string[], query: SQLWrapper): Promise<string[]> {
  const plan = await withTenants(accounts, () =>
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
