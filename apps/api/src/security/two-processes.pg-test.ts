import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { applicationStatusHistory } from '../db/schema/applications';
import { creditLedgers, creditPurchases, idempotencyKeys, paymentEvents } from '../db/schema/credits';
import { emailOutbox } from '../db/schema/platform';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { addApplication, addLiveJob, addSeeker } from '../modules/applications/applications.fixtures';
import { addMailableConsultant } from '../modules/applications/application-tests.fixtures';
import { ledgerAddsUp, setPrice } from '../modules/credits/credits.fixtures';
import { startStripeStandIn, stripeEvent as event, type StandInSession, type StripeStandIn } from '../modules/credits/stripe-stand-in';
import { balanceOf } from '../modules/jobs/jobs.fixtures';
import { createTenant, PASSWORD, type Tenant } from '../test/factories';
import type { TestApp } from '../test/harness';
import { startApi, urlOf, type ApiProcess } from '../test/processes';

/*
 * Two API processes (as `npm start` runs them) on one PostgreSQL database, requests alternated between them: what
 * keeps a purchase, a payment and a status change from happening twice lives in the database (unique indexes, row
 * locks, the webhook's event table), so it must hold whichever process serves each request. Payments go through the
 * Stripe provider, whose API is the local stand-in (stripe-stand-in.ts); webhooks are signed here as Stripe signs them.
 */

const SECRET = 'whsec_two_processes';
const signer = new Stripe('sk_test_x');

let database: TestDatabase;
let tenant: Tenant;
let stand: StripeStandIn;
let dir: string;
const servers: ApiProcess[] = [];
/** The fixtures only use the database handle; the servers under test are the two processes. */
let t: TestApp;
let buyerToken: string;
let adminToken: string;
let e1: string;

