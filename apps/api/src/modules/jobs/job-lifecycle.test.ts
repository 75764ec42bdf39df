import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { jobs, screeningQuestions } from '../../db/schema/jobs';
import { notifications } from '../../db/schema/notifications';
import { auditLogs, emailOutbox } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addProduct, completeJob, requireApproval } from '../../test/jobs';
import { balanceOf, grantCredits, ledgerOf } from '../../test/credits';
import { client, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  productId = (await addProduct(t, a)).id;
  await grantCredits(t, a.employers[0].id, 50);
});
afterAll(() => t.close());

async function draft(extra: Record<string, unknown> = {}) {
  const res = await admin.post('/v1/jobs', { ...completeJob(a, productId), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** A job brought to `status` through the API (so history, ledger and stamps are real). */
async function jobIn(status: JobStatus): Promise<string> {
  const id = await draft();
  if (status === 'draft') return id;
  const approval = status === 'pending' || status === 'rejected';
  await requireApproval(t, a.sites[0].id, approval);
  const posted = await admin.post(`/v1/jobs/${id}/post`, {});
  expect(posted.statusCode, posted.body).toBe(200);
  await requireApproval(t, a.sites[0].id, false);
  const step = { pending: null, live: null, unlisted: 'unlist', expired: 'expire', rejected: 'reject' }[status];
  if (step) {
    const res = await admin.post(`/v1/jobs/${id}/${step}`, step === 'reject' ? { reason: 'No pay range.' } : undefined);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const statusOf = async (id: string) => (await t.deps.db.select({ s: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.s;

describe('transitions', () => {
  const allowed: Array<[action: string, from: JobStatus, to: JobStatus, stamp: string]> = [
    ['approve', 'pending', 'live', 'approved_at'],
    ['unlist', 'live', 'unlisted', 'unlisted_at'],
    ['relist', 'unlisted', 'live', 'updated_at'],
    ['expire', 'live', 'expired', 'expired_at'],
    ['expire', 'unlisted', 'expired', 'expired_at'],
  ];
  it.each(allowed)('%s: %s → %s, with history and its timestamp', async (action, from, to, stamp) => {
    const id = await jobIn(from);
    const res = await admin.post(`/v1/jobs/${id}/${action}`);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    expect(job.status).toBe(to);
    expect(job[stamp]).not.toBeNull();
    expect(job.status_history.at(-1)).toMatchObject({ from, to, by: { id: a.users.accountAdmin.id }, reason: null });
    if (action === 'relist') expect(job.unlisted_at).toBeNull();
  });

  it('reject: on hold → rejected with the reason, one credit refunded, the employer told by email and inbox', async () => {
    const id = await jobIn('pending');
    const balance = await balanceOf(t, a.employers[0].id);
    const res = await admin.post(`/v1/jobs/${id}/reject`, { reason: 'Please add a pay range.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Please add a pay range.', rejected_at: expect.any(String) });
    expect(res.json().status_history.at(-1)).toMatchObject({ from: 'pending', to: 'rejected', reason: 'Please add a pay range.' });
    expect(res.json().allowed_actions).toEqual(['delete', 'clone']);

    expect(await balanceOf(t, a.employers[0].id)).toBe(balance + 1);
    const moves = (await ledgerOf(t, a.employers[0].id)).filter((l) => l.referenceId === id);
    expect(moves.map((l) => [l.action, l.creditAmount])).toEqual([
      ['post', -1],
      ['refund', 1],
    ]);
    expect(moves[1]!.balance).toBe(balance + 1);

    const mail = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `job.rejected:${id}:${a.users.employerAdmin.id}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ toEmail: a.users.employerAdmin.email, event: 'job.rejected', subject: 'Job rejected: Forklift Driver', status: 'queued' });
    expect(mail[0]!.text).toContain('Please add a pay range.');
    expect(mail[0]!.text).toContain(`http://${a.account.domain}/${a.account.slug}/main/jobs/${id}`);
    const inbox = await t.deps.db.select().from(notifications).where(and(eq(notifications.userId, a.users.employerAdmin.id), eq(notifications.event, 'job.rejected')));
    expect(inbox.filter((n) => n.link?.endsWith(`/jobs/${id}`))).toHaveLength(1);
    const [audit] = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, id), eq(auditLogs.action, 'job.rejected')));
    expect(audit?.data).toMatchObject({ from: 'pending', to: 'rejected', reason: 'Please add a pay range.' });
  });

  it('reject refunds nothing when no credit was spent on the job', async () => {
    const id = await draft();
    await t.deps.db.update(jobs).set({ status: 'pending' }).where(eq(jobs.id, id));
    const balance = await balanceOf(t, a.employers[0].id);
    expect((await admin.post(`/v1/jobs/${id}/reject`, { reason: 'Spam' })).statusCode).toBe(200);
    expect(await balanceOf(t, a.employers[0].id)).toBe(balance);
    expect((await ledgerOf(t, a.employers[0].id)).filter((l) => l.referenceId === id)).toEqual([]);
  });

  it('reject needs a reason', async () => {
    const id = await jobIn('pending');
    const res = await admin.post(`/v1/jobs/${id}/reject`, { reason: '  ' });
    expect(res.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { reason: [messages.required] } }));
    expect(await statusOf(id)).toBe('pending');
  });

  it('approve tells the employer the job is live', async () => {
    const id = await jobIn('pending');
    expect((await admin.post(`/v1/jobs/${id}/approve`)).statusCode).toBe(200);
    const mail = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `job.approved:${id}:${a.users.employerAdmin.id}`));
    expect(mail[0]).toMatchObject({ event: 'job.approved', subject: 'Job approved: Forklift Driver' });
    const inbox = await t.deps.db.select().from(notifications).where(and(eq(notifications.userId, a.users.employerAdmin.id), eq(notifications.event, 'job.approved')));
    expect(inbox.some((n) => n.link === `/${a.account.slug}/main/jobs/${id}`)).toBe(true);
    expect(await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, id), eq(auditLogs.action, 'job.approved')))).toHaveLength(1);
  });

  const refused: Array<[action: string, from: JobStatus]> = [
    ['approve', 'draft'],
    ['approve', 'live'],
    ['reject', 'live'],
    ['reject', 'draft'],
    ['unlist', 'pending'],
    ['unlist', 'unlisted'],
    ['relist', 'live'],
    ['relist', 'expired'],
    ['expire', 'draft'],
    ['expire', 'pending'],
    ['expire', 'expired'],
    ['approve', 'rejected'],
    ['relist', 'rejected'],
  ];
  it.each(refused)('%s from %s is 409 and changes nothing', async (action, from) => {
    const id = await jobIn(from);
    const before = (await admin.get(`/v1/jobs/${id}/detail`)).json();
    const balance = await balanceOf(t, a.employers[0].id);
    const res = await admin.post(`/v1/jobs/${id}/${action}`, action === 'reject' ? { reason: 'x' } : undefined);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(coded({ message: messages.conflict }));
    expect((await admin.get(`/v1/jobs/${id}/detail`)).json()).toEqual(before);
    expect(await balanceOf(t, a.employers[0].id)).toBe(balance);
  });

  it('needs the permission of the action', async () => {
    const id = await jobIn('pending');
    const editor = await userWith(t, a, ['jobs.view', 'jobs.update', 'jobs.status']);
    const c = client(t, editor.token, site1(a));
    expect((await c.post(`/v1/jobs/${id}/approve`)).statusCode).toBe(403);
    expect((await c.del(`/v1/jobs/${id}`)).statusCode).toBe(403);
    expect(await statusOf(id)).toBe('pending');
  });

  it("is 404 on another tenant's job", async () => {
    const id = await jobIn('live');
    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(b));
    expect((await beta.post(`/v1/jobs/${id}/expire`)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('live');
  });
});

