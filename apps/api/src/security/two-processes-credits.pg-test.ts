import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedgers, creditPurchases, idempotencyKeys, paymentEvents } from '../db/schema/credits';
import type { TestDatabase } from '../db/testing';
import { ledgerAddsUp, setPrice, balanceOf } from '../test/credits';
import { startStripeStandIn, stripeEvent as event, type StandInSession, type StripeStandIn } from '../modules/credits/stripe-stand-in';
import type { TestApp } from '../test/harness';
import { useTwoProcesses } from './two-processes.fixtures';

/*
 * Two API processes on one PostgreSQL database, requests alternated between them (two-processes.fixtures.ts): what
 * keeps a purchase or a payment from happening twice lives in the database (unique indexes, row locks, the webhook's
 * event table), so it must hold whichever process serves each request. Payments go through the Stripe provider, whose
 * API is the local stand-in (stripe-stand-in.ts); webhooks are signed here as Stripe signs them.
 */

const SECRET = 'whsec_two_processes';
const signer = new Stripe('sk_test_x');

let stand: StripeStandIn;
const procs = useTwoProcesses(async () => {
  stand = await startStripeStandIn();
  return { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: stand.base, APP_URL: 'http://portal.test' };
});
const { send } = procs;
let database: TestDatabase;
let t: TestApp;
let buyerToken: string;
let e1: string;

beforeAll(async () => {
  ({ database, t } = procs);
  e1 = procs.tenant.employers[0].id;
  await setPrice(t, procs.tenant.sites[0].id, 4900);
  buyerToken = await procs.signIn(procs.tenant.users.employerAdmin.email);
});

afterAll(() => stand?.close());

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
