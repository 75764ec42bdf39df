import autocannon from 'autocannon';
import pg from 'pg';
import { sampleCpu, sampleRss } from './processes.mjs';
import { summarise } from './report.mjs';

/** Settings every measuring script shares, from the environment (bench/README.md lists them). */
export const loadSettings = () => ({
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration_s: Number(process.env.BENCH_DURATION ?? 10),
  warmup_s: Number(process.env.BENCH_WARMUP ?? 2),
});

/**
 * Waits until the bench database runs no query: when autocannon stops, requests it gave up on are still being
 * served, and a slow endpoint's backlog would otherwise be measured as part of the next run. After `maxS` the
 * leftover queries (on the scratch database only, all issued by the benchmark's servers) are cancelled. With no
 * server database (PGlite, in the API's own process) a short pause lets the API drain its queue instead.
 */
export async function settle(databaseUrl, maxS = 60) {
  if (!databaseUrl) return new Promise((r) => setTimeout(r, 1000));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const active = `from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`;
  try {
    const until = Date.now() + maxS * 1000;
    while (Date.now() < until) {
      const { rows: [{ n }] } = await client.query(`select count(*)::int as n ${active}`);
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    await client.query(`select pg_cancel_backend(pid) ${active}`);
    console.warn(`  (cancelled queries still running ${maxS} s after the run)`);
  } finally {
    await client.end();
  }
}

/**
 * Lists the bench database's backends (their CPU is charged to the server under load) through one monitoring
 * connection; `close()` when done. Without a server database there are none.
 */
export async function backendMonitor(databaseUrl) {
  if (!databaseUrl) return { list: async () => [], close: async () => {} };
  const monitor = new pg.Client({ connectionString: databaseUrl });
  await monitor.connect();
  return {
    list: async () => (await monitor.query(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows.map((r) => r.pid),
    close: () => monitor.end(),
  };
}

/**
 * Warm-up (discarded), then the measured run while sampling the server's memory and CPU (its process tree's, and
 * the database backends'). Returns report.mjs's summary.
 */
export async function load({ port, path, headers, pid, backends, settings, databaseUrl }) {
  const opts = { url: `http://127.0.0.1:${port}${path}`, headers, connections: settings.connections };
  await settle(databaseUrl);
  if (settings.warmup_s > 0) await autocannon({ ...opts, duration: settings.warmup_s });
  await settle(databaseUrl);
  const stopRss = sampleRss(pid);
  const stopCpu = sampleCpu(pid, backends);
  const result = await autocannon({ ...opts, duration: settings.duration_s });
  const summary = summarise(result, stopRss(), await stopCpu());
  await settle(databaseUrl);
  return summary;
}
