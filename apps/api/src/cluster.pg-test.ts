import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './db/testing';
import { createTenant, PASSWORD, type Tenant } from './test/factories';
import { startApi, urlOf, type ApiProcess } from './test/processes';

/**
 * `API_PROCESSES=2` as an operator starts it: one primary supervising two workers on one port (cluster.ts). What an
 * operator depends on: the port answers from both, a session works whichever worker serves it, a worker that dies
 * is replaced without the port going dark, and stopping the primary stops everything.
 */

let database: TestDatabase;
let tenant: Tenant;
let api: ApiProcess;
let dir: string;

const workersOf = (pid: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until<T>(fn: () => T, ok: (v: T) => boolean, ms = 45_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (let v = fn(); ; v = fn()) {
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function me(token: string) {
  const res = await fetch(`${api.base}/auth/me`, { headers: { 'x-af-eid': 'test', authorization: `Bearer ${token}` } });
  return res.status;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hireline-cluster-'));
  database = await openTestDatabase({ kind: 'postgres' });
  tenant = await createTenant(database.db, { name: 'Cluster' });
  api = await startApi(urlOf(database.pool), dir, { API_PROCESSES: '2' });
}, 300_000);

afterAll(async () => {
  if (api?.child.exitCode === null) api.child.kill('SIGKILL');
  for (const pid of api ? workersOf(api.child.pid!) : []) process.kill(pid, 'SIGKILL');
  await database?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A GET on a connection of its own: fetch keeps earlier connections alive, and one that was held by the killed worker
 * is closed under it, which says nothing about whether the port still answers new clients.
 */
const statusOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });

describe('API_PROCESSES=2', () => {
  it('runs two workers behind one port, and a session signed in on one is valid on every request', async () => {
    expect(await until(() => workersOf(api.child.pid!), (w) => w.length === 2)).toHaveLength(2);
    const login = await fetch(`${api.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-af-eid': 'test' },
      body: JSON.stringify({ email: tenant.users.accountAdmin.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    // New connections go round the workers, so 20 fresh ones reach both.
    expect(await Promise.all(Array.from({ length: 20 }, () => me(token)))).toEqual(Array(20).fill(200));
  });

  it('replaces a worker that dies, and the port keeps answering meanwhile', async () => {
    const [victim, survivor] = workersOf(api.child.pid!);
    process.kill(victim!, 'SIGKILL');
    await until(() => alive(victim!), (a) => !a);
    const health = await Promise.all(Array.from({ length: 10 }, () => statusOnNewConnection(`${api.base}/health`)));
    expect(health).toEqual(Array(10).fill(200));
    const workers = await until(() => workersOf(api.child.pid!), (w) => w.length === 2);
    expect(workers).toHaveLength(2);
    expect(workers).toContain(survivor);
    expect(workers).not.toContain(victim);
  });

  it('stops every worker when the primary is asked to stop', async () => {
    const workers = workersOf(api.child.pid!);
    const exited = new Promise((resolve) => api.child.once('exit', resolve));
    api.child.kill('SIGTERM');
    await exited;
    expect(await until(() => workers.filter(alive), (w) => w.length === 0)).toEqual([]);
  });
});