interface Res<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** One request to process `i % 2`, with the portal's headers; the JSON answer (or null for an empty one). */
async function send<T = Record<string, unknown>>(
  i: number,
  method: string,
  path: string,
  opts: { token?: string; employer?: boolean; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { 'x-af-eid': 'test', ...opts.headers };
  if (opts.token) {
    headers.authorization = `Bearer ${opts.token}`;
    headers['x-af-aid'] = tenant.account.id;
    headers['x-af-sid'] = tenant.sites[0].id;
    if (opts.employer) headers['x-af-empid'] = e1;
  }
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${servers[i % 2]!.base}${path}`, { method, headers, body: payload });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

async function signIn(email: string) {
  const res = await send<{ access_token: string }>(0, 'POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hireline-2proc-security-'));
  stand = await startStripeStandIn();
  database = await openTestDatabase({ kind: 'postgres' });
  t = { deps: { db: database.db } } as unknown as TestApp;
  tenant = await createTenant(database.db, { name: 'Two processes' });
  e1 = tenant.employers[0].id;
  await setPrice(t, tenant.sites[0].id, 4900);
  const url = urlOf(database.pool);
  const env = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: stand.base, APP_URL: 'http://portal.test' };
  servers.push(...(await Promise.all([startApi(url, dir, env), startApi(url, dir, env)])));
  buyerToken = await signIn(tenant.users.employerAdmin.email);
  adminToken = await signIn(tenant.users.accountAdmin.email);
}, 90_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await database?.dispose();
  await stand?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface PurchaseAnswer {
  purchase: { id: string; status: string; quantity: number };
  checkout_url: string;
}

const buy = (i: number, quantity: number, key: string) =>
  send<PurchaseAnswer>(i, 'POST', '/v1/credit/purchases', { token: buyerToken, employer: true, body: { quantity }, headers: { 'idempotency-key': key } });

async function purchaseRow(id: string) {
  const [row] = await database.db.select().from(creditPurchases).where(eq(creditPurchases.id, id));
  return row!;
}

/** The ledger rows that credit this purchase. */
const creditsOf = (purchaseId: string) =>
  database.db
    .select()
    .from(creditLedgers)
    .where(and(eq(creditLedgers.referenceType, 'purchase'), eq(creditLedgers.referenceId, purchaseId)));

/** A new purchase through the API (one Checkout Session at the stand-in) and its session. */
async function opened(quantity: number, i = 0) {
  const res = await buy(i, quantity, randomUUID());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = stand.sessions.get((await purchaseRow(res.body.purchase.id)).providerSessionId!);
  expect(session).toBeDefined();
  return { id: res.body.purchase.id, session: session! };
}

const paid = (s: StandInSession) => event('checkout.session.completed', s, { status: 'complete', payment_status: 'paid' });
const expired = (s: StandInSession) => event('checkout.session.expired', s, { status: 'expired' });
const failed = (s: StandInSession) => event('checkout.session.async_payment_failed', s, { status: 'complete', payment_status: 'unpaid' });

/** Posts the event raw, freshly signed, to process `i % 2` (Stripe sends no X-AF-EID). */
function deliver(i: number, evt: object) {
  const raw = JSON.stringify(evt);
  const signature = signer.webhooks.generateTestHeaderString({ payload: raw, secret: SECRET });
  return send(i, 'POST', '/v1/payments/stripe/webhook', { raw, headers: { 'stripe-signature': signature } });
}

/** Delivers every event to both processes at once; Stripe only needs a 2xx to stop retrying. */
async function deliverAll(events: object[]) {
  const answers = await Promise.all(events.map((evt, i) => deliver(i, evt)));
  for (const a of answers) expect(a, JSON.stringify(a.body)).toEqual({ status: 200, body: { received: true } });
}

async function expectCreditedOnce(purchaseId: string, quantity: number) {
  const rows = await creditsOf(purchaseId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ action: 'purchase', creditAmount: quantity, employerId: e1 });
  expect((await purchaseRow(purchaseId)).status).toBe('paid');
}

describe('one Idempotency-Key sent to both processes at once', () => {
  it('opens one checkout, answers every request with the same stored result, and credits once when paid', async () => {
    const before = await balanceOf(t, e1);
    const purchasesBefore = (await database.db.select().from(creditPurchases).where(eq(creditPurchases.employerId, e1))).length;
    const creates = stand.creates().length;
    const key = randomUUID();

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => buy(i, 5, key)));
    // idempotency.ts: a concurrent request waits on the key's unique index, then replays the committed result.
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
    const first = answers[0]!.body;
    for (const a of answers) expect(a.body).toEqual(first);
    expect(first.purchase).toMatchObject({ status: 'pending', quantity: 5 });
    expect(stand.creates()).toHaveLength(creates + 1);
    expect(await database.db.select().from(creditPurchases).where(eq(creditPurchases.employerId, e1))).toHaveLength(purchasesBefore + 1);
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);

    // The same key with another body is refused on either process, and opens nothing.
    const other = await Promise.all([buy(0, 6, key), buy(1, 6, key)]);
    for (const a of other) {
      expect(a.status, JSON.stringify(a.body)).toBe(422);
      expect(a.body).toMatchObject({ code: 'idempotency_mismatch' });
    }
    expect(stand.creates()).toHaveLength(creates + 1);

    // Paid: the webhook (replayed) and the success page's confirm, all at once on both processes.
    const id = first.purchase.id;
    const session = stand.sessions.get((await purchaseRow(id)).providerSessionId!)!;
    stand.setSession(session.id, { status: 'complete', payment_status: 'paid' });
    const completed = paid(session);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => deliver(i, completed)),
      ...Array.from({ length: 4 }, (_, i) => send(i, 'POST', `/v1/credit/purchases/${id}/confirm`, { token: buyerToken, employer: true })),
    ]);
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    await expectCreditedOnce(id, 5);
    expect(await balanceOf(t, e1)).toBe(before + 5);
    expect(await ledgerAddsUp(t, e1, before + 5)).toBe(true);

    // Still the stored answer afterwards: a client retrying the purchase does not buy again.
    const retried = await Promise.all([buy(0, 5, key), buy(1, 5, key)]);
    for (const a of retried) expect(a).toEqual({ status: 201, body: first });
    expect(stand.creates()).toHaveLength(creates + 1);
  });
});

describe('Stripe webhooks replayed and out of order, across both processes', () => {
  it('credits the same completed event delivered 8 times at once exactly once, recording the event once', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await opened(2);
    const completed = paid(session);
    await deliverAll(Array.from({ length: 8 }, () => completed));
    await expectCreditedOnce(id, 2);
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.id, completed.id))).toHaveLength(1);
    expect(await balanceOf(t, e1)).toBe(before + 2);
  });

  it('credits once when async_payment_succeeded arrives before the unpaid completed event it follows', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await opened(3, 1);
    await deliverAll([event('checkout.session.async_payment_succeeded', session, { status: 'complete', payment_status: 'paid' })]);
    // The earlier event, delivered late: completed with a delayed method, not yet paid. It must not undo the payment.
    const late = event('checkout.session.completed', session, { status: 'complete', payment_status: 'unpaid' });
    await deliverAll([late, late, late]);
    await expectCreditedOnce(id, 3);
    expect(await balanceOf(t, e1)).toBe(before + 3);
  });

  it('grants nothing for a session that failed and then expired, however often and wherever the events arrive', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await opened(4);
    const f = failed(session);
    const x = expired(session);
    await deliverAll([f, f, f]);
    expect((await purchaseRow(id)).status).toBe('failed');
    await deliverAll([x, f, x, f]);
    expect(await creditsOf(id)).toEqual([]);
    // Settlement only moves a purchase forward: failed stays failed, it does not become cancelled.
    expect((await purchaseRow(id)).status).toBe('failed');
    expect(await balanceOf(t, e1)).toBe(before);
  });

  it('grants nothing for an expired session, then credits once when a payment for it arrives late', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await opened(6, 1);
    const x = expired(session);
    await deliverAll([x, x, x, x]);
    expect(await creditsOf(id)).toEqual([]);
    expect((await purchaseRow(id)).status).toBe('cancelled');
    expect(await balanceOf(t, e1)).toBe(before);

    const late = paid(session);
    await deliverAll([late, x, late, failed(session), late]);
    await expectCreditedOnce(id, 6);
    expect(await balanceOf(t, e1)).toBe(before + 6);
  });

  it('credits once when every kind of event for one session races on both processes', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await opened(7);
    const completed = paid(session);
    await deliverAll([
      expired(session),
      completed,
      failed(session),
      event('checkout.session.async_payment_succeeded', session, { status: 'complete', payment_status: 'paid' }),
      completed,
      expired(session),
      completed,
      failed(session),
    ]);
    await expectCreditedOnce(id, 7);
    expect(await balanceOf(t, e1)).toBe(before + 7);
  });

  it('leaves a ledger that adds up to the balance, which is exactly what was paid for', async () => {
    const balance = await balanceOf(t, e1);
    expect(await ledgerAddsUp(t, e1, balance)).toBe(true);
    const paidRows = await database.db.select().from(creditPurchases).where(and(eq(creditPurchases.employerId, e1), eq(creditPurchases.status, 'paid')));
    expect(balance).toBe(paidRows.reduce((sum, p) => sum + p.quantity, 0));
    // One credit entry per paid purchase, none for the others.
    const ledger = await database.db.select().from(creditLedgers).where(eq(creditLedgers.employerId, e1));
    expect(ledger.map((r) => r.referenceId).sort()).toEqual(paidRows.map((p) => p.id).sort());
  });
});

interface HistoryEntry {
  id: string;
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  created_at: string;
}

/** application-notify.ts: the dedupe key of a summary names the history rows it reports, in any order. */
const digest = (historyIds: string[]) => createHash('sha256').update([...historyIds].sort().join(',')).digest('hex').slice(0, 32);

describe('bulk status changes on the same applications from both processes at once', () => {
  it('keeps each application in a requested status with a complete history, and queues each email once', async () => {
    const consultant = await addMailableConsultant(t, tenant, { name: 'Casey Consultant' });
    const job = await addLiveJob(t, tenant, { title: 'Night Picker', consultantId: consultant.id });
    const apps: { id: string; seekerId: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const seeker = await addSeeker(t, tenant);
      apps.push({ id: (await addApplication(t, job, seeker)).id, seekerId: seeker.id });
    }
    const targets: ApplicationStatus[] = ['shortlisted', 'interviewed', 'offered', 'unsuccessful', 'screening', 'invited', 'new', 'registered', 'shortlisted', 'offered'];
    // Overlapping selections: every application is in most requests, no two requests pick the same set.
    const requests = targets.map((status, k) => ({ status, ids: apps.filter((_, i) => (i * 7 + k) % 4 !== 0 || k < 2).map((a) => a.id) }));
    const notify = { admin: true, consultants: true, candidate: true };

    const answers = await Promise.all(
      requests.map((r, k) =>
        send<{ results: { id: string; ok: boolean; status: ApplicationStatus }[] }>(k, 'POST', '/v1/applications/bulk', {
          token: adminToken,
          body: { action: 'status', ids: r.ids, status: r.status, notify },
        }),
      ),
    );
    for (const [k, a] of answers.entries()) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.results).toHaveLength(requests[k]!.ids.length);
      // Changed, or already in that status because an earlier request had put it there: ok either way.
      for (const r of a.body.results) expect(r).toMatchObject({ ok: true, status: requests[k]!.status });
    }

    const historyIds: string[] = [];
    for (const app of apps) {
      const [overview, history] = await Promise.all([
        send<{ status: ApplicationStatus }>(0, 'GET', `/v1/applications/${app.id}/overview`, { token: adminToken }),
        send<{ history: HistoryEntry[] }>(1, 'GET', `/v1/applications/${app.id}/history`, { token: adminToken }),
      ]);
      expect(overview.status).toBe(200);
      expect(history.status).toBe(200);
      const rows = history.body.history;
      const requested = requests.filter((r) => r.ids.includes(app.id)).map((r) => r.status);
      expect(requested).toContain(overview.body.status);
      // Oldest first, as the portal shows it: one unbroken chain from where it started to where it is.
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(requested.length);
      expect(rows[0]!.from_status, JSON.stringify(rows)).toBe('applied');
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.from_status, `history of ${app.id}: ${JSON.stringify(rows)}`).toBe(rows[i - 1]!.to_status);
      for (const r of rows) {
        expect(r.from_status).not.toBe(r.to_status);
        expect(requested).toContain(r.to_status);
      }
      expect(rows.at(-1)!.to_status).toBe(overview.body.status);
      historyIds.push(...rows.map((r) => r.id));
    }
    expect(new Set(historyIds).size).toBe(historyIds.length);

    // The candidate's email for each recorded change, exactly once, and none for a change that did not happen.
    const appIds = apps.map((a) => a.id);
    const candidateMail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.event, 'application.status.candidate'));
    const seekerOf = new Map(apps.map((a) => [a.id, a.seekerId]));
    const changes = await database.db
      .select({
        id: applicationStatusHistory.id,
        applicationId: applicationStatusHistory.applicationId,
        // Microseconds, as stored: the transaction's start time (the history row's default).
        tx: sql<string>`${applicationStatusHistory.createdAt}::text`,
      })
      .from(applicationStatusHistory)
      .where(inArray(applicationStatusHistory.applicationId, appIds));
    expect(changes.map((c) => c.id).sort()).toEqual([...historyIds].sort());
    expect(candidateMail.map((m) => m.dedupeKey).sort()).toEqual(
      changes.map((c) => `application.status.candidate:${c.id}:${seekerOf.get(c.applicationId)}`).sort(),
    );

    // One summary per admin (account admin, site manager) and one for the job's consultant per request that changed
    // something. A request's history rows share its transaction's timestamp, which groups them back into requests.
    const byRequest = new Map<string, string[]>();
    for (const c of changes) byRequest.set(c.tx, [...(byRequest.get(c.tx) ?? []), c.id]);
    expect(byRequest.size).toBeGreaterThan(0);
    expect(byRequest.size).toBeLessThanOrEqual(requests.length);
    const admins = [tenant.users.accountAdmin.id, tenant.users.siteManager.id];
    const expected = [...byRequest.values()].flatMap((ids) => [
      ...admins.map((a) => `application.status.admin:${digest(ids)}:${a}`),
      `application.status.consultant:${digest(ids)}:${consultant.id}`,
    ]);
    const summaries = await database.db
      .select({ key: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(inArray(emailOutbox.event, ['application.status.admin', 'application.status.consultant']));
    expect(summaries.map((s) => s.key).sort()).toEqual(expected.sort());

    // The stage counters (a statement-level trigger) still equal a real count.
    const stored = await send(0, 'GET', '/v1/applications/counts', { token: adminToken });
    const counted = await send(1, 'GET', '/v1/applications/counts?created_from=2000-01-01', { token: adminToken });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual(counted.body);
  });
});
