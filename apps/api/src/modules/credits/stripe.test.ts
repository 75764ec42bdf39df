import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedgers, creditPurchases, idempotencyKeys, paymentEvents } from '../../db/schema/credits';
import { jobs } from '../../db/schema/jobs';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addProduct, completeJob, requireApproval } from '../../test/jobs';
import { balanceOf, ledgerOf, addTiers, ledgerAddsUp, setPrice } from '../../test/credits';
import { client, employer1, type Client } from '../../test/client';
import { STRIPE_TOLERANCE_S } from './payments.service';
import { startStripeStandIn, stripeEvent as event, type StandInSession, type StripeStandIn } from './stripe-stand-in';
import { coded } from '../../test/errors';

/*
 * The Stripe path end to end without Stripe: the app's stripe-node client talks to a local stand-in
 * (stripe-stand-in.ts) for the Checkout Session it opens and asks about, and webhooks are signed here with the
 * test signing secret exactly as Stripe signs them, then posted raw to the webhook route.
 */

const SECRET = 'whsec_test';
const WEBHOOK = '/portal/v1/payments/stripe/webhook';
const PROVIDER_DOWN = 'The payment provider could not be reached. Please try again.';
const signer = new Stripe('sk_test_x');

let stand: StripeStandIn;
let t: TestApp;
let a: Tenant;
let buyer: Client;
let e1: string;

beforeAll(async () => {
  stand = await startStripeStandIn();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: stand.base });
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  e1 = a.employers[0].id;
  await addTiers(t, a);
  await setPrice(t, a.sites[0].id, 4900);
  // Employer permissions count while their employer is the selected one (X-AF-EMPID), as the portal sends it.
  buyer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

async function purchaseRow(id: string) {
  const [row] = await t.deps.db.select().from(creditPurchases).where(eq(creditPurchases.id, id));
  return row!;
}

/** The ledger rows that credit this purchase. */
const creditsOf = (purchaseId: string) =>
  t.deps.db
    .select()
    .from(creditLedgers)
    .where(and(eq(creditLedgers.referenceType, 'purchase'), eq(creditLedgers.referenceId, purchaseId)));

async function expectCreditedOnce(purchaseId: string, quantity: number, employerId = e1) {
  const rows = await creditsOf(purchaseId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ action: 'purchase', creditAmount: quantity, employerId, referenceType: 'purchase', referenceId: purchaseId });
  expect((await purchaseRow(purchaseId)).status).toBe('paid');
}

async function expectNotCredited(purchaseId: string, status: string) {
  expect(await creditsOf(purchaseId)).toEqual([]);
  expect((await purchaseRow(purchaseId)).status).toBe(status);
}

const eventRow = async (id: string) => (await t.deps.db.select().from(paymentEvents).where(eq(paymentEvents.id, id)))[0] ?? null;

/** Buys through the API (one new Checkout Session at the stand-in) and answers the purchase and its session. */
async function buy(quantity: number, who: Client = buyer, key = randomUUID()) {
  const creates = stand.creates().length;
  const res = await who.post('/v1/credit/purchases', { quantity }, { 'idempotency-key': key });
  expect(res.statusCode, res.body).toBe(201);
  expect(stand.creates()).toHaveLength(creates + 1);
  const id = res.json().purchase.id as string;
  const session = stand.sessions.get((await purchaseRow(id)).providerSessionId!);
  expect(session).toBeDefined();
  return { id, session: session!, res };
}


const completedPaid = (s: StandInSession) => event('checkout.session.completed', s, { status: 'complete', payment_status: 'paid' });

/** Posts the event raw with a Stripe-Signature header (no X-AF-EID: Stripe does not send one). */
function deliver(evt: object, opts: { secret?: string; timestamp?: number; header?: string | null; payload?: string } = {}) {
  const payload = JSON.stringify(evt);
  const header =
    opts.header !== undefined ? opts.header : signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp });
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', ...(header === null ? {} : { 'stripe-signature': header }) },
    payload: opts.payload ?? payload,
  });
}

async function expectReceived(res: Awaited<ReturnType<typeof deliver>>) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
}