describe('delete and clone', () => {
  it('deletes from any status, with an audit row', async () => {
    for (const status of ['draft', 'live', 'expired', 'rejected'] as const) {
      const id = await jobIn(status);
      expect((await admin.del(`/v1/jobs/${id}`)).statusCode).toBe(204);
      expect(await statusOf(id)).toBeUndefined();
      const [row] = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, id), eq(auditLogs.action, 'job.deleted')));
      expect(row?.data).toMatchObject({ status, title: 'Forklift Driver' });
    }
  });

  it('clones into a new draft without product or advert dates, with the same content and questions', async () => {
    const source = await draft({
      screening_questions: [
        { type: 'yes_no', label: 'Licence?', required: true, knockout_answers: ['no'] },
        { type: 'text', label: 'Why us?' },
      ],
      tags: ['night'],
      advert_end_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await admin.post(`/v1/jobs/${source}/post`, {});
    const res = await admin.post(`/v1/jobs/${source}/clone`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(source);
    expect(copy).toMatchObject({
      status: 'draft',
      title: 'Forklift Driver',
      product: null,
      advert_start_at: null,
      advert_end_at: null,
      posted_at: null,
      featured: false,
      tags: ['night'],
      cloned_from_id: source,
      description: '<p>Drive forklifts in our <strong>warehouse</strong>.</p>',
    });
    expect(copy.screening_questions.map((q: { label: string }) => q.label)).toEqual(['Licence?', 'Why us?']);
    expect(copy.screening_questions[0].knockout_answers).toEqual(['no']);
    expect(copy.status_history).toHaveLength(1);
    // The original keeps its own questions.
    expect(await t.deps.db.select().from(screeningQuestions).where(eq(screeningQuestions.jobId, source))).toHaveLength(2);
  });
});

describe('POST /v1/jobs/bulk', () => {
  it('applies the action job by job, in the given order, each failing on its own', async () => {
    const live = await jobIn('live');
    const draftId = await jobIn('draft');
    const unlisted = await jobIn('unlisted');
    const foreign = crypto.randomUUID();
    const res = await admin.post('/v1/jobs/bulk', { action: 'expire', ids: [live, draftId, foreign, unlisted] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: live, ok: true, status: 'expired', message: null },
      { id: draftId, ok: false, status: 'draft', message: messages.conflict },
      { id: foreign, ok: false, status: null, message: messages.notFound },
      { id: unlisted, ok: true, status: 'expired', message: null },
    ]);
  });

  it('rejects with the reason (refunding each), and deletes', async () => {
    const one = await jobIn('pending');
    const two = await jobIn('pending');
    const balance = await balanceOf(t, a.employers[0].id);
    const rejected = await admin.post('/v1/jobs/bulk', { action: 'reject', ids: [one, two], reason: 'Duplicate.' });
    expect(rejected.json().results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await balanceOf(t, a.employers[0].id)).toBe(balance + 2);
    expect((await admin.post('/v1/jobs/bulk', { action: 'reject', ids: [one] })).json().errors).toEqual({ reason: [messages.required] });
    const deleted = await admin.post('/v1/jobs/bulk', { action: 'delete', ids: [one, two] });
    expect(deleted.json().results).toEqual([
      { id: one, ok: true, status: null, message: null },
      { id: two, ok: true, status: null, message: null },
    ]);
  });

  it("fails each job the caller may not act on, and never touches another tenant's", async () => {
    const pending = await jobIn('pending');
    const live = await jobIn('live');
    const editor = await userWith(t, a, ['jobs.view', 'jobs.status']);
    const c = client(t, editor.token, site1(a));
    const approve = await c.post('/v1/jobs/bulk', { action: 'approve', ids: [pending] });
    expect(approve.json().results).toEqual([{ id: pending, ok: false, status: 'pending', message: messages.unauthorized }]);
    expect((await c.post('/v1/jobs/bulk', { action: 'unlist', ids: [live] })).json().results[0]).toMatchObject({ ok: true, status: 'unlisted' });

    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(b));
    const res = await beta.post('/v1/jobs/bulk', { action: 'delete', ids: [pending] });
    expect(res.json().results).toEqual([{ id: pending, ok: false, status: null, message: messages.notFound }]);
    expect(await statusOf(pending)).toBe('pending');
    expect((await admin.post('/v1/jobs/bulk', { action: 'expire', ids: [] })).statusCode).toBe(422);
  });
});
