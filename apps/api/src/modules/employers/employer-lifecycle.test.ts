import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { memberships, roles, users } from '../../db/schema/identity';
import { jobs, jobStatusHistory } from '../../db/schema/jobs';
import { hashPassword } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addApplication, addSeeker } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { client, employer1, site1, type Client } from '../../test/client';
import { grantCredits } from '../../test/credits';
import { employerMessages } from './employer-present';
import { employerRow } from './employers.fixtures';
import { addEmployer } from '../../test/employers';
import { auditOf } from '../../test/audit';
import { eventMailTo } from '../../test/mail';

let t: TestApp;
let a: Tenant;
let manager: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
});
afterAll(() => t.close());

/** A registrant: a user whose only membership is an employer admin of `employerId`. */
async function addRegistrant(employerId: string, email: string) {
  const db = t.deps.db;
  const admin = (await db.select().from(roles).where(eq(roles.accountId, a.account.id))).find((r) => r.key === 'employer_admin')!;
  const [u] = await db.insert(users).values({ enterpriseId: a.enterpriseId, email, name: 'Reg Istrant', passwordHash: await hashPassword(PASSWORD) }).returning();
  await db.insert(memberships).values({ userId: u!.id, enterpriseId: a.enterpriseId, scopeType: 'employer', accountId: a.account.id, siteId: a.sites[0].id, employerId, roleId: admin.id });
  return u!;
}

const signIn = (email: string) => call(t.app, { enterpriseKey: 'test' }, { method: 'POST', url: '/portal/auth/login', payload: { email, password: PASSWORD } });

