import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { purchaseStatuses } from '@hireline/contract/enums';
import type { Database } from '../db/client';

/*
 * What an operator scrapes (served by platform/metrics-server.ts, never on the public port). One registry per app, so
 * tests building several apps in one process count each on its own. Counters live in this process; with several
 * processes the primary adds the workers' up (main.ts). Gauges read from the database (outbox, purchases) are the same
 * in every process, so they are combined by `max`, not summed.
 */

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_class'>;
  httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  logins: Counter<'outcome'>;
  schedulerRuns: Counter<'task' | 'outcome'>;
  /** Event-loop lag, memory, CPU, handles: prom-client's defaults; turned on only where metrics are served. */
  collectProcessMetrics(): void;
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_class'] as const;
  const httpRequests = new Counter({
    name: 'hireline_http_requests_total',
    help: 'Requests answered, per route template (never the raw URL) and status class',
    labelNames,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'hireline_http_request_duration_seconds',
    help: 'Time to answer a request, per route template and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const logins = new Counter({
    name: 'hireline_logins_total',
    help: 'Staff sign-ins (password, then the two-step code where on), by outcome (success, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const schedulerRuns = new Counter({
    name: 'hireline_scheduler_runs_total',
    help: 'Scheduled task runs this process claimed, by task and outcome (ok, failed)',
    labelNames: ['task', 'outcome'] as const,
    registers: [registry],
  });
  if (database.pool) poolGauges(registry, database.pool);
  databaseGauges(registry, database);
  let processMetrics = false;
  return {
    registry,
    httpRequests,
    httpDuration,
    logins,
    schedulerRuns,
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}

/** PostgreSQL's pool: connections checked out by queries and callers waiting for one (PGlite has no pool). */
function poolGauges(registry: Registry, pool: NonNullable<Database['pool']>) {
  new Gauge({
    name: 'hireline_db_pool_in_use',
    help: 'Database connections checked out of the pool',
    registers: [registry],
    collect() {
      this.set(pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'hireline_db_pool_waiting',
    help: 'Queries waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
}

/** Read at scrape time: what is true of the whole deployment, whichever process answers. */
function databaseGauges(registry: Registry, database: Database) {
  // Each gauge asks on its own: a scrape collects every metric at once, so one could not wait for another's query.
  const undelivered = sql`from email_outbox where status in ('queued', 'sending')`;
  new Gauge({
    name: 'hireline_mail_outbox_depth',
    help: 'Emails not yet delivered (queued or being sent)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      await keepOnFailure(async () => {
        const res = await database.db.execute<{ n: number }>(sql`select count(*)::int as n ${undelivered}`);
        this.set(Number(res.rows[0]?.n ?? 0));
      });
    },
  });
  new Gauge({
    name: 'hireline_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest email not yet delivered (0 when none waits)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      await keepOnFailure(async () => {
        const res = await database.db.execute<{ age: number | null }>(
          sql`select extract(epoch from now() - min(created_at))::float8 as age ${undelivered}`,
        );
        this.set(Math.max(0, Number(res.rows[0]?.age ?? 0)));
      });
    },
  });
  new Gauge({
    name: 'hireline_credit_purchases',
    help: 'Credit purchases (payments) by status: pending, paid, cancelled, failed',
    labelNames: ['status'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      await keepOnFailure(async () => {
        const res = await database.db.execute<{ status: string; n: number }>(
          sql`select status, count(*)::int as n from credit_purchases group by status`,
        );
        for (const status of purchaseStatuses) this.set({ status }, 0);
        for (const r of res.rows) this.set({ status: r.status }, Number(r.n));
      });
    },
  });
}

/** A scrape while the database is down still reports the process; the database's gauges keep their last value. */
async function keepOnFailure(read: () => Promise<void>) {
  await read().catch(() => undefined);
}

/** `2xx`, `4xx`…: the class keeps the label's values few. */
export const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;