describe('buying credits', () => {
  it('opens one Checkout Session for the quoted total and answers its URL with a pending purchase', async () => {
    const before = await balanceOf(t, e1);
    const key = randomUUID();
    const { id, session, res } = await buy(10, buyer, key);
    const body = res.json();
    expect(body.checkout_url).toBe(`https://checkout.stripe.test/pay/${session.id}`);
    expect(body.checkout_url).toBe(session.url);
    expect(body.purchase).toMatchObject({
      id,
      status: 'pending',
      provider: 'stripe',
      purpose: 'credits',
      quantity: 10,
      currency: 'USD',
      unit_price_cents: 4900,
      discount_percent: 10,
      subtotal_cents: 49_000,
      discount_cents: 4_900,
      total_cents: 44_100,
      employer: { id: e1 },
      buyer: { id: a.users.employerAdmin.id },
      paid_at: null,
      balance: before,
    });

    // What stripe-node sent: form-encoded, the total as one line, absolute return URLs, the purchase to find it by.
    const sent = stand.creates().at(-1)!;
    const success = `http://${a.account.domain}/${a.account.slug}/${a.sites[0].slug}/credit-system/payment-success?purchase=${id}`;
    expect(sent.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(sent.headers.authorization).toBe('Bearer sk_test_x');
    expect(sent.headers['idempotency-key']).toBe(`purchase-${id}`);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '44100',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': '10 job-posting credits — Alpha Jobs',
      success_url: success,
      cancel_url: `${success}&cancelled=1`,
      client_reference_id: id,
      'metadata[purchase_id]': id,
      customer_email: a.users.employerAdmin.email,
    });
    expect(sent.form.get('success_url')).toContain('/credit-system/payment-success?purchase=');
    expect(session).toMatchObject({ metadata: { purchase_id: id }, client_reference_id: id, amount_total: 44_100, currency: 'usd' });

    const row = await purchaseRow(id);
    expect(row).toMatchObject({ status: 'pending', providerSessionId: session.id, provider: 'stripe', totalCents: 44_100 });
    expect(await creditsOf(id)).toEqual([]);
    expect(await balanceOf(t, e1)).toBe(before);

    // The same Idempotency-Key answers the same checkout without opening another session.
    const again = await buyer.post('/v1/credit/purchases', { quantity: 10 }, { 'idempotency-key': key });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(body);
    expect(stand.creates().filter((r) => r.form.get('client_reference_id') === id)).toHaveLength(1);
  });

  it('credits a paid checkout.session.completed exactly once; a replay or any later event for the session adds nothing', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(10);
    const completed = completedPaid(session);
    await expectReceived(await deliver(completed));
    await expectCreditedOnce(id, 10);
    expect(await balanceOf(t, e1)).toBe(before + 10);
    const row = await purchaseRow(id);
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(await eventRow(completed.id)).toMatchObject({ provider: 'stripe', type: 'checkout.session.completed' });
    expect((await creditsOf(id))[0]!.balance).toBe(before + 10);

    // Stripe redelivers the same event (freshly signed); then the session's other events arrive.
    await expectReceived(await deliver(completed));
    await expectReceived(await deliver(event('checkout.session.async_payment_succeeded', session, { status: 'complete', payment_status: 'paid' })));
    await expectReceived(await deliver(event('checkout.session.async_payment_failed', session, { status: 'complete' })));
    await expectReceived(await deliver(event('checkout.session.expired', session, { status: 'expired' })));
    await expectCreditedOnce(id, 10);
    expect(await balanceOf(t, e1)).toBe(before + 10);
    expect((await purchaseRow(id)).paidAt).toEqual(row.paidAt);

    const receipt = await buyer.get(`/v1/credit/purchases/${id}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({ id, status: 'paid', quantity: 10, balance: before + 10, paid_at: row.paidAt!.toISOString() });
  });

  it('credits a payment that arrives after the session expired, once, and marks it paid', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(3);
    await expectReceived(await deliver(event('checkout.session.expired', session, { status: 'expired' })));
    await expectNotCredited(id, 'cancelled');
    expect(await balanceOf(t, e1)).toBe(before);

    await expectReceived(await deliver(completedPaid(session)));
    await expectCreditedOnce(id, 3);
    expect(await balanceOf(t, e1)).toBe(before + 3);
  });

  it('marks a pending purchase failed on async_payment_failed and credits nothing', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(2);
    await expectReceived(await deliver(event('checkout.session.async_payment_failed', session, { status: 'complete', payment_status: 'unpaid' })));
    await expectNotCredited(id, 'failed');
    expect(await balanceOf(t, e1)).toBe(before);
  });

  it('keeps a completed but unpaid checkout (a delayed method) pending until async_payment_succeeded', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(4);
    await expectReceived(await deliver(event('checkout.session.completed', session, { status: 'complete', payment_status: 'unpaid' })));
    await expectNotCredited(id, 'pending');
    expect(await balanceOf(t, e1)).toBe(before);

    await expectReceived(await deliver(event('checkout.session.async_payment_succeeded', session, { status: 'complete', payment_status: 'paid' })));
    await expectCreditedOnce(id, 4);
    expect(await balanceOf(t, e1)).toBe(before + 4);
  });

  it('credits the same completed event delivered 5 times at once exactly once', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(7);
    const completed = completedPaid(session);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(completed)));
    for (const res of results) await expectReceived(res);
    await expectCreditedOnce(id, 7);
    expect(await balanceOf(t, e1)).toBe(before + 7);
  });

  it('credits once when different events for the session race (completed, async_payment_succeeded, confirm)', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(6);
    stand.setSession(session.id, { status: 'complete', payment_status: 'paid' });
    const results = await Promise.all([
      deliver(completedPaid(session)),
      deliver(event('checkout.session.async_payment_succeeded', session, { status: 'complete', payment_status: 'paid' })),
      deliver(completedPaid(session)),
      buyer.post(`/v1/credit/purchases/${id}/confirm`),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    await expectCreditedOnce(id, 6);
    expect(await balanceOf(t, e1)).toBe(before + 6);
  });
});

describe('the webhook refuses what Stripe did not sign', () => {
  it('answers 400 to a bad, missing or stale signature or a changed body, recording and crediting nothing', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(5);
    const evt = completedPaid(session);
    const signed = signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(evt), secret: SECRET });
    const now = Math.floor(Date.now() / 1000);
    const attempts: [string, Awaited<ReturnType<typeof deliver>>][] = [
      ['another secret', await deliver(evt, { secret: 'whsec_someone_else' })],
      ['no header', await deliver(evt, { header: null })],
      ['a forged header', await deliver(evt, { header: 't=123,v1=deadbeef' })],
      // A valid signature for another body: the body was changed on the way in.
      ['a changed body', await deliver(evt, { header: signed, payload: JSON.stringify({ ...evt, type: 'checkout.session.async_payment_succeeded' }) })],
      ['signed just over 300 s ago', await deliver(evt, { timestamp: now - STRIPE_TOLERANCE_S - 10 })],
      ['signed an hour ago', await deliver(evt, { timestamp: now - 3600 })],
    ];
    for (const [what, res] of attempts) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().message, what).toMatch(/Stripe-Signature|Stripe signature/);
    }
    expect(await eventRow(evt.id)).toBeNull();
    await expectNotCredited(id, 'pending');
    expect(await balanceOf(t, e1)).toBe(before);

    // The very same event, recently signed with the right secret, goes through: only the signature was wrong.
    await expectReceived(await deliver(evt, { timestamp: now - 60 }));
    await expectCreditedOnce(id, 5);
  });

  it('acknowledges an event for a session it never opened (200) and credits nothing', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(1);
    const stranger = completedPaid({ ...session, id: 'cs_test_not_ours', metadata: { purchase_id: id }, client_reference_id: id });
    await expectReceived(await deliver(stranger));
    expect(await eventRow(stranger.id)).toMatchObject({ type: 'checkout.session.completed' });
    await expectNotCredited(id, 'pending');
    expect(await balanceOf(t, e1)).toBe(before);
  });

  it("credits nothing when the event's purchase_id names another purchase than its session's", async () => {
    const before = await balanceOf(t, e1);
    const first = await buy(2);
    const second = await buy(8);
    await expectReceived(await deliver(completedPaid({ ...first.session, metadata: { purchase_id: second.id }, client_reference_id: second.id })));
    await expectReceived(await deliver(completedPaid({ ...first.session, metadata: { purchase_id: randomUUID() } })));
    // metadata absent: client_reference_id must agree instead.
    await expectReceived(await deliver(completedPaid({ ...first.session, metadata: {}, client_reference_id: second.id })));
    await expectNotCredited(first.id, 'pending');
    await expectNotCredited(second.id, 'pending');
    expect(await balanceOf(t, e1)).toBe(before);

    // The honest event for the first session still credits it (the refusals above were about the mismatch).
    await expectReceived(await deliver(completedPaid(first.session)));
    await expectCreditedOnce(first.id, 2);
    await expectNotCredited(second.id, 'pending');
  });
});

describe('the payment-success page (confirm)', () => {
  it('asks Stripe about a pending purchase, credits it once when paid, and a reload changes nothing', async () => {
    const before = await balanceOf(t, e1);
    const { id, session } = await buy(5);
    const retrieves = () => stand.requests.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session.id}`).length;

    // Not paid yet: still pending, nothing credited.
    const open = await buyer.post(`/v1/credit/purchases/${id}/confirm`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ id, status: 'pending', balance: before });
    expect(retrieves()).toBe(1);
    await expectNotCredited(id, 'pending');

    stand.setSession(session.id, { status: 'complete', payment_status: 'paid' });
    const paid = await buyer.post(`/v1/credit/purchases/${id}/confirm`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ id, status: 'paid', quantity: 5, balance: before + 5 });
    expect(retrieves()).toBe(2);
    await expectCreditedOnce(id, 5);

    // A reload, then the webhook arriving late: the same receipt, no new question to Stripe, nothing more credited.
    const reload = await buyer.post(`/v1/credit/purchases/${id}/confirm`);
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toEqual(paid.json());
    expect(retrieves()).toBe(2);
    await expectReceived(await deliver(completedPaid(session)));
    await expectCreditedOnce(id, 5);
    expect(await balanceOf(t, e1)).toBe(before + 5);
  });

  it('marks an expired session cancelled', async () => {
    const { id, session } = await buy(2);
    stand.setSession(session.id, { status: 'expired' });
    const res = await buyer.post(`/v1/credit/purchases/${id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    await expectNotCredited(id, 'cancelled');
  });
});

describe('Stripe unreachable', () => {
  it('answers 502 with a clear message and leaves no purchase; the same Idempotency-Key works once Stripe is back', async () => {
    const countPurchases = async () => (await t.deps.db.select().from(creditPurchases).where(eq(creditPurchases.employerId, e1))).length;
    const keyRows = (key: string) => t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const pending = await buy(3);
    const purchases = await countPurchases();
    const creates = stand.creates().length;
    const key = randomUUID();

    await stand.stop();
    try {
      const down = await buyer.post('/v1/credit/purchases', { quantity: 3 }, { 'idempotency-key': key });
      expect(down.statusCode, down.body).toBe(502);
      expect(down.json()).toEqual(coded({ message: PROVIDER_DOWN, code: 'payment_provider_unavailable' }));
      expect(await countPurchases()).toBe(purchases);
      expect(await keyRows(key)).toEqual([]);

      // The success page cannot ask either: 502, and the purchase stays pending.
      const confirm = await buyer.post(`/v1/credit/purchases/${pending.id}/confirm`);
      expect(confirm.statusCode, confirm.body).toBe(502);
      expect(confirm.json().message).toBe(PROVIDER_DOWN);
      await expectNotCredited(pending.id, 'pending');
    } finally {
      await stand.start();
    }
    expect(stand.creates()).toHaveLength(creates);

    const back = await buyer.post('/v1/credit/purchases', { quantity: 3 }, { 'idempotency-key': key });
    expect(back.statusCode, back.body).toBe(201);
    expect(stand.creates()).toHaveLength(creates + 1);
    const id = back.json().purchase.id as string;
    expect(back.json()).toMatchObject({ purchase: { status: 'pending', quantity: 3 }, checkout_url: stand.sessions.get((await purchaseRow(id)).providerSessionId!)!.url });
    expect(await countPurchases()).toBe(purchases + 1);
    expect(await keyRows(key)).toHaveLength(1);
  });

  it('answers 502 from an app whose Stripe address refuses connections, leaving nothing behind', async () => {
    const closed = await startStripeStandIn();
    await closed.close();
    const other = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: closed.base });
    try {
      const b = await createTenant(other.deps.db, { name: 'Beta' });
      await setPrice(other, b.sites[0].id, 4900);
      const who = client(other, await login(other.app, b.users.employerAdmin.email), employer1(b));
      const res = await who.post('/v1/credit/purchases', { quantity: 1 }, { 'idempotency-key': randomUUID() });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toEqual(coded({ message: PROVIDER_DOWN, code: 'payment_provider_unavailable' }));
      expect(await other.deps.db.select().from(creditPurchases)).toEqual([]);
      expect(await other.deps.db.select().from(idempotencyKeys)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('paying for a job post directly', () => {
  let b: Tenant;
  let poster: Client;
  let eb: string;
  let productId: string;

  beforeAll(async () => {
    // A tenant of its own, so its employer starts at exactly 0 credits.
    b = await createTenant(t.deps.db, { name: 'Gamma' });
    eb = b.employers[0].id;
    await addTiers(t, b);
    await setPrice(t, b.sites[0].id, 4900);
    productId = (await addProduct(t, b)).id;
    poster = client(t, await login(t.app, b.users.employerAdmin.email), employer1(b));
  });

  async function draftAndPay() {
    const created = await poster.post('/v1/jobs', completeJob(b, productId));
    expect(created.statusCode, created.body).toBe(201);
    const jobId = created.json().id as string;
    const creates = stand.creates().length;
    const res = await poster.post(`/v1/jobs/${jobId}/pay`, {}, { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    expect(stand.creates()).toHaveLength(creates + 1);
    const purchaseId = res.json().purchase.id as string;
    const session = stand.sessions.get((await purchaseRow(purchaseId)).providerSessionId!)!;
    return { jobId, purchaseId, session, res };
  }

  const jobStatus = async (id: string) => (await t.deps.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status ?? null;

  it('opens a checkout at the 1-credit price, then buys the credit and spends it on the draft when paid', async () => {
    expect(await balanceOf(t, eb)).toBe(0);
    const { jobId, purchaseId, session, res } = await draftAndPay();
    expect(res.json()).toMatchObject({
      checkout_url: session.url,
      purchase: { id: purchaseId, status: 'pending', purpose: 'job_post', provider: 'stripe', quantity: 1, total_cents: 4900, job: { id: jobId, posted: false } },
    });
    const sent = stand.creates().at(-1)!;
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(sent.form.get('line_items[0][price_data][product_data][name]')).toBe('Job post: Forklift Driver');
    expect(sent.headers['idempotency-key']).toBe(`purchase-${purchaseId}`);
    expect(await jobStatus(jobId)).toBe('draft');
    expect(await ledgerOf(t, eb)).toEqual([]);

    await expectReceived(await deliver(completedPaid(session)));
    const ledger = await ledgerOf(t, eb);
    expect(ledger.map((r) => [r.action, r.creditAmount, r.balance, r.referenceType, r.referenceId])).toEqual([
      ['purchase', 1, 1, 'purchase', purchaseId],
      ['post', -1, 0, 'job', jobId],
    ]);
    expect(await balanceOf(t, eb)).toBe(0);
    expect(await jobStatus(jobId)).toBe('live');
    await expectCreditedOnce(purchaseId, 1, eb);

    // Replayed: no second credit, no second charge.
    await expectReceived(await deliver(completedPaid(session)));
    expect(await ledgerOf(t, eb)).toHaveLength(2);
    const receipt = await poster.get(`/v1/credit/purchases/${purchaseId}`);
    expect(receipt.json()).toMatchObject({ status: 'paid', balance: 0, job: { id: jobId, posted: true } });
    expect(await ledgerAddsUp(t, eb, 0)).toBe(true);
  });

  it('puts the paid-for job on hold when the site requires approval', async () => {
    await requireApproval(t, b.sites[0].id, true);
    try {
      const { jobId, purchaseId, session } = await draftAndPay();
      await expectReceived(await deliver(completedPaid(session)));
      await expectCreditedOnce(purchaseId, 1, eb);
      expect(await jobStatus(jobId)).toBe('pending');
      expect(await balanceOf(t, eb)).toBe(0);
      expect((await ledgerOf(t, eb)).at(-1)).toMatchObject({ action: 'post', creditAmount: -1, referenceId: jobId });
    } finally {
      await requireApproval(t, b.sites[0].id, false);
    }
  });

  it('keeps the credit on the balance when the job was deleted before the payment arrived', async () => {
    const before = await balanceOf(t, eb);
    const rows = (await ledgerOf(t, eb)).length;
    const { jobId, purchaseId, session } = await draftAndPay();
    const del = await poster.del(`/v1/jobs/${jobId}`);
    expect(del.statusCode, del.body).toBe(204);

    await expectReceived(await deliver(completedPaid(session)));
    await expectCreditedOnce(purchaseId, 1, eb);
    expect(await balanceOf(t, eb)).toBe(before + 1);
    const ledger = await ledgerOf(t, eb);
    expect(ledger).toHaveLength(rows + 1);
    expect(ledger.at(-1)).toMatchObject({ action: 'purchase', creditAmount: 1, referenceId: purchaseId });
    const receipt = await poster.get(`/v1/credit/purchases/${purchaseId}`);
    expect(receipt.json()).toMatchObject({ status: 'paid', purpose: 'job_post', balance: before + 1, job: null });
    expect(await ledgerAddsUp(t, eb, before + 1)).toBe(true);
  });
});

describe('the ledger', () => {
  it('adds up after everything above', async () => {
    const balance = await balanceOf(t, e1);
    expect(balance).toBeGreaterThan(0);
    expect(await ledgerAddsUp(t, e1, balance)).toBe(true);
    const credited = await t.deps.db.select().from(creditPurchases).where(and(eq(creditPurchases.employerId, e1), eq(creditPurchases.status, 'paid')));
    // Only purchases moved this employer's credits: the balance is what was paid for, each purchase once.
    expect(balance).toBe(credited.reduce((sum, p) => sum + p.quantity, 0));
    expect((await ledgerOf(t, e1)).every((r) => r.action === 'purchase')).toBe(true);
  });
});