describe('registrations on hold', () => {
  it('lists only pending registrations of the site, oldest first', async () => {
    const first = await addEmployer(t, a, { name: 'First Wait', status: 'pending', createdAt: new Date('2020-01-01T00:00:00Z') });
    const second = await addEmployer(t, a, { name: 'Second Wait', status: 'pending' });
    await addEmployer(t, a, { name: 'Elsewhere Wait', status: 'pending', site: 1 });
    const res = await manager.get('/v1/employers/on-hold');
    const ids = res.json().data.map((e: { id: string }) => e.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(res.json().data.every((e: { status: string }) => e.status === 'pending')).toBe(true);
    expect(res.json().data.some((e: { business_name: string }) => e.business_name === 'Elsewhere Wait')).toBe(false);
  });

  it('keeps a registrant out until approval, then lets them in and emails them once', async () => {
    const e = await addEmployer(t, a, { name: 'Wombat Builders', status: 'pending' });
    const reg = await addRegistrant(e.id, 'reg.wombat@example.test');
    // Kept out, and told why (the password was right).
    const held = await signIn(reg.email);
    expect([held.statusCode, held.json().code]).toEqual([403, 'auth.registration_pending']);

    const res = await manager.post(`/v1/employers/${e.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active' });
    expect(res.json().allowed_actions).not.toContain('approve');
    expect((await signIn(reg.email)).statusCode).toBe(200);

    const again = await manager.post(`/v1/employers/${e.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(employerMessages.notOnHold);
    const mail = await eventMailTo(t, reg.email, 'employer.');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('approved');
  });

  it('rejects with a required reason, emailed to the contact when nobody signs in for it yet', async () => {
    const e = await addEmployer(t, a, { name: 'Dingo Deals', status: 'pending', contactEmail: 'owner@dingo.example' });
    const missing = await manager.post(`/v1/employers/${e.id}/reject`, { reason: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.reason).toEqual([messages.required]);

    const res = await manager.post(`/v1/employers/${e.id}/reject`, { reason: 'Registration number not found.' });
    expect(res.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Registration number not found.' });
    const [mail] = await eventMailTo(t, 'owner@dingo.example', 'employer.declined');
    expect(mail!.text).toContain('Registration number not found.');
    expect((await auditOf(t, e.id)).map((r) => [r.action, r.data])).toEqual([['employer.reject', { reason: 'Registration number not found.' }]]);
  });

  it('reviews in bulk, reporting each item, and needs a reason to reject', async () => {
    const p1 = await addEmployer(t, a, { status: 'pending' });
    const p2 = await addEmployer(t, a, { status: 'pending' });
    const active = await addEmployer(t, a);
    const otherSite = await addEmployer(t, a, { status: 'pending', site: 1 });
    const noReason = await manager.post('/v1/employers/on-hold/review', { action: 'reject', ids: [p1.id] });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([messages.required]);

    const res = await manager.post('/v1/employers/on-hold/review', { action: 'approve', ids: [p1.id, p2.id, active.id, otherSite.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: p1.id, ok: true, status: 'active', message: null },
      { id: p2.id, ok: true, status: 'active', message: null },
      { id: active.id, ok: false, status: null, message: employerMessages.notOnHold },
      { id: otherSite.id, ok: false, status: null, message: messages.notFound },
    ]);
    expect((await employerRow(t, otherSite.id))!.status).toBe('pending');
  });

  it('decides the whole set together: an id given twice is decided once, each decision emailed and audited once', async () => {
    const p1 = await addEmployer(t, a, { status: 'pending' });
    const p2 = await addEmployer(t, a, { status: 'pending' });
    await addRegistrant(p1.id, 'owner.p1@example.test');
    await addRegistrant(p2.id, 'owner.p2@example.test');
    const reason = 'Duplicate registration.';
    const res = await manager.post('/v1/employers/on-hold/review', { action: 'reject', reason, ids: [p1.id, p2.id, p1.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: p1.id, ok: true, status: 'rejected', message: null },
      { id: p2.id, ok: true, status: 'rejected', message: null },
      { id: p1.id, ok: false, status: null, message: employerMessages.notOnHold },
    ]);
    for (const [e, email] of [[p1, 'owner.p1@example.test'], [p2, 'owner.p2@example.test']] as const) {
      expect(await employerRow(t, e.id)).toMatchObject({ status: 'rejected', rejectionReason: reason });
      expect(await eventMailTo(t, email, 'employer.declined')).toHaveLength(1);
      expect((await auditOf(t, e.id)).map((r) => [r.action, r.data])).toEqual([['employer.reject', { reason }]]);
    }
  });

  it('is refused to an employer admin (no approve permission)', async () => {
    const employerAdmin = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await employerAdmin.get('/v1/employers/on-hold')).statusCode).toBe(403);
    expect((await employerAdmin.post(`/v1/employers/${a.employers[0].id}/approve`)).statusCode).toBe(403);
  });
});

describe('enable and disable', () => {
  it('disabling signs its users out, keeps them out and unlists its live jobs; enabling lets them back in', async () => {
    const e = await addEmployer(t, a, { name: 'Platypus Pools' });
    const reg = await addRegistrant(e.id, 'staff.platypus@example.test');
    const token = await login(t.app, reg.email);
    const job = await addLiveJob(t, a, { employerId: e.id });

    const res = await manager.post(`/v1/employers/${e.id}/disable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, allowed_actions: expect.arrayContaining(['enable']) });
    expect(res.json().allowed_actions).not.toContain('disable');
    expect((await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);
    expect((await signIn(reg.email)).statusCode).toBe(422);
    const [j] = await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(j!.status).toBe('unlisted');
    const [h] = await t.deps.db.select().from(jobStatusHistory).where(eq(jobStatusHistory.jobId, job.id));
    expect(h).toMatchObject({ fromStatus: 'live', toStatus: 'unlisted', reason: 'Employer disabled' });

    expect((await manager.post(`/v1/employers/${e.id}/disable`)).statusCode).toBe(409);
    const on = await manager.post(`/v1/employers/${e.id}/enable`);
    expect(on.json().enabled, on.body).toBe(true);
    expect((await signIn(reg.email)).statusCode).toBe(200);
    expect((await auditOf(t, e.id)).map((r) => r.action)).toEqual(['employer.disable', 'employer.enable']);
  });

  it('does not sign out someone who also works elsewhere', async () => {
    const e = await addEmployer(t, a);
    const db = t.deps.db;
    const [role] = (await db.select().from(roles).where(eq(roles.accountId, a.account.id))).filter((r) => r.key === 'employer_user');
    await db.insert(memberships).values({ userId: a.users.siteManager.id, enterpriseId: a.enterpriseId, scopeType: 'employer', accountId: a.account.id, siteId: a.sites[0].id, employerId: e.id, roleId: role!.id });
    const token = await login(t.app, a.users.siteManager.email);
    await manager.post(`/v1/employers/${e.id}/disable`);
    expect((await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(200);
  });
});

describe('disabling one’s own employer, and relisting on enable', () => {
  it('refuses an employer user disabling their own employer, and does not offer it', async () => {
    const own = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const detail = await own.get(`/v1/employers/${a.employers[0].id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().allowed_actions).not.toContain('disable');
    const res = await own.post(`/v1/employers/${a.employers[0].id}/disable`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(employerMessages.notOwnEmployer);
    expect((await employerRow(t, a.employers[0].id))!.enabled).toBe(true);
    // The site's staff still may, and are offered it.
    expect((await manager.get(`/v1/employers/${a.employers[0].id}`)).json().allowed_actions).toContain('disable');
  });

  it('offers to relist what disabling unlisted, and relists only those still unlisted and within their dates', async () => {
    const e = await addEmployer(t, a, { name: 'Quokka Cafes' });
    const relisted = await addLiveJob(t, a, { employerId: e.id });
    const ended = await addLiveJob(t, a, { employerId: e.id });
    const byHand = await addLiveJob(t, a, { employerId: e.id });
    const reopened = await addLiveJob(t, a, { employerId: e.id });
    await t.deps.db.update(jobs).set({ status: 'unlisted' }).where(eq(jobs.id, byHand.id));

    const off = await manager.post(`/v1/employers/${e.id}/disable`);
    expect(off.json()).toMatchObject({ enabled: false, relistable_jobs_count: 3 });
    await t.deps.db.update(jobs).set({ advertEndAt: new Date(Date.now() - 60_000) }).where(eq(jobs.id, ended.id));
    const relist = await manager.post(`/v1/jobs/${reopened.id}/relist`);
    expect(relist.statusCode, relist.body).toBe(200);
    expect((await manager.get(`/v1/employers/${e.id}`)).json().relistable_jobs_count).toBe(1);

    const on = await manager.post(`/v1/employers/${e.id}/enable`, { relist: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, relistable_jobs_count: 0 });
    const statusOf = async (id: string) => (await t.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0]!.status;
    expect(await statusOf(relisted.id)).toBe('live');
    expect(await statusOf(ended.id)).toBe('unlisted');
    expect(await statusOf(byHand.id)).toBe('unlisted');
    expect(await statusOf(reopened.id)).toBe('live');
  });

  it('leaves the unlisted jobs alone when enabling without relisting', async () => {
    const e = await addEmployer(t, a, { name: 'Wallaby Wash' });
    const job = await addLiveJob(t, a, { employerId: e.id });
    await manager.post(`/v1/employers/${e.id}/disable`);
    expect((await manager.post(`/v1/employers/${e.id}/enable`, { relist: false })).statusCode).toBe(200);
    expect((await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!.status).toBe('unlisted');
  });
});

describe('DELETE /v1/employers/:uuid', () => {
  it('deletes the employer with its jobs and applications', async () => {
    const e = await addEmployer(t, a);
    const job = await addLiveJob(t, a, { employerId: e.id });
    await addApplication(t, job, await addSeeker(t, a));
    const detail = (await manager.get(`/v1/employers/${e.id}`)).json();
    expect(detail).toMatchObject({ jobs_count: 1, live_jobs_count: 1, applications_count: 1, delete_blocked_reason: null });
    const res = await manager.del(`/v1/employers/${e.id}`);
    expect(res.statusCode).toBe(204);
    expect(await employerRow(t, e.id)).toBeNull();
    expect(await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id))).toHaveLength(0);
    expect((await auditOf(t, e.id)).map((r) => [r.action, r.data])).toEqual([['employer.delete', { business_name: e.businessName, jobs: 1, applications: 1 }]]);
  });

  it('refuses an employer with credit history, and says so on the detail', async () => {
    const e = await addEmployer(t, a);
    await grantCredits(t, e.id, 3);
    const detail = (await manager.get(`/v1/employers/${e.id}`)).json();
    expect(detail).toMatchObject({ delete_blocked_reason: employerMessages.hasCredits });
    expect(detail.allowed_actions).not.toContain('delete');
    const res = await manager.del(`/v1/employers/${e.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(employerMessages.hasCredits);
    expect(await employerRow(t, e.id)).not.toBeNull();
  });
});
