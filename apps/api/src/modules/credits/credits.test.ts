import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { balanceOf, grantCredits, addTiers, ledgerAddsUp, setPrice } from '../../test/credits';
import { client, employer1, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';

/** Balance, ledger, actions, tiers, preview and staff adjustments: the read side and the manual movements. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let manager: Client;
let employerUser: Client;
let e1: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  e1 = a.employers[0].id;
  await addTiers(t, a);
  await setPrice(t, a.sites[0].id, 4900);
  manager = client(t, await login(t.app, a.users.siteManager.email), employer1(a));
  // Employer permissions count while their employer is the selected one (DESIGN §6), as the portal sends it.
  employerUser = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
  await grantCredits(t, e1, 3);
});
afterAll(() => t.close());

describe('balance', () => {
  it("answers the employer's balance and the site's price", async () => {
    const res = await employerUser.get('/v1/credit/balance');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ employer: { id: e1 }, balance: await balanceOf(t, e1), price_per_credit_cents: 4900, currency: 'USD' });
  });

  it('asks staff to choose an employer first', async () => {
    const siteOnly = client(t, await login(t.app, a.users.siteManager.email), site1(a));
    const res = await siteOnly.get('/v1/credit/balance');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ employer_id: [messages.required] });
  });

  it("is 404 for another tenant's employer and 401 without a token", async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const res = await client(t, token, { ...site1(a), employerId: b.employers[0].id }).get('/v1/credit/balance');
    expect(res.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: '/portal/v1/credit/balance', headers: { 'x-af-eid': 'test' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('adjustments', () => {
  it('grants with a reason, recorded with the actor, and the ledger adds up', async () => {
    const before = await balanceOf(t, e1);
    const res = await manager.post('/v1/credit/adjustments', { action: 'grant', amount: 5, reason: 'Goodwill after an outage' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      balance: before + 5,
      entry: { action: 'grant', credit_amount: 5, balance: before + 5, reason: 'Goodwill after an outage', actor: { id: a.users.siteManager.id } },
    });
    expect(await balanceOf(t, e1)).toBe(before + 5);
    expect(await ledgerAddsUp(t, e1, before + 5)).toBe(true);
  });

  it('moves credits once for a retried Idempotency-Key, even when retries race; 422 for the same key with another body', async () => {
    const before = await balanceOf(t, e1);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = { action: 'grant', amount: 4, reason: 'Promised on the phone' };
    const answers = await Promise.all([1, 2, 3].map(() => manager.post('/v1/credit/adjustments', body, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().entry.id)).size).toBe(1);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(await balanceOf(t, e1)).toBe(before + 4);
    const other = await manager.post('/v1/credit/adjustments', { ...body, amount: 5 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(messages.idempotencyMismatch);
    expect(await balanceOf(t, e1)).toBe(before + 4);
    expect(await ledgerAddsUp(t, e1, before + 4)).toBe(true);
  });

  it('treats the same key and body for another employer as another request: 422, nothing reported that did not happen', async () => {
    const admin = await login(t.app, a.users.accountAdmin.email);
    const e2 = a.employers[1].id;
    const other = client(t, admin, { accountId: a.account.id, siteId: a.sites[1].id, employerId: e2 });
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = { action: 'grant', amount: 3, reason: 'Launch offer' };
    const [before1, before2] = [await balanceOf(t, e1), await balanceOf(t, e2)];
    expect((await client(t, admin, employer1(a)).post('/v1/credit/adjustments', body, key)).statusCode).toBe(201);
    const again = await other.post('/v1/credit/adjustments', body, key);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(messages.idempotencyMismatch);
    expect([await balanceOf(t, e1), await balanceOf(t, e2)]).toEqual([before1 + 3, before2]);
  });

  it('leaves the key free after a refused revocation, so a corrected retry with it works', async () => {
    const before = await balanceOf(t, e1);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const body = { action: 'revoke', amount: before + 1, reason: 'Refunded outside the portal' };
    expect((await manager.post('/v1/credit/adjustments', body, key)).statusCode).toBe(422);
    const retry = await manager.post('/v1/credit/adjustments', body, key);
    expect(retry.statusCode).toBe(422);
    expect(await balanceOf(t, e1)).toBe(before);
  });

  it('revokes, but never below zero (422 on amount, nothing moves)', async () => {
    const before = await balanceOf(t, e1);
    const tooMuch = await manager.post('/v1/credit/adjustments', { action: 'revoke', amount: before + 1, reason: 'Mistake' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toContain(`only ${before} credit`);
    expect(await balanceOf(t, e1)).toBe(before);
    const ok = await manager.post('/v1/credit/adjustments', { action: 'revoke', amount: 2, reason: 'Duplicate grant' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().entry).toMatchObject({ action: 'revoke', credit_amount: -2, balance: before - 2 });
  });

  it.each([
    [true, messages.invalid],
    [[3], messages.invalid],
    ['5', messages.invalid],
    ['0x10', messages.invalid],
    [null, messages.required],
    ['', messages.required],
    [undefined, messages.required],
  ])('takes only a JSON number as the amount: %j is refused (%s) and moves nothing', async (amount, message) => {
    const before = await balanceOf(t, e1);
    const res = await manager.post('/v1/credit/adjustments', { action: 'grant', amount, reason: 'Coerced?' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ amount: [message] });
    expect(await balanceOf(t, e1)).toBe(before);
  });

  it('requires a reason and a whole amount with the spec messages', async () => {
    const res = await manager.post('/v1/credit/adjustments', { action: 'grant', amount: 1.5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ reason: [messages.required], amount: ['The quantity must be a whole number.'] });
  });

  it('is refused to an employer user (403): they may buy, not grant', async () => {
    const res = await employerUser.post('/v1/credit/adjustments', { action: 'grant', amount: 100, reason: 'Free money' });
    expect(res.statusCode).toBe(403);
  });
});

describe('ledger', () => {
  it('pages newest first and filters by action', async () => {
    const all = await employerUser.get('/v1/credit/ledgers', { per_page: '2' });
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(body.meta.total).toBeGreaterThanOrEqual(3);
    expect(body.data[0].action).toBe('revoke');
    const grants = await employerUser.get('/v1/credit/ledgers', { action: 'grant' });
    expect(grants.json().data.every((e: { action: string }) => e.action === 'grant')).toBe(true);
    expect((await employerUser.get('/v1/credit/ledgers', { action: 'gift' })).statusCode).toBe(422);
  });

  it('exports the filtered ledger as CSV for those who may export credits, newest first, formulas neutralised', async () => {
    await manager.post('/v1/credit/adjustments', { action: 'grant', amount: 1, reason: '=HYPERLINK("http://evil.test")' });
    const csv = await manager.get('/v1/credit/ledgers', { action: 'grant' }, { accept: 'text/csv' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="credits-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, first, ...rest] = csv.body.trimEnd().split('\r\n');
    expect(header).toBe('\uFEFFID,Date (UTC),Action,Credits,Balance after,Reference type,Reference id,Reference,Amount paid,Currency,Reason,By');
    expect(first).toContain(`,Grant,1,${await balanceOf(t, e1)},,,,,,"'=HYPERLINK(""http://evil.test"")",`);
    expect(first!.split(',').at(-1)).toMatch(/^manager /); // who granted it
    const page = (await manager.get('/v1/credit/ledgers', { action: 'grant', per_page: '100' })).json();
    expect(rest).toHaveLength(page.meta.total - 1);
    expect([first!, ...rest].every((line) => line.includes(',Grant,'))).toBe(true);
  });

  it('refuses the export to whoever may view credits but not export them (403), and answers them the JSON page', async () => {
    const viewer = await userWith(t, a, ['credits.view'], 'site');
    const asViewer = client(t, viewer.token, employer1(a));
    expect((await asViewer.get('/v1/credit/ledgers', {}, { accept: 'text/csv' })).statusCode).toBe(403);
    expect((await asViewer.get('/v1/credit/ledgers')).statusCode).toBe(200);
  });

  it('lists the credit actions with labels', async () => {
    const res = await employerUser.get('/v1/credit/credit-actions');
    expect(res.json().data.map((x: { value: string }) => x.value)).toEqual(['purchase', 'post', 'refund', 'grant', 'revoke', 'expire']);
  });

  it("never shows another site's employer, even by forging the employer header", async () => {
    const other = await userWith(t, a, ['credits.view'], 'site');
    const res = await client(t, other.token, { ...site1(a), employerId: a.employers[1].id }).get('/v1/credit/ledgers');
    expect(res.statusCode).toBe(404);
  });
});

describe('tiers and preview', () => {
  it('lists the tiers with percentages', async () => {
    const res = await employerUser.get('/v1/credit/discount-tiers');
    expect(res.json()).toMatchObject({ price_per_credit_cents: 4900, currency: 'USD' });
    expect(res.json().data.map((x: { min_quantity: number; discount_percent: number }) => [x.min_quantity, x.discount_percent])).toEqual([
      [1, 0],
      [10, 10],
      [25, 15],
      [50, 20],
    ]);
  });

  it.each([
    [1, 0, 4900, 0, 4900],
    [9, 0, 44100, 0, 44100],
    [10, 10, 49000, 4900, 44100],
    [24, 10, 117600, 11760, 105840],
    [25, 15, 122500, 18375, 104125],
    [49, 15, 240100, 36015, 204085],
    [50, 20, 245000, 49000, 196000],
    [1000, 20, 4900000, 980000, 3920000],
  ])('prices %i credits: %i percent off, subtotal %i, discount %i, total %i', async (quantity, percent, subtotal, discount, total) => {
    const res = await employerUser.get('/v1/credit/purchase/preview', { quantity: String(quantity) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      quantity,
      unit_price_cents: 4900,
      discount_percent: percent,
      subtotal_cents: subtotal,
      discount_cents: discount,
      total_cents: total,
      savings_cents: discount,
    });
    expect(res.json().tier.discount_percent).toBe(percent);
  });

  it.each([
    ['0', 'The quantity must be at least 1.'],
    ['1001', 'The quantity may not be greater than 1,000.'],
    ['2.5', 'The quantity must be a whole number.'],
    ['ten', messages.invalid],
    ['0x10', messages.invalid],
    ['1e3', messages.invalid],
    [' 2', messages.invalid],
    ['', messages.required],
  ])('refuses quantity %j with a clear 422: %s', async (quantity, message) => {
    const res = await employerUser.get('/v1/credit/purchase/preview', { quantity });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ quantity: [message] });
  });

  it('asks for a quantity that is missing', async () => {
    const res = await employerUser.get('/v1/credit/purchase/preview');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ quantity: [messages.required] });
  });
});
