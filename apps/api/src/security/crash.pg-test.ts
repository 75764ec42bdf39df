import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import { candidateStatusKind } from '@hireline/contract/email-kinds';
import { creditPurchases, idempotencyKeys } from '../db/schema/credits';
import { jobs } from '../db/schema/jobs';
import { emailOutbox, scheduledTasks } from '../db/schema/platform';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { addApplication, addSeeker } from '../test/applications';
import { addLiveJob, addProduct } from '../test/jobs';
import { ledgerAddsUp, setPrice, balanceOf, grantCredits } from '../test/credits';
import { createTenant, PASSWORD, type Tenant } from '../test/factories';
import type { TestApp } from '../test/harness';
import { startApi, urlOf, type ApiProcess } from '../test/processes';

/*
 * Crash safety (DESIGN §4): one API process under a sustained write load through HTTP is killed with SIGKILL in the
 * middle of it, then a new process starts on the same PostgreSQL database; three times. Whatever was acknowledged
 * with a 2xx must be there and complete, whatever was in flight must be entirely there or entirely absent, the credit
 * ledger must still add up, queued mail must go out once the new process runs (to a real SMTP server started here,
 * which counts each message by its Message-ID), and the scheduler's timed work must resume. The counts go to
 * test-results/crash-summary.json.
 */

const CRASHES = 3;
const LOOPS = 8;
const GRANT = 10_000;
const root = join(__dirname, '../../../..');

let database: TestDatabase;
let tenant: Tenant;
let dir: string;
let smtp: SMTPServer;
let env: Record<string, string>;
let server: ApiProcess | null = null;
/** The fixtures only use the database handle; the servers under test are the API processes. */
let t: TestApp;
let adminToken: string;
let buyerToken: string;
let e1: string;
let productId: string;

/** Message-IDs received by the SMTP server (the outbox row id), with how often each arrived. */
const received = new Map<string, number>();
/** Outbox rows a killed process had claimed but not marked sent: their delivery is in doubt, so one resend is allowed. */
const inDoubt = new Set<string>();

const stats = { requests_sent: 0, acknowledged_2xx: 0, unanswered_at_crash: 0, crashes_survived: 0 };
const unexpected: string[] = [];

interface Res<T> {
  status: number;
  body: T;
}

/** One request to the current process; null when no answer came (the process died first). */
async function send<T>(method: string, path: string, opts: { token?: string; employer?: boolean; body?: unknown; key?: string } = {}): Promise<Res<T> | null> {
  const headers: Record<string, string> = { 'x-af-eid': 'test' };
  if (opts.token) {
    headers.authorization = `Bearer ${opts.token}`;
    headers['x-af-aid'] = tenant.account.id;
    headers['x-af-sid'] = tenant.sites[0].id;
    if (opts.employer) headers['x-af-empid'] = e1;
  }
  if (opts.key) headers['idempotency-key'] = opts.key;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${server!.base}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  } catch {
    return null;
  }
}

/** A request of the load: counted, and any answer but the expected 2xx is a failure (reported at the end). */
async function load<T>(what: string, expected: number, method: string, path: string, opts: Parameters<typeof send>[2] = {}) {
  stats.requests_sent++;
  const res = await send<T>(method, path, opts);
  if (!res) return null;
  if (res.status === expected) stats.acknowledged_2xx++;
  else unexpected.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.status === expected ? res : null;
}

