import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, jobStatusHistory } from '../db/schema/jobs';
import { auditLogs, scheduledTasks } from '../db/schema/platform';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { addLiveJob } from '../test/jobs';
import { createTenant, PASSWORD, type Tenant } from '../test/factories';
import type { TestApp } from '../test/harness';
import { startApi, urlOf, type ApiProcess } from '../test/processes';

/*
 * Scaling out: two API processes (as `npm start` runs them) on one PostgreSQL database, requests spread over both.
 * What must not depend on which process answers: the sign-in and reset limits (ADR 004: one counter table, not one
 * counter per process), sessions (rows, not memory), and the scheduler's timed work (ADR 010: each due run in one
 * process only).
 */

const WRONG = 'Wrong-password-1';

let database: TestDatabase;
let tenant: Tenant;
let dir: string;
const servers: ApiProcess[] = [];
/** The fixtures only use the database handle; the servers under test are the two processes. */
let t: TestApp;
/** A job whose advert had ended before either process started. */
let endedBeforeStart: string;

interface Res<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** One request to process `i % 2`, with the portal's headers; the JSON answer (or null for an empty one). */
async function send<T = Record<string, unknown>>(i: number, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'x-af-eid': 'test' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const res = await fetch(`${servers[i % 2]!.base}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T } satisfies Res<T>;
}

const login = (i: number, email: string, password: string) => send<{ access_token: string }>(i, 'POST', '/auth/login', { body: { email, password } });

/** Polls the database until `check` holds; the scheduler runs on its own timers in the other processes. */
async function until(what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function addEndedJob() {
  const job = await addLiveJob(t, tenant);
  await database.db.update(jobs).set({ advertEndAt: sql`now() - interval '1 minute'` }).where(eq(jobs.id, job.id));
  return job.id;
}

const statusOf = async (jobId: string) => (await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)))[0]!.status;
const runsOf = async (name: string) =>
  (await database.db.select({ runs: scheduledTasks.runs }).from(scheduledTasks).where(eq(scheduledTasks.name, name)))[0]?.runs ?? 0;
const setNextRun = (name: string, at: string) =>
  database.db.update(scheduledTasks).set({ nextRunAt: sql`now() + ${at}::interval` }).where(eq(scheduledTasks.name, name));

/** One history row and one audit row: the expiry happened once. */
async function expectExpiredOnce(jobId: string) {
  expect(await statusOf(jobId)).toBe('expired');
  const history = await database.db.select().from(jobStatusHistory).where(eq(jobStatusHistory.jobId, jobId));
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({ fromStatus: 'live', toStatus: 'expired', actorUserId: null });
  const audits = await database.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, jobId), eq(auditLogs.action, 'job.expired')));
  expect(audits).toHaveLength(1);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hireline-scale-out-'));
  database = await openTestDatabase({ kind: 'postgres' });
  t = { deps: { db: database.db } } as unknown as TestApp;
  tenant = await createTenant(database.db, { name: 'Scale out' });
  endedBeforeStart = await addEndedJob();
  const url = urlOf(database.pool);
  // Wrong guesses are answered at once here: the limits are under test, not the delay (auth.test.ts has that).
  const env = { SIGN_IN_DELAY_MAX_MS: '0' };
  servers.push(...(await Promise.all([startApi(url, dir, env), startApi(url, dir, env)])));
}, 300_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await database?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('sign-in limits across processes', () => {
  it('refuses guesses at one account after 10 in total, however they are spread over the processes', async () => {
    const email = tenant.users.siteManager.email;
    for (let i = 0; i < 10; i++) {
      const res = await login(i, email, WRONG);
      expect(res.status, `guess ${i + 1} on process ${i % 2}`).toBe(422);
    }
    // With a counter per process each would allow 10 more; the shared window is spent on both.
    for (const i of [0, 1]) {
      const res = await login(i, email, WRONG);
      expect(res.status, `process ${i}`).toBe(429);
      expect(res.body).toMatchObject({ code: 'rate_limited' });
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // Even the right password waits for the window to end, on either process.
    for (const i of [0, 1]) expect((await login(i, email, PASSWORD)).status).toBe(429);
  });

  it('clears the account window everywhere when a sign-in succeeds on one process', async () => {
    const email = tenant.users.employerAdmin.email;
    for (let i = 0; i < 8; i++) expect((await login(i, email, WRONG)).status).toBe(422);
    expect((await login(1, email, PASSWORD)).status).toBe(200);
    // The guesses made before, on both processes, no longer count: a full 10 again, then the limit.
    for (let i = 0; i < 10; i++) expect((await login(i, email, WRONG)).status, `guess ${i + 1}`).toBe(422);
    expect((await login(0, email, WRONG)).status).toBe(429);
  });

  it('limits reset emails per account across processes too (5 an hour)', async () => {
    const email = tenant.users.noRole.email;
    for (let i = 0; i < 5; i++) expect((await send(i, 'POST', '/auth/forgot-password', { body: { email } })).status).toBe(200);
    for (const i of [0, 1]) expect((await send(i, 'POST', '/auth/forgot-password', { body: { email } })).status).toBe(429);
  });
});

describe('sessions across processes', () => {
  it('accepts a token from either process, and signing out on one ends it on the other', async () => {
    const signedIn = await login(0, tenant.users.accountAdmin.email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.access_token;
    for (const i of [1, 0]) {
      const me = await send<{ email: string }>(i, 'GET', '/auth/me', { token });
      expect(me.status, `process ${i}`).toBe(200);
      expect(me.body.email).toBe(tenant.users.accountAdmin.email);
    }
    expect((await send(1, 'DELETE', '/auth/logout', { token })).status).toBe(204);
    for (const i of [0, 1]) expect((await send(i, 'GET', '/auth/me', { token })).status, `process ${i}`).toBe(401);
  });
});

describe('scheduled work across processes', () => {
  it('expires an advert that ended exactly once, whichever process claims the run', async () => {
    // Due from the start: both processes tick from their first second.
    await until('the advert that ended before start-up to expire', async () => (await statusOf(endedBeforeStart)) === 'expired');
    await expectExpiredOnce(endedBeforeStart);

    // Not due again by its interval while this test runs: only the runs made due here happen.
    await setNextRun('jobs.expire', '1 day');
    const before = await runsOf('jobs.expire');
    for (let round = 1; round <= 2; round++) {
      const jobId = await addEndedJob();
      await setNextRun('jobs.expire', '-1 second');
      await until(`job of round ${round} to expire`, async () => (await statusOf(jobId)) === 'expired');
      // Both processes keep ticking (each every second) after the run: none of them runs it again.
      const ticks = await runsOf('mail.deliver');
      await until('more scheduler ticks', async () => (await runsOf('mail.deliver')) >= ticks + 2);
      expect(await runsOf('jobs.expire'), `round ${round}`).toBe(before + round);
      await expectExpiredOnce(jobId);
    }
    // The rate-limit sweep is one of the tasks too, and runs as the API's role without error.
    const [sweep] = await database.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'rate-limits.sweep'));
    expect(sweep).toMatchObject({ lastError: null });
    expect(sweep!.runs).toBeGreaterThanOrEqual(1);
    for (const s of servers) expect(s.child.exitCode).toBeNull();
  }, 300_000);
});
