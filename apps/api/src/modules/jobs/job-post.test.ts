import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { idempotencyKeys } from '../../db/schema/credits';
import { jobs } from '../../db/schema/jobs';
import { auditLogs } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addProduct, completeJob, requireApproval } from '../../test/jobs';
import { balanceOf, grantCredits, ledgerOf } from '../../test/credits';
import { client, employer1, site1, type Client } from '../../test/client';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let admin: Client;
let product: { id: string; durationDays: number };
let featured: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  product = await addProduct(t, a, { durationDays: 14 });
  featured = (await addProduct(t, a, { durationDays: 60, featured: true })).id;
});
afterAll(() => t.close());

async function draft(extra: Record<string, unknown> = {}, who: Client = admin) {
  const res = await who.post('/v1/jobs', { ...completeJob(a, product.id), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** The employer's balance back to exactly `n`. */
async function setBalance(n: number) {
  const now = await balanceOf(t, a.employers[0].id);
  if (n !== now) await grantCredits(t, a.employers[0].id, n - now);
}

describe('POST /v1/jobs/:uuid/post', () => {
  it('spends one credit and goes live with advert dates from the product, in one go', async () => {
    await setBalance(3);
    const id = await draft();
    const before = Date.now();
    const res = await admin.post(`/v1/jobs/${id}/post`, { product_id: featured });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({ status: 'live', featured: true, credits_spent: 1, credit_balance: 2, product: { id: featured, duration_days: 60 } });
    expect(job.employer.credit_balance).toBe(2);
    const start = Date.parse(job.advert_start_at);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(job.advert_end_at) - start).toBe(60 * DAY);
    expect(job.posted_at).toBe(job.advert_start_at);
    expect(job.status_history.map((h: { from: string; to: string }) => [h.from, h.to])).toEqual([[null, 'draft'], ['draft', 'live']]);
    expect(job.allowed_actions).toEqual(['edit', 'unlist', 'expire', 'delete', 'clone']);

    expect(await balanceOf(t, a.employers[0].id)).toBe(2);
    const charge = (await ledgerOf(t, a.employers[0].id)).at(-1)!;
    expect(charge).toMatchObject({ action: 'post', creditAmount: -1, balance: 2, referenceType: 'job', referenceId: id, actorUserId: a.users.accountAdmin.id, siteId: a.sites[0].id });
    const [entry] = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, id), eq(auditLogs.action, 'job.posted')));
    expect(entry).toMatchObject({ actorUserId: a.users.accountAdmin.id, accountId: a.account.id, data: { to: 'live', credits_spent: 1 } });
  });

  it('keeps advert dates the job already has, and puts the job on hold when the site requires approval', async () => {
    await setBalance(1);
    await requireApproval(t, a.sites[0].id, true);
    try {
      const start = new Date(Date.now() + DAY).toISOString();
      const end = new Date(Date.now() + 5 * DAY).toISOString();
      const id = await draft({ advert_start_at: start, advert_end_at: end });
      const job = (await admin.post(`/v1/jobs/${id}/post`, {})).json();
      expect(job).toMatchObject({ status: 'pending', featured: false, credit_balance: 0 });
      expect(Date.parse(job.advert_start_at)).toBe(Date.parse(start));
      expect(Date.parse(job.advert_end_at)).toBe(Date.parse(end));
      expect(job.allowed_actions).toEqual(['edit', 'approve', 'reject', 'delete', 'clone']);
    } finally {
      await requireApproval(t, a.sites[0].id, false);
    }
  });

  it('says what is missing (422) and spends nothing', async () => {
    await setBalance(1);
    const incomplete = await draft({ product_id: null, description: '<p><script>x</script></p>', apply_type: 'url' });
    const res = await admin.post(`/v1/jobs/${incomplete}/post`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(coded({
      message: messages.givenDataInvalid,
      errors: { description: [messages.required], product_id: [messages.required], application_url: [messages.required] },
    }));
    const emails = await draft({ apply_type: 'email', advert_end_at: '2020-01-01T00:00:00Z' });
    expect((await admin.post(`/v1/jobs/${emails}/post`, {})).json().errors).toEqual({
      application_emails: [messages.required],
      advert_end_at: ['The end date must be in the future.'],
    });
    const other = await draft();
    const foreign = await addProduct(t, a, { site: 1 });
    expect((await admin.post(`/v1/jobs/${other}/post`, { product_id: foreign.id })).json().errors).toEqual({ product_id: [messages.invalid] });
    expect((await admin.post(`/v1/jobs/${other}/post`, { product_id: 'nope' })).statusCode).toBe(422);
    expect(await balanceOf(t, a.employers[0].id)).toBe(1);
    const [row] = await t.deps.db.select().from(jobs).where(eq(jobs.id, other));
    expect(row).toMatchObject({ status: 'draft', productId: product.id, postedAt: null });
  });

  it("answers 402 with a code when the employer has no credit, and changes nothing", async () => {
    await setBalance(0);
    const id = await draft();
    const ledgerBefore = (await ledgerOf(t, a.employers[0].id)).length;
    const res = await admin.post(`/v1/jobs/${id}/post`, {});
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual(coded({ message: messages.insufficientCredits, code: 'insufficient_credits' }));
    expect((await admin.get(`/v1/jobs/${id}/detail`)).json().status).toBe('draft');
    expect((await ledgerOf(t, a.employers[0].id)).length).toBe(ledgerBefore);
  });

  it('is 409 for anything but a draft, and 404 outside the scope', async () => {
    await setBalance(2);
    const id = await draft();
    expect((await admin.post(`/v1/jobs/${id}/post`, {})).statusCode).toBe(200);
    const again = await admin.post(`/v1/jobs/${id}/post`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(coded({ message: messages.conflict }));
    expect(await balanceOf(t, a.employers[0].id)).toBe(1);
    const other = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id, siteId: a.sites[1].id });
    expect((await other.post(`/v1/jobs/${id}/post`, {})).statusCode).toBe(404);
  });

  it('lets an employer admin post their own draft, with no body', async () => {
    await setBalance(1);
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const id = await draft({}, employer);
    // No body at all: the product is already on the draft.
    const res = await employer.post(`/v1/jobs/${id}/post`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().allowed_actions).toEqual(['edit', 'delete', 'clone']);
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored result for the same key and body, and refuses the key with another body', async () => {
    await setBalance(2);
    const id = await draft();
    const key = { 'idempotency-key': `post-${id}` };
    const first = await admin.post(`/v1/jobs/${id}/post`, { product_id: product.id }, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await admin.post(`/v1/jobs/${id}/post`, { product_id: product.id }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await balanceOf(t, a.employers[0].id)).toBe(1);

    const mismatch = await admin.post(`/v1/jobs/${id}/post`, { product_id: featured }, key);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(messages.idempotencyMismatch);
    const otherJob = await draft();
    expect((await admin.post(`/v1/jobs/${otherJob}/post`, { product_id: product.id }, key)).json().message).toBe(messages.idempotencyMismatch);
    expect(await balanceOf(t, a.employers[0].id)).toBe(1);
  });

  it('leaves the key unused when the attempt fails, so a retry after buying credits goes through', async () => {
    await setBalance(0);
    const id = await draft();
    const key = { 'idempotency-key': `retry-${id}` };
    expect((await admin.post(`/v1/jobs/${id}/post`, {}, key)).statusCode).toBe(402);
    expect(await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, `retry-${id}`))).toEqual([]);
    await setBalance(1);
    const retry = await admin.post(`/v1/jobs/${id}/post`, {}, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().credit_balance).toBe(0);
  });
});

