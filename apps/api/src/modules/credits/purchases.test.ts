import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { creditPurchases } from '../../db/schema/credits';
import { jobs } from '../../db/schema/jobs';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addProduct, completeJob } from '../../test/jobs';
import { balanceOf, grantCredits, ledgerOf, addTiers, ledgerAddsUp, setPrice } from '../../test/credits';
import { client, employer1, type Client } from '../../test/client';
import { userWith } from '../../test/people';

/** Buying credits through the sandbox provider, the receipt, the success page's confirm, and direct payment. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let buyer: Client;
let e1: string;
let productId: string;

const sessionOf = (checkoutUrl: string) => checkoutUrl.replace('/payments/sandbox/', '');
const sandbox = (session: string, what: '' | '/complete' | '/cancel' = '') =>
  t.app.inject({ method: what ? 'POST' : 'GET', url: `/portal/v1/payments/sandbox/${session}${what}`, headers: { 'x-af-eid': 'test' } });

async function buy(quantity: number, key = crypto.randomUUID(), extra: Record<string, unknown> = {}) {
  const res = await buyer.post('/v1/credit/purchases', { quantity, ...extra }, { 'idempotency-key': key });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { purchase: { id: string; status: string; total_cents: number }; checkout_url: string };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  e1 = a.employers[0].id;
  await addTiers(t, a);
  await setPrice(t, a.sites[0].id, 4900);
  buyer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
  productId = (await addProduct(t, a)).id;
});
afterAll(() => t.close());

describe('buying credits with the sandbox', () => {
  it('records a pending purchase at the previewed price and opens its checkout page', async () => {
    const { purchase, checkout_url } = await buy(10);
    expect(purchase).toMatchObject({ status: 'pending', quantity: 10, discount_percent: 10, total_cents: 44100, provider: 'sandbox', purpose: 'credits' });
    expect(checkout_url).toMatch(/^\/payments\/sandbox\/sbx_/);
    const page = await sandbox(sessionOf(checkout_url));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'pending', amount_cents: 44100, currency: 'USD' });
    expect(await balanceOf(t, e1)).toBe(0);
  });

  it('pays: credits the quantity once, however often the page or the success page repeat it', async () => {
    const before = await balanceOf(t, e1);
    const { purchase, checkout_url } = await buy(25, crypto.randomUUID(), { return_to: '/x/y/jobs/create?id=1&step=payment' });
    const session = sessionOf(checkout_url);
    const paid = await sandbox(session, '/complete');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirect_url).toBe(
      `/${a.account.slug}/${a.sites[0].slug}/credit-system/payment-success?purchase=${purchase.id}&return_to=${encodeURIComponent('/x/y/jobs/create?id=1&step=payment')}`,
    );
    expect((await sandbox(session, '/complete')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const confirm = await buyer.post(`/v1/credit/purchases/${purchase.id}/confirm`);
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toMatchObject({ status: 'paid', quantity: 25, total_cents: 104125, balance: before + 25 });
    }
    expect(await balanceOf(t, e1)).toBe(before + 25);
    const rows = (await ledgerOf(t, e1)).filter((r) => r.referenceId === purchase.id);
    expect(rows).toMatchObject([{ action: 'purchase', creditAmount: 25, referenceType: 'purchase' }]);
    expect(await ledgerAddsUp(t, e1, before + 25)).toBe(true);
  });

  it('cancels: nothing is credited, and a later cancel of a paid purchase changes nothing', async () => {
    const before = await balanceOf(t, e1);
    const { purchase, checkout_url } = await buy(3);
    const cancelled = await sandbox(sessionOf(checkout_url), '/cancel');
    expect(cancelled.json().redirect_url).toContain('&cancelled=1');
    expect((await buyer.post(`/v1/credit/purchases/${purchase.id}/confirm`)).json()).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(t, e1)).toBe(before);

    const other = await buy(2);
    await sandbox(sessionOf(other.checkout_url), '/complete');
    await sandbox(sessionOf(other.checkout_url), '/cancel');
    expect((await buyer.get(`/v1/credit/purchases/${other.purchase.id}`)).json().status).toBe('paid');
    expect(await balanceOf(t, e1)).toBe(before + 2);
  });

  it('pays once when the sandbox page is submitted many times at once', async () => {
    const before = await balanceOf(t, e1);
    const { checkout_url } = await buy(7);
    const session = sessionOf(checkout_url);
    const results = await Promise.all(Array.from({ length: 6 }, () => sandbox(session, '/complete')));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balanceOf(t, e1)).toBe(before + 7);
  });

  it('answers an unknown or malformed session with 404 / 422', async () => {
    expect((await sandbox('sbx_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
    expect((await sandbox('../../etc/passwd')).statusCode).toBe(404);
    expect((await sandbox('sbx_short')).statusCode).toBe(422);
  });
});

describe('Idempotency-Key on purchases', () => {
  it('answers the stored purchase for the same key and body, 422 for another body', async () => {
    const key = crypto.randomUUID();
    const first = await buy(4, key);
    const again = await buy(4, key);
    expect(again).toEqual(first);
    const count = await t.deps.db.select().from(creditPurchases).where(eq(creditPurchases.id, first.purchase.id));
    expect(count).toHaveLength(1);
    const other = await buyer.post('/v1/credit/purchases', { quantity: 5 }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(messages.idempotencyMismatch);
  });

  it('takes only a JSON number as the quantity: true, [2] and "3" open no checkout', async () => {
    for (const quantity of [true, [2], '3']) {
      const res = await buyer.post('/v1/credit/purchases', { quantity }, { 'idempotency-key': crypto.randomUUID() });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(422);
      expect(res.json().errors).toEqual({ quantity: [messages.invalid] });
    }
  });

  it('refuses bad quantities and foreign return paths with field messages', async () => {
    const res = await buyer.post('/v1/credit/purchases', { quantity: 0, return_to: '//evil.test/x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ quantity: ['The quantity must be at least 1.'], return_to: [messages.invalid] });
  });
});

describe('receipts and scope', () => {
  it("shows a purchase only to its employer's callers: another tenant gets 404", async () => {
    const { purchase } = await buy(1);
    const receipt = await buyer.get(`/v1/credit/purchases/${purchase.id}`);
    expect(receipt.json()).toMatchObject({ id: purchase.id, employer: { id: e1 }, site: { id: a.sites[0].id }, buyer: { id: a.users.employerAdmin.id } });
    const stranger = client(t, await login(t.app, b.users.employerAdmin.email), employer1(b));
    expect((await stranger.get(`/v1/credit/purchases/${purchase.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/v1/credit/purchases/${purchase.id}/confirm`)).statusCode).toBe(404);
  });

  it('names a paid purchase in the ledger with what it bought and cost, for the reader to phrase', async () => {
    const { purchase, checkout_url } = await buy(2);
    await sandbox(sessionOf(checkout_url), '/complete');
    const ledger = await buyer.get('/v1/credit/ledgers', { action: 'purchase' });
    expect(ledger.json().data[0]).toMatchObject({
      action: 'purchase',
      credit_amount: 2,
      reference: {
        type: 'purchase',
        id: purchase.id,
        label: '2 × credit, $98.00',
        purchase: { quantity: 2, total_cents: 9800, currency: 'USD', purpose: 'credits' },
      },
    });
  });

  it('refuses buying to a caller without credits.purchase (403)', async () => {
    const manager = client(t, await login(t.app, a.users.siteManager.email), employer1(a));
    expect((await manager.post('/v1/credit/purchases', { quantity: 1 })).statusCode).toBe(403);
  });
});

describe('direct payment for a job post', () => {
  async function draft() {
    const res = await buyer.post('/v1/jobs', completeJob(a, productId));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it('buys one credit at the 1-credit price and spends it on the job when paid, once', async () => {
    const before = await balanceOf(t, e1);
    const id = await draft();
    const res = await buyer.post(`/v1/jobs/${id}/pay`, { product_id: productId }, { 'idempotency-key': crypto.randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const { purchase, checkout_url } = res.json();
    expect(purchase).toMatchObject({ quantity: 1, total_cents: 4900, purpose: 'job_post', job: { id, posted: false } });
    await sandbox(sessionOf(checkout_url), '/complete');
    await sandbox(sessionOf(checkout_url), '/complete');
    const confirmed = (await buyer.post(`/v1/credit/purchases/${purchase.id}/confirm`)).json();
    expect(confirmed).toMatchObject({ status: 'paid', job: { id, posted: true }, balance: before });
    const [job] = await t.deps.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
    expect(job!.status).toBe('live');
    const moves = (await ledgerOf(t, e1)).filter((r) => r.referenceId === purchase.id || r.referenceId === id).map((r) => [r.action, r.creditAmount]);
    expect(moves).toEqual([
      ['purchase', 1],
      ['post', -1],
    ]);
    expect(await ledgerAddsUp(t, e1, before)).toBe(true);
  });

  it('says only on the payment that posted the job that it did: a second payment for the same draft adds a credit', async () => {
    const before = await balanceOf(t, e1);
    const id = await draft();
    const open = async () => (await buyer.post(`/v1/jobs/${id}/pay`, { product_id: productId }, { 'idempotency-key': crypto.randomUUID() })).json();
    const first = await open();
    const second = await open();
    await sandbox(sessionOf(first.checkout_url), '/complete');
    await sandbox(sessionOf(second.checkout_url), '/complete');
    const receipt = async (p: { purchase: { id: string } }) => (await buyer.post(`/v1/credit/purchases/${p.purchase.id}/confirm`)).json();
    expect(await receipt(first)).toMatchObject({ status: 'paid', job: { id, posted: true } });
    expect(await receipt(second)).toMatchObject({ status: 'paid', job: { id, posted: false }, balance: before + 1 });
    // Read again later (the payment-success page reloaded), the answers stay the same.
    expect((await buyer.get(`/v1/credit/purchases/${second.purchase.id}`)).json().job.posted).toBe(false);
    expect((await buyer.get(`/v1/credit/purchases/${first.purchase.id}`)).json().job.posted).toBe(true);
  });

  it('answers a retried request with its stored checkout, even once the payment has posted the job', async () => {
    const id = await draft();
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await buyer.post(`/v1/jobs/${id}/pay`, { product_id: productId }, key);
    expect(first.statusCode, first.body).toBe(201);
    await sandbox(sessionOf(first.json().checkout_url), '/complete');
    const [job] = await t.deps.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
    expect(job!.status).toBe('live');
    // The client never saw the first answer and retries: the stored one, not a 409 for a job no longer a draft.
    const retry = await buyer.post(`/v1/jobs/${id}/pay`, { product_id: productId }, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await t.deps.db.select().from(creditPurchases).where(eq(creditPurchases.jobId, id))).toHaveLength(1);
    // The same key for another job is another request: 422, nothing opened.
    const other = await draft();
    const mismatch = await buyer.post(`/v1/jobs/${other}/pay`, { product_id: productId }, key);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(messages.idempotencyMismatch);
    expect(await t.deps.db.select().from(creditPurchases).where(eq(creditPurchases.jobId, other))).toEqual([]);
  });

  it('keeps the credit when the job can no longer be posted by the time the payment arrives', async () => {
    const before = await balanceOf(t, e1);
    const id = await draft();
    const { purchase, checkout_url } = (await buyer.post(`/v1/jobs/${id}/pay`, {})).json();
    expect((await buyer.del(`/v1/jobs/${id}`)).statusCode).toBe(204);
    await sandbox(sessionOf(checkout_url), '/complete');
    expect((await buyer.get(`/v1/credit/purchases/${purchase.id}`)).json()).toMatchObject({ status: 'paid', job: null });
    expect(await balanceOf(t, e1)).toBe(before + 1);
  });

  it('is buying: a caller who may post jobs but not buy credits gets 403, and one who may buy but not post too', async () => {
    const id = await draft();
    const poster = await userWith(t, a, ['jobs.view', 'jobs.create'], 'site');
    expect((await client(t, poster.token, employer1(a)).post(`/v1/jobs/${id}/pay`, {})).statusCode).toBe(403);
    const buyerOnly = await userWith(t, a, ['jobs.view', 'credits.view', 'credits.purchase'], 'site');
    expect((await client(t, buyerOnly.token, employer1(a)).post(`/v1/jobs/${id}/pay`, {})).statusCode).toBe(403);
  });

  it('refuses to take money for a job that cannot be posted: 409 when not a draft, 422 when incomplete', async () => {
    await grantCredits(t, e1, 1);
    const posted = await draft();
    expect((await buyer.post(`/v1/jobs/${posted}/post`, {})).statusCode).toBe(200);
    expect((await buyer.post(`/v1/jobs/${posted}/pay`, {})).statusCode).toBe(409);
    const bare = await buyer.post('/v1/jobs', { title: 'Only a title', employer_id: e1 });
    const res = await buyer.post(`/v1/jobs/${bare.json().id}/pay`, {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
  });
});
