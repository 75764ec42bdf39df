import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs';
import { notifications } from '../../db/schema/notifications';
import { emailOutbox } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addTiers, setPrice, grantCredits } from '../../test/credits';
import { addProduct, completeJob, requireApproval, runExpiryReminders, runJobExpiry } from '../../test/jobs';
import { client, employer1, site1, type Client, accountClient } from '../../test/client';
import { acceptInvitation, accountAccess, invite } from '../../test/people';

/*
 * Every event reaches the right people of the right tenant, once, in-app and by email. The other tenant's users,
 * who hold the same roles there, must never hear of it.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Events A' });
  b = await createTenant(t.deps.db, { name: 'Events B' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  productId = (await addProduct(t, a)).id;
});
afterAll(() => t.close());

const everyone = (x: Tenant) => Object.values(x.users).map((u) => u.id);

async function told(event: string) {
  const inbox = await t.deps.db.select().from(notifications).where(eq(notifications.event, event));
  const mail = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.event, event));
  return { inbox, mail, users: inbox.map((n) => n.userId).sort(), emails: mail.map((m) => m.toEmail).sort() };
}

async function postJob(extra: Record<string, unknown> = {}) {
  const created = await admin.post('/v1/jobs', { ...completeJob(a, productId), ...extra });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const posted = await admin.post(`/v1/jobs/${id}/post`, {});
  expect(posted.statusCode, posted.body).toBe(200);
  return id;
}

describe('events', () => {
  it('job.pending: the site admins and managers are asked to review, not the employer or another tenant', async () => {
    await grantCredits(t, a.employers[0].id, 20);
    await requireApproval(t, a.sites[0].id, true);
    const id = await postJob({ title: 'Pastry cook' });
    await requireApproval(t, a.sites[0].id, false);
    const { users, emails, inbox } = await told('job.pending');
    expect(users).toEqual([a.users.accountAdmin.id, a.users.siteManager.id].sort());
    expect(emails).toEqual([a.users.accountAdmin.email, a.users.siteManager.email].sort());
    expect(inbox[0]!.subject).toBe('Job awaiting approval: Pastry cook');
    expect(inbox[0]!.link).toMatch(/\/jobs\/hold$/);
    expect(users.some((u) => everyone(b).includes(u))).toBe(false);

    // Approving it tells the employer's users, with a link to the job.
    const approved = await admin.post(`/v1/jobs/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const decision = await told('job.approved');
    expect(decision.users).toEqual([a.users.employerAdmin.id]);
    expect(decision.inbox[0]!.link).toContain(`/jobs/${id}`);
  });

  it('credit.low_balance: once, when a post takes the balance down to the low mark', async () => {
    const have = (await t.deps.db.execute<{ b: number }>(sql`select credit_balance as b from employers where id = ${a.employers[0].id}`)).rows[0]!.b;
    await grantCredits(t, a.employers[0].id, 3 - Number(have) + 1); // balance 4
    await postJob(); // 3: not low yet
    expect((await told('credit.low_balance')).inbox).toHaveLength(0);
    await postJob(); // 2: low
    await postJob(); // 1: still low, not repeated
    const { users, inbox, emails } = await told('credit.low_balance');
    expect(users).toEqual([a.users.employerAdmin.id]);
    expect(emails).toEqual([a.users.employerAdmin.email]);
    expect(inbox[0]!.subject).toBe('Low credit balance: 2 left');
  });

  it('job.expiring and job.expired: the employer hears once each, however often the sweeps run', async () => {
    await grantCredits(t, a.employers[0].id, 5);
    const id = await postJob({ title: 'Night porter' });
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3_600_000);
    await t.deps.db.update(jobs).set({ advertEndAt: inTwoDays }).where(eq(jobs.id, id));
    await runExpiryReminders(t);
    await runExpiryReminders(t);
    const soon = await told('job.expiring');
    expect(soon.inbox.filter((n) => n.subject === 'Job expiring soon: Night porter').map((n) => n.userId)).toEqual([a.users.employerAdmin.id]);

    await t.deps.db.update(jobs).set({ advertStartAt: new Date(Date.now() - 86_400_000), advertEndAt: new Date(Date.now() - 60_000) }).where(eq(jobs.id, id));
    expect(await runJobExpiry(t)).toBeGreaterThanOrEqual(1);
    await runJobExpiry(t);
    const gone = await told('job.expired');
    expect(gone.inbox.filter((n) => n.subject === 'Job expired: Night porter').map((n) => n.userId)).toEqual([a.users.employerAdmin.id]);
    expect(gone.mail.filter((m) => m.subject === 'Job expired: Night porter')).toHaveLength(1);
  });

  it('credit.purchased: the buying employer hears once, however often the payment is confirmed', async () => {
    await addTiers(t, a);
    await setPrice(t, a.sites[0].id, 4900);
    const buyer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const res = await buyer.post('/v1/credit/purchases', { quantity: 10 }, { 'idempotency-key': crypto.randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const session = (res.json().checkout_url as string).replace('/payments/sandbox/', '');
    for (let i = 0; i < 2; i++) {
      const paid = await t.app.inject({ method: 'POST', url: `/portal/v1/payments/sandbox/${session}/complete`, headers: { 'x-af-eid': 'test' } });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const { users, inbox } = await told('credit.purchased');
    expect(users).toEqual([a.users.employerAdmin.id]);
    expect(inbox[0]!.subject).toBe('Credits purchased: 10');
    expect(inbox[0]!.content).toMatch(/The balance is now \d+ credits\./);
  });

  it('invitation.accepted: whoever invited hears it when the invitee sets a password', async () => {
    const inviter = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
    const res = await invite(inviter, 'newcomer@example.test', [accountAccess('account_admin')], 'New Comer');
    expect(res.statusCode, res.body).toBe(201);
    await acceptInvitation(t, 'newcomer@example.test');
    const { users, inbox } = await told('invitation.accepted');
    expect(users).toEqual([a.users.accountAdmin.id]);
    expect(inbox[0]!).toMatchObject({ subject: 'New Comer accepted your invitation', accountId: a.account.id });
    expect(inbox[0]!.link).toMatch(/\/users$/);
  });

  it('no user of the other tenant was told anything', async () => {
    const theirs = await t.deps.db.select().from(notifications).where(inArray(notifications.userId, everyone(b)));
    expect(theirs).toEqual([]);
    const mail = await t.deps.db.select().from(emailOutbox).where(and(inArray(emailOutbox.toEmail, Object.values(b.users).map((u) => u.email))));
    expect(mail).toEqual([]);
  });
});

describe('preferences', () => {
  it('lists every event as both until chosen, saves choices, and refuses unknown events and channels', async () => {
    const me = client(t, await login(t.app, a.users.siteManager.email), site1(a));
    const first = await me.get('/v1/notifications/preferences');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toHaveLength(12);
    expect(first.json().data.every((p: { channel: string }) => p.channel === 'both')).toBe(true);
    const saved = await me.put('/v1/notifications/preferences', { preferences: [{ event: 'job.pending', channel: 'email' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.find((p: { event: string }) => p.event === 'job.pending').channel).toBe('email');
    const bad = await me.put('/v1/notifications/preferences', { preferences: [{ event: 'job.nope', channel: 'loud' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ 'preferences.0.event': ['This value is invalid.'], 'preferences.0.channel': ['This value is invalid.'] });
    // Choices are the user's own: another user still has the default.
    const other = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
    expect((await other.get('/v1/notifications/preferences')).json().data.find((p: { event: string }) => p.event === 'job.pending').channel).toBe('both');
  });
});
