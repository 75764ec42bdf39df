import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { serveMetrics } from './metrics-server';
import { createScheduler } from './scheduler';

/*
 * Prometheus scrapes these; dashboards and alerts are written against the names and labels, and a label holding a
 * record's id would make a time series per record until the server falls over.
 */

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db);
});
afterAll(() => t.close());

const scrape = () => t.deps.metrics.registry.metrics();
/** The value of one series in the exposition text, 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('serving', () => {
  it('is off unless METRICS_PORT is set, and never on the public port', async () => {
    expect(loadConfig({ DATA_DIR: '/tmp/hireline-metrics-config', APP_SECRET: 'x'.repeat(32) }).metrics).toBeNull();
    expect(() => loadConfig({ DATA_DIR: '/tmp/hireline-metrics-config', APP_SECRET: 'x'.repeat(32), PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT/,
    );
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('hireline_http_requests_total');
  });

  it('answers /metrics on its own port, loopback by default, and nothing else there', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/hireline-metrics-config', APP_SECRET: 'x'.repeat(32), METRICS_PORT: '9464' });
    expect(config.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    const { server, port } = await serveMetrics(t.deps.metrics.registry, 0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toContain('# TYPE hireline_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/portal/health`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('requests', () => {
  it('are counted and timed per route template and status class, never per raw URL', async () => {
    const id = '0190f3a0-0000-7000-8000-00000000abcd';
    const res = await call(t.app, {}, { method: 'GET', url: `/portal/v1/dev/mail/${id}` });
    expect(res.statusCode).toBe(401);
    const text = await scrape();
    const labels = 'method="GET",route="/portal/v1/dev/mail/:id",status_class="4xx"';
    expect(valueOf(text, `hireline_http_requests_total{${labels}}`)).toBe(1);
    expect(valueOf(text, `hireline_http_request_duration_seconds_count{${labels}}`)).toBe(1);
    expect(text).not.toContain(id);
  });

  it('an unknown path counts as unmatched, whatever it was', async () => {
    await call(t.app, {}, { method: 'GET', url: '/portal/no-such/thing-123' });
    const text = await scrape();
    expect(valueOf(text, 'hireline_http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('thing-123');
  });
});

describe('sign-ins', () => {
  it('counts a failed and a successful password sign-in', async () => {
    const before = await scrape();
    const wrong = await call(t.app, {}, { method: 'POST', url: '/portal/auth/login', payload: { email: a.users.accountAdmin.email, password: 'Wrong-pass-1' } });
    expect(wrong.statusCode).toBe(422);
    let text = await scrape();
    expect(valueOf(text, 'hireline_logins_total{outcome="failed"}')).toBe(valueOf(before, 'hireline_logins_total{outcome="failed"}') + 1);
    expect(valueOf(text, 'hireline_logins_total{outcome="success"}')).toBe(valueOf(before, 'hireline_logins_total{outcome="success"}'));
    const right = await call(t.app, {}, { method: 'POST', url: '/portal/auth/login', payload: { email: a.users.accountAdmin.email, password: 'Factory-Pass-1' } });
    expect(right.statusCode, right.body).toBe(200);
    text = await scrape();
    expect(valueOf(text, 'hireline_logins_total{outcome="success"}')).toBe(valueOf(before, 'hireline_logins_total{outcome="success"}') + 1);
  });
});

describe('the database and the scheduler', () => {
  it('report the outbox depth, the oldest unsent mail, purchases by status', async () => {
    await t.deps.db.execute(
      // Ten minutes old: the age gauge must say so, not the time of the scrape.
      sql`insert into email_outbox (event, to_email, subject, html, text, created_at)
        values ('test.metrics', 'someone@example.test', 'S', '<p>x</p>', 'x', now() - interval '10 minutes')`,
    );
    const text = await scrape();
    expect(valueOf(text, 'hireline_mail_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'hireline_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(text).toContain('hireline_credit_purchases{status="paid"}');
    // PostgreSQL's pool is there to watch; the embedded database has none.
    if (t.deps.database.kind === 'postgres') {
      expect(text).toContain('hireline_db_pool_in_use');
      expect(text).toContain('hireline_db_pool_waiting 0');
    } else expect(text).not.toContain('hireline_db_pool_in_use');
  });

  it('counts scheduler runs and failures per task', async () => {
    const observe = (task: string, outcome: 'ok' | 'failed') => t.deps.metrics.schedulerRuns.inc({ task, outcome });
    const quiet = { error: () => {} };
    const s = createScheduler(
      t.deps.db,
      [
        { name: 'metrics-ok', everyMs: 60_000, run: async () => {} },
        { name: 'metrics-broken', everyMs: 60_000, run: async () => Promise.reject(new Error('boom')) },
      ],
      quiet,
      observe,
    );
    await s.tick();
    const text = await scrape();
    expect(valueOf(text, 'hireline_scheduler_runs_total{task="metrics-ok",outcome="ok"}')).toBe(1);
    expect(valueOf(text, 'hireline_scheduler_runs_total{task="metrics-broken",outcome="failed"}')).toBe(1);
  });

  it('adds event-loop lag and memory where metrics are served', async () => {
    expect(await scrape()).not.toContain('nodejs_eventloop_lag_seconds');
    t.deps.metrics.collectProcessMetrics();
    const text = await scrape();
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });
});
