import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { freePort, startApi, urlOf, type ApiProcess } from '../test/processes';

/**
 * With `API_PROCESSES=2` Prometheus scrapes one address, the primary's METRICS_PORT, and must see every worker's
 * requests: a scrape that reached one worker would show half the traffic and alerts would fire on the wrong numbers.
 */

let database: TestDatabase;
let api: ApiProcess;
let dir: string;
let metricsPort: number;

const workersOf = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hireline-metrics-cluster-'));
  database = await openTestDatabase({ kind: 'postgres' });
  metricsPort = await freePort();
  api = await startApi(urlOf(database.pool), dir, { API_PROCESSES: '2', METRICS_PORT: String(metricsPort) });
}, 300_000);

afterAll(async () => {
  if (api?.child.exitCode === null) api.child.kill('SIGKILL');
  for (const pid of api ? workersOf(api.child.pid!) : []) process.kill(pid, 'SIGKILL');
  await database?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** Each on a connection of its own, so the cluster's round robin hands them to both workers. */
const liveOnNewConnection = () =>
  new Promise<number>((resolve, reject) => {
    get(`${api.base}/health/live`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });

it("one scrape of the primary counts every worker's requests", async () => {
  for (let i = 0; i < 6; i++) expect(await liveOnNewConnection()).toBe(200);
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const series = 'hireline_http_requests_total{method="GET",route="/portal/health/live",status_class="2xx"}';
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  expect(line, text.slice(0, 2000)).toBeDefined();
  expect(Number(line!.slice(series.length + 1))).toBe(6);
  // The workers' process metrics come along too.
  expect(text).toContain('process_resident_memory_bytes');
});