/** A verification read: it must succeed. */
async function read<T>(path: string, token = adminToken, employer = false): Promise<T> {
  const res = await send<T>('GET', path, { token, employer });
  expect(res?.status, `GET ${path}: ${JSON.stringify(res?.body)}`).toBe(200);
  return res!.body;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hireline-crash-'));
  smtp = new SMTPServer({
    authOptional: true,
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = /^Message-ID:\s*<([^@>]+)@hireline\.mail>/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? 'no-message-id';
        received.set(id, (received.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  // A killed process drops its SMTP connection, sometimes mid-message: that message was not delivered, nothing more.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  env = { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, APP_URL: 'http://portal.test' };

  database = await openTestDatabase({ kind: 'postgres' });
  t = { deps: { db: database.db } } as unknown as TestApp;
  tenant = await createTenant(database.db, { name: 'Crash' });
  e1 = tenant.employers[0].id;
  await setPrice(t, tenant.sites[0].id, 4900);
  productId = (await addProduct(t, tenant)).id;
  await grantCredits(t, e1, GRANT);
  server = await startApi(urlOf(database.pool), dir, env);
  adminToken = await signIn(tenant.users.accountAdmin.email);
  buyerToken = await signIn(tenant.users.employerAdmin.email);
}, 300_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await database?.dispose();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(email: string) {
  const res = await send<{ access_token: string }>('POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(res?.status).toBe(200);
  return res!.body.access_token;
}

// ---- What each loop did, as far as it knows -------------------------------------------------------------------

interface JobDetail {
  id: string;
  status: string;
  tags: string[];
  screening_questions: unknown[];
  [field: string]: unknown;
}

interface TrackedJob {
  id: string;
  created: JobDetail;
  tags: string[];
  /** Tags sent in a request that got no answer: either these or {@link tags} are stored. */
  maybeTags: string[] | null;
  post: 'draft' | 'live' | 'unknown';
}

interface TrackedApp {
  id: string;
  seekerId: string;
  status: ApplicationStatus;
  /** The acknowledged changes, in order (plus what the last unanswered one may have done, resolved after restart). */
  changes: ApplicationStatus[];
  maybe: ApplicationStatus | null;
}

interface TrackedPurchase {
  key: string;
  quantity: number;
  /** The 201 answer, when one came. */
  answer: { purchase: { id: string }; checkout_url: string } | null;
  paid: 'no' | 'yes' | 'unknown';
}

interface Loop {
  n: number;
  /** Steps answered since the process started: the kill waits until every loop is under way. */
  answered: number;
  jobs: TrackedJob[];
  apps: TrackedApp[];
  purchases: TrackedPurchase[];
  /** Caps per run on what sends mail, so delivery (20 per 2 s, ADR 010) keeps up within the test's time. */
  mailedChanges: number;
  payments: number;
}

const rotation: ApplicationStatus[] = ['new', 'screening', 'shortlisted', 'interviewed', 'offered', 'registered', 'invited', 'unsuccessful'];
const nextStatus = (s: ApplicationStatus) => rotation[(rotation.indexOf(s) + 1) % rotation.length]!;

const jobBody = (l: number, n: number) => ({
  title: `Forklift Driver ${l}-${n}`,
  reference_number: `CR-${l}-${n}`,
  employer_id: e1,
  product_id: productId,
  work_type: 'Full time',
  pay_type: 'Hourly',
  pay_min_cents: 2_500,
  pay_max_cents: 3_200,
  classification: 'Logistics',
  location: 'Port Melbourne',
  description: '<p>Drive forklifts in our <strong>warehouse</strong>.</p>',
  key_selling_points: ['Free parking', 'Weekly pay'],
  links: [{ label: 'About us', url: 'https://example.test/about' }],
  tags: ['crash', `loop-${l}`],
  apply_type: 'internal',
  application_emails: ['jobs@example.test'],
  screening_questions: [
    { type: 'yes_no', label: 'Do you hold a forklift licence?', required: true, knockout_answers: ['no'] },
    { type: 'single_choice', label: 'Which shift?', options: ['Day', 'Night'] },
  ],
});

/**
 * One step of loop `l`: single-row writes (tags), multi-row transactions (a draft with its questions and history, a
 * bulk status change with history, audit and mail, a purchase, a payment that credits, a post that charges).
 * Answers false once a request went unanswered: the process is gone.
 */
async function step(l: number, loop: Loop): Promise<boolean> {
  const kind = (loop.n++ + l) % 6;
  const draft = loop.jobs.findLast((j) => j.post === 'draft');
  const open = loop.purchases.find((p) => p.answer && p.paid === 'no');
  if (kind === 0 || (kind === 1 && !draft) || (kind === 5 && !draft)) {
    const res = await load<JobDetail>('create job', 201, 'POST', '/v1/jobs', { token: adminToken, body: jobBody(l, loop.n) });
    if (!res) return false;
    loop.jobs.push({ id: res.body.id, created: res.body, tags: res.body.tags, maybeTags: null, post: 'draft' });
  } else if (kind === 1) {
    const tags = ['crash', `loop-${l}`, `step-${loop.n}`];
    draft!.maybeTags = tags;
    const res = await load<{ tags: string[] }>('set tags', 200, 'PUT', `/v1/jobs/${draft!.id}/tags`, { token: adminToken, body: { tags } });
    if (!res) return false;
    expect(res.body.tags).toEqual(tags);
    draft!.tags = tags;
    draft!.maybeTags = null;
  } else if (kind === 2) {
    const to = nextStatus(loop.apps[0]!.status);
    const candidate = loop.mailedChanges < 1;
    if (candidate) loop.mailedChanges++;
    for (const a of loop.apps) a.maybe = to;
    const body = { action: 'status', ids: loop.apps.map((a) => a.id), status: to, notify: { admin: false, consultants: false, candidate } };
    const res = await load<{ results: { ok: boolean; status: string }[] }>('bulk status', 200, 'POST', '/v1/applications/bulk', { token: adminToken, body });
    if (!res) return false;
    expect(res.body.results.every((r) => r.ok && r.status === to)).toBe(true);
    for (const a of loop.apps) {
      a.changes.push(to);
      a.status = to;
      a.maybe = null;
    }
  } else if (kind === 3 || (kind === 4 && (!open || loop.payments >= 2))) {
    const p: TrackedPurchase = { key: randomUUID(), quantity: 1 + (loop.n % 3), answer: null, paid: 'no' };
    loop.purchases.push(p);
    const res = await load<TrackedPurchase['answer']>('buy credits', 201, 'POST', '/v1/credit/purchases', {
      token: buyerToken,
      employer: true,
      body: { quantity: p.quantity },
      key: p.key,
    });
    if (!res) return false;
    p.answer = res.body;
  } else if (kind === 4) {
    loop.payments++;
    open!.paid = 'unknown';
    const session = open!.answer!.checkout_url.replace('/payments/sandbox/', '');
    const res = await load('pay in the sandbox', 200, 'POST', `/v1/payments/sandbox/${session}/complete`);
    if (!res) return false;
    open!.paid = 'yes';
  } else {
    draft!.post = 'unknown';
    const res = await load<JobDetail>('post job', 200, 'POST', `/v1/jobs/${draft!.id}/post`, { token: adminToken, body: {}, key: randomUUID() });
    if (!res) return false;
    expect(res.body.status).toBe('live');
    draft!.post = 'live';
  }
  return true;
}

// ---- Verification after a restart -------------------------------------------------------------------------------

/** The fields a draft was created with; what later requests changed (tags, status, posting) is checked on its own. */
function content(job: JobDetail) {
  const { employer, updated_at: _u, tags: _t, status: _s, posted_at: _p, advert_start_at: _a, advert_end_at: _e, status_history: _h, allowed_actions: _x, ...rest } = job;
  return { ...rest, employer_id: (employer as { id: string }).id };
}

async function verifyJobs(loops: Loop[]) {
  const all = loops.flatMap((l) => l.jobs);
  for (let i = 0; i < all.length; i += 16)
    await Promise.all(
      all.slice(i, i + 16).map(async (job) => {
        const now = await read<JobDetail>(`/v1/jobs/${job.id}/detail`);
        expect(content(now)).toEqual(content(job.created));
        expect(now.screening_questions).toHaveLength(2);
        expect([job.tags, ...(job.maybeTags ? [job.maybeTags] : [])]).toContainEqual(now.tags);
        if (job.post === 'unknown') expect(['draft', 'live']).toContain(now.status);
        else expect(now.status).toBe(job.post);
        job.tags = now.tags;
        job.maybeTags = null;
        job.post = now.status as TrackedJob['post'];
      }),
    );

  // Every job the load created, answered or not, is whole: its questions and history with it, and a posted one
  // charged exactly once with its audit row; a draft charged nothing.
  const { rows } = await database.db.execute<{ id: string; status: string; questions: number; history: number; charges: number; audits: number }>(sql`
    select j.id, j.status,
      (select count(*) from screening_questions q where q.job_id = j.id)::int as questions,
      (select count(*) from job_status_history h where h.job_id = j.id)::int as history,
      (select count(*) from credit_ledgers l where l.reference_type = 'job' and l.reference_id = j.id and l.action = 'post')::int as charges,
      (select count(*) from audit_logs a where a.subject_id = j.id::text and a.action = 'job.posted')::int as audits
    from jobs j where j.account_id = ${tenant.account.id} and j.created_by_user_id = ${tenant.users.accountAdmin.id}`);
  expect(rows.length).toBeGreaterThanOrEqual(all.length);
  for (const r of rows) {
    const live = r.status === 'live';
    expect(r, `job ${r.id}`).toEqual({ id: r.id, status: live ? 'live' : 'draft', questions: 2, history: live ? 2 : 1, charges: live ? 1 : 0, audits: live ? 1 : 0 });
  }
  // Every post carried an Idempotency-Key: one stored result per live job, none for a post that was rolled back.
  const keys = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, tenant.users.accountAdmin.id));
  expect(keys.map((k) => (k.response as { id: string }).id).sort()).toEqual(rows.filter((r) => r.status === 'live').map((r) => r.id).sort());
}

interface HistoryEntry {
  id: string;
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  notify: { candidate: boolean };
}

async function verifyApplications(loops: Loop[]) {
  const apps = loops.flatMap((l) => l.apps);
  const candidateMail = await database.db.select({ key: emailOutbox.dedupeKey }).from(emailOutbox).where(inArray(emailOutbox.event, applicationStatuses.map(candidateStatusKind)));
  const mailKeys = new Set(candidateMail.map((m) => m.key));
  let mailed = 0;
  await Promise.all(
    apps.map(async (a) => {
      const [{ status }, { history }] = await Promise.all([
        read<{ status: ApplicationStatus }>(`/v1/applications/${a.id}/overview`),
        read<{ history: HistoryEntry[] }>(`/v1/applications/${a.id}/history`),
      ]);
      // Every acknowledged change is recorded, in order, and the one left unanswered either entirely or not at all.
      const to = history.map((h) => h.to_status);
      expect([a.changes, ...(a.maybe ? [[...a.changes, a.maybe]] : [])]).toContainEqual(to);
      expect(history[0]?.from_status ?? 'applied').toBe('applied');
      for (let i = 1; i < history.length; i++) expect(history[i]!.from_status).toBe(history[i - 1]!.to_status);
      expect(status).toBe(to.at(-1) ?? 'applied');
      // Its audit row and (when ticked) the candidate's email were written in the same transaction.
      const [audits] = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_logs where subject_id = ${a.id} and action = 'application.status'`,
      ).then((r) => r.rows);
      expect(audits!.n).toBe(history.length);
      for (const h of history) {
        expect(mailKeys.has(`${candidateStatusKind(h.to_status)}:${h.id}:${a.seekerId}`)).toBe(h.notify.candidate);
        if (h.notify.candidate) mailed++;
      }
      a.changes = to;
      a.status = status;
      a.maybe = null;
    }),
  );
  const ours = new Set(apps.map((a) => a.seekerId));
  expect(candidateMail.filter((m) => ours.has(m.key!.split(':')[2]!))).toHaveLength(mailed);
}

async function verifyCredits(loops: Loop[]) {
  const tracked = loops.flatMap((l) => l.purchases);
  // A purchase whose answer never came is retried with its key, as a client would: it answers the purchase if the
  // first attempt committed, or makes it now. An answered one must replay exactly what was answered.
  for (let i = 0; i < tracked.length; i += 16)
    await Promise.all(
      tracked.slice(i, i + 16).map(async (p) => {
        const again = await send<TrackedPurchase['answer']>('POST', '/v1/credit/purchases', { token: buyerToken, employer: true, body: { quantity: p.quantity }, key: p.key });
        expect(again?.status, JSON.stringify(again?.body)).toBe(201);
        if (p.answer) expect(again!.body).toEqual(p.answer);
        p.answer = again!.body;
      }),
    );
  const purchases = await database.db.select().from(creditPurchases).where(eq(creditPurchases.employerId, e1));
  const keys = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, tenant.users.employerAdmin.id));
  // One purchase per key and one key per purchase: nothing opened twice, nothing opened without its stored result.
  expect(purchases).toHaveLength(tracked.length);
  expect(keys.map((k) => k.key).sort()).toEqual(tracked.map((p) => p.key).sort());
  expect(keys.map((k) => (k.response as { purchase: { id: string } }).purchase.id).sort()).toEqual(purchases.map((p) => p.id).sort());

  const { rows } = await database.db.execute<{ id: string; status: string; credits: number; checkouts: number; credited: number; mail: number; inbox: number }>(sql`
    select p.id, p.status,
      (select count(*) from credit_ledgers l where l.reference_type = 'purchase' and l.reference_id = p.id)::int as credits,
      (select count(*) from audit_logs a where a.subject_id = p.id::text and a.action = 'credits.checkout')::int as checkouts,
      (select count(*) from audit_logs a where a.subject_id = p.id::text and a.action = 'credits.purchase')::int as credited,
      (select count(*) from email_outbox o where o.dedupe_key like 'credit.purchased:' || p.id || ':%')::int as mail,
      (select count(*) from notifications n where n.dedupe_key like 'credit.purchased:' || p.id || ':%')::int as inbox
    from credit_purchases p where p.employer_id = ${e1}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of rows) {
    const paid = r.status === 'paid';
    expect(r, `purchase ${r.id}`).toEqual({ id: r.id, status: paid ? 'paid' : 'pending', credits: +paid, checkouts: 1, credited: +paid, mail: +paid, inbox: +paid });
  }
  for (const p of tracked) {
    const row = byId.get(p.answer!.purchase.id)!;
    if (p.paid === 'yes') expect(row.status).toBe('paid');
    if (p.paid === 'no') expect(row.status).toBe('pending');
    p.paid = row.status === 'paid' ? 'yes' : 'no';
  }

  const balance = await balanceOf(t, e1);
  expect(await ledgerAddsUp(t, e1, balance)).toBe(true);
  const paidCredits = purchases.filter((p) => p.status === 'paid').reduce((sum, p) => sum + p.quantity, 0);
  const [live] = await database.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(and(eq(jobs.employerId, e1), eq(jobs.status, 'live'), sql`${jobs.postedAt} is not null and ${jobs.createdByUserId} is not null`));
  expect(balance).toBe(GRANT + paidCredits - live!.n);
}

const until = async (what: string, check: () => Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Everything queued has gone out, each message once; a second copy only of a message a killed process was sending. */
async function verifyMail() {
  await until('the outbox is empty', async () => {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(sql`${emailOutbox.status} <> 'sent'`);
    return row!.n === 0;
  });
  const rows = await database.db.select({ id: emailOutbox.id, attempts: emailOutbox.attempts }).from(emailOutbox);
  const ids = new Set(rows.map((r) => r.id));
  // SMTP is acknowledged before the row is marked sent, so the last message can still be on its way to us.
  await until('every sent message has arrived', async () => rows.every((r) => received.has(r.id)), 5_000);
  for (const r of rows) {
    const copies = received.get(r.id) ?? 0;
    if (inDoubt.has(r.id)) expect(copies, `message ${r.id}`).toBeLessThanOrEqual(2);
    else expect(copies, `message ${r.id}`).toBe(1);
  }
  for (const id of received.keys()) expect(ids.has(id), `a message that is not in the outbox: ${id}`).toBe(true);
}

/** A live advert whose end date has passed while the process was down. */
async function addEndedAdvert() {
  const job = await addLiveJob(t, tenant, { title: 'Ended advert' });
  await database.db.update(jobs).set({ advertEndAt: new Date(Date.now() - 60_000) }).where(eq(jobs.id, job.id));
  return job.id;
}

/**
 * The restarted process's scheduler expires the ended advert exactly once. Its sweep runs once a minute; the task row
 * is made due now, as it would be a minute later, so the test need not wait. A second sweep (checked once, after the
 * last crash) finds nothing more to do.
 */
async function verifyExpiry(jobId: string, again: boolean) {
  const due = () => database.db.update(scheduledTasks).set({ nextRunAt: sql`now()` }).where(eq(scheduledTasks.name, 'jobs.expire'));
  const runs = async () => (await database.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'jobs.expire')))[0]?.runs ?? 0;
  await due();
  await until('the ended advert is expired', async () => (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!.status === 'expired');
  if (again) {
    const before = await runs();
    await due();
    await until('the sweep has run again', async () => (await runs()) > before);
  }
  const { rows } = await database.db.execute<{ history: number; audits: number; mail: number }>(sql`
    select (select count(*) from job_status_history where job_id = ${jobId} and to_status = 'expired')::int as history,
      (select count(*) from audit_logs where subject_id = ${jobId} and action = 'job.expired')::int as audits,
      (select count(*) from email_outbox where dedupe_key like ${`job.expired:${jobId}:%`})::int as mail`);
  expect(rows[0]).toEqual({ history: 1, audits: 1, mail: 1 });
}

/** Waits until the killed process's transactions are over: committed or rolled back by the server. */
async function settled() {
  await until('the killed process has no open transaction', async () => {
    const { rows } = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and state <> 'idle'`);
    return rows[0]!.n === 0;
  });
}

it(`keeps every acknowledged write, and nothing half-done, through ${CRASHES} SIGKILLs under load`, async () => {
  const job = await addLiveJob(t, tenant, { title: 'Warehouse Picker' });
  const loops: Loop[] = [];
  for (let l = 0; l < LOOPS; l++) {
    const apps: TrackedApp[] = [];
    for (let i = 0; i < 2; i++) {
      const seeker = await addSeeker(t, tenant);
      apps.push({ id: (await addApplication(t, job, seeker)).id, seekerId: seeker.id, status: 'applied', changes: [], maybe: null });
    }
    loops.push({ n: 0, answered: 0, jobs: [], apps, purchases: [], mailedChanges: 0, payments: 0 });
  }

  for (let crash = 0; crash < CRASHES; crash++) {
    for (const loop of loops) {
      loop.mailedChanges = 0;
      loop.payments = 0;
      loop.answered = 0;
    }
    let killed = false;
    const running = loops.map(async (loop, l) => {
      try {
        while (!killed) {
          if (!(await step(l, loop))) {
            if (!killed) unexpected.push(`loop ${l}: no answer while the process was running`);
            stats.unanswered_at_crash++;
            return;
          }
          loop.answered++;
        }
      } catch (err) {
        unexpected.push(`loop ${l}: ${String(err)}`);
      }
    });
    // Killed in the middle of the load, once every loop is under way, at a different moment each time.
    await until('every loop is under way', async () => loops.every((l) => l.answered >= 2) || unexpected.length > 0);
    expect(unexpected).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_000 + crash * 300 + Math.floor(Math.random() * 300)));
    // An advert whose end passes while the process is down (the running one swept a minute ago, not since).
    const ended = await addEndedAdvert();
    const dead = server!;
    const exited = new Promise((r) => (dead.child.exitCode !== null || dead.child.signalCode ? r(null) : dead.child.once('exit', r)));
    killed = true;
    dead.child.kill('SIGKILL');
    await exited;
    await Promise.all(running);
    expect(unexpected).toEqual([]);
    await settled();
    expect((await database.db.select().from(jobs).where(eq(jobs.id, ended)))[0]!.status).toBe('live');

    // Mail the dead process had claimed stays `sending` until requeueStuck() finds it ten minutes old: let that
    // time pass for those rows, so the new process sends them again.
    const sending = await database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, 'sending'));
    for (const r of sending) inDoubt.add(r.id);
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '11 minutes'` })
      .where(eq(emailOutbox.status, 'sending'));

    server = await startApi(urlOf(database.pool), dir, env);
    stats.crashes_survived++;
    await verifyJobs(loops);
    await verifyApplications(loops);
    await verifyCredits(loops);
    await verifyExpiry(ended, crash === CRASHES - 1);
    await verifyMail();
  }

  expect(stats.acknowledged_2xx).toBeGreaterThanOrEqual(2 * LOOPS * CRASHES);
  // What the last verification covered: every record the load made, answered or not, in its final state.
  const count = async (table: string, where = sql`true`) =>
    (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`)).rows[0]!.n;
  const account = sql`account_id = ${tenant.account.id}`;
  const summary = {
    crashes: CRASHES,
    concurrent_loops: LOOPS,
    ...stats,
    records_verified: {
      jobs_acknowledged: loops.flatMap((l) => l.jobs).length,
      jobs_in_database: await count('jobs', sql`${account} and created_by_user_id is not null`),
      jobs_posted: await count('jobs', sql`${account} and created_by_user_id is not null and status = 'live'`),
      screening_questions: await count('screening_questions', account),
      applications: loops.flatMap((l) => l.apps).length,
      status_changes: await count('application_status_history', account),
      purchases: await count('credit_purchases', account),
      purchases_paid: await count('credit_purchases', sql`${account} and status = 'paid'`),
      ledger_entries: await count('credit_ledgers', account),
      emails: await count('email_outbox'),
      adverts_expired_by_the_restarted_scheduler: CRASHES,
    },
    mail: { messages_received: [...received.values()].reduce((a, b) => a + b, 0), claimed_by_a_killed_process: inDoubt.size },
  };
  mkdirSync(join(root, 'test-results'), { recursive: true });
  writeFileSync(join(root, 'test-results/crash-summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
}, 300_000);