describe('concurrent posts', () => {
  it('of different drafts with one credit: exactly one wins, the rest are 402, the ledger adds up', async () => {
    await setBalance(1);
    const ids = await Promise.all(Array.from({ length: 6 }, () => draft()));
    const before = await ledgerOf(t, a.employers[0].id);
    const results = await Promise.all(ids.map((id) => admin.post(`/v1/jobs/${id}/post`, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402, 402, 402, 402, 402]);
    expect(await balanceOf(t, a.employers[0].id)).toBe(0);
    const added = (await ledgerOf(t, a.employers[0].id)).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'post', creditAmount: -1, balance: 0 });
    const live = await t.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'live'));
    expect(live.map((j) => j.id)).toContain(added[0]!.referenceId);
  });

  it('of the same job with the same key: one charge, every answer the same', async () => {
    await setBalance(5);
    const id = await draft();
    const key = { 'idempotency-key': `same-${id}` };
    const results = await Promise.all(Array.from({ length: 4 }, () => admin.post(`/v1/jobs/${id}/post`, {}, key)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await balanceOf(t, a.employers[0].id)).toBe(4);
    const charges = (await ledgerOf(t, a.employers[0].id)).filter((l) => l.referenceId === id);
    expect(charges).toHaveLength(1);
  });

  it('of the same job without a key: one charge, the others 409', async () => {
    await setBalance(5);
    const id = await draft();
    const results = await Promise.all(Array.from({ length: 4 }, () => admin.post(`/v1/jobs/${id}/post`, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await balanceOf(t, a.employers[0].id)).toBe(4);
  });
});
