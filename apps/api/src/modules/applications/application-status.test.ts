import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffStatuses } from '@hireline/contract/application-actions';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { memberships, roles, users } from '../../db/schema/identity';
import type { seekers } from '../../db/schema/seekers';
import { applicationStages } from '../../db/schema/settings';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { addApplication, addSeeker, addMailableConsultant } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { historyRows, rowOf } from './application-tests.fixtures';
import { mailMark, newMail } from '../../test/mail';
import { coded } from '../../test/errors';
import { auditOf } from '../../test/audit';

let t: TestApp;
let a: Tenant;
let admin: Client;
let consultantEmail: string;
let job: Awaited<ReturnType<typeof addLiveJob>>;

const all = { admin: true, consultants: true, candidate: true };
const none = { admin: false, consultants: false, candidate: false };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  const consultant = await addMailableConsultant(t, a, { name: 'Carla Consultant' });
  consultantEmail = consultant.email!;
  job = await addLiveJob(t, a, { title: 'Forklift Driver', consultantId: consultant.id });
  // Who must never hear about site 1: a disabled account admin and the manager of site 2.
  const role = async (key: string) => (await t.deps.db.select().from(roles).where(and(eq(roles.accountId, a.account.id), eq(roles.key, key))))[0]!.id;
  const [disabled, other] = await t.deps.db
    .insert(users)
    .values([
      { enterpriseId: a.enterpriseId, email: `disabled.${a.account.slug}@example.test`, name: 'Disabled Admin', enabled: false, passwordHash: PASSWORD },
      { enterpriseId: a.enterpriseId, email: `site2.${a.account.slug}@example.test`, name: 'Site Two Manager', passwordHash: PASSWORD },
    ])
    .returning();
  await t.deps.db.insert(memberships).values([
    { userId: disabled!.id, enterpriseId: a.enterpriseId, scopeType: 'account', accountId: a.account.id, roleId: await role('account_admin') },
    { userId: other!.id, enterpriseId: a.enterpriseId, scopeType: 'site', accountId: a.account.id, siteId: a.sites[1].id, roleId: await role('site_manager') },
  ]);
});
afterAll(() => t.close());

async function applicationIn(status: ApplicationStatus, extra: Partial<typeof seekers.$inferInsert> = {}) {
  return addApplication(t, job, await addSeeker(t, a, extra), { status });
}

const move = (id: string, status: string, notify = none) => admin.post(`/v1/applications/${id}/status`, { status, notify });

describe('POST /v1/applications/:uuid/status', () => {
  it.each(staffStatuses)('moves an application to %s, with history and audit', async (to) => {
    const from: ApplicationStatus = to === 'unsuccessful' ? 'offered' : 'unsuccessful';
    const app = await applicationIn(from);
    const before = (await rowOf(t, app.id))!.statusChangedAt;
    const res = await move(app.id, to, { admin: false, consultants: true, candidate: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: app.id, status: to });
    expect(res.json().allowed_actions).toContain('status');
    expect(Date.parse(res.json().status_changed_at)).toBeGreaterThanOrEqual(before.getTime());
    const history = await historyRows(t, app.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      fromStatus: from,
      toStatus: to,
      actorUserId: a.users.accountAdmin.id,
      actorSeekerId: null,
      notify: { admin: false, consultants: true, candidate: false },
    });
    const audit = await auditOf(t, app.id);
    expect(audit.map((r) => [r.action, r.actorUserId, r.data.from, r.data.to])).toEqual([['application.status', a.users.accountAdmin.id, from, to]]);
  });

  it('refuses to move a withdrawn application (409) and writes nothing', async () => {
    const app = await applicationIn('withdrawn');
    const mark = await mailMark(t);
    const res = await move(app.id, 'shortlisted', all);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(coded({ message: 'A withdrawn application cannot be changed.' }));
    expect((await rowOf(t, app.id))!.status).toBe('withdrawn');
    expect(await historyRows(t, app.id)).toEqual([]);
    expect(await auditOf(t, app.id)).toEqual([]);
    expect(await newMail(t, mark)).toEqual([]);
    expect((await admin.get(`/v1/applications/${app.id}/overview`)).json().allowed_actions).not.toContain('status');
  });

  it('never lets staff set Withdrawn, and validates the body', async () => {
    const app = await applicationIn('applied');
    const res = await move(app.id, 'withdrawn');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { status: [messages.invalid] } }));
    const missing = await admin.post(`/v1/applications/${app.id}/status`, { status: 'new' });
    // The contract's notify object carries zod's own wording when missing (reported upstream); the field is named.
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['notify']);
    expect((await rowOf(t, app.id))!.status).toBe('applied');
  });

  it('moving to the status it already has is ok and writes and sends nothing', async () => {
    const app = await applicationIn('screening');
    const before = await rowOf(t, app.id);
    const mark = await mailMark(t);
    const res = await move(app.id, 'screening', all);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('screening');
    expect((await rowOf(t, app.id))!.statusChangedAt).toEqual(before!.statusChangedAt);
    expect(await historyRows(t, app.id)).toEqual([]);
    expect(await auditOf(t, app.id)).toEqual([]);
    expect(await newMail(t, mark)).toEqual([]);
  });

  it('emails the candidate, the admins and the consultant once each; a retry queues nothing', async () => {
    const app = await applicationIn('screening', { name: 'Ada Lovelace', email: 'ada.alpha@example.test' });
    const mark = await mailMark(t);
    expect((await move(app.id, 'shortlisted', all)).statusCode).toBe(200);
    const mail = await newMail(t, mark);
    const [history] = await historyRows(t, app.id);
    expect(mail.map((m) => [m.event, m.toEmail])).toEqual([
      ['application.status.admin', a.users.accountAdmin.email],
      ['application.status.admin', a.users.siteManager.email],
      ['application.status.consultant', consultantEmail],
      ['application.status.shortlisted', 'ada.alpha@example.test'],
    ]);
    const candidate = mail.find((m) => m.event === 'application.status.shortlisted')!;
    expect(candidate).toMatchObject({ subject: 'Your application for Forklift Driver: Shortlisted', toName: 'Ada Lovelace', siteId: a.sites[0].id, status: 'queued' });
    expect(candidate.dedupeKey).toBe(`application.status.shortlisted:${history!.id}:${app.seekerId}`);
    expect(candidate.text).toContain('Hello Ada Lovelace,');
    // Candidates land on the site's board domain.
    expect(candidate.text).toContain(`http://jobs.${a.account.domain}/me/applications`);
    expect(candidate.text).toContain('you have been shortlisted for “Forklift Driver”');
    // The site's branding: its name and the account's primary colour.
    expect(candidate.text.split('\n')[0]).toBe('Alpha Jobs');
    expect(candidate.html).toContain('#123456');
    const adminMail = mail.find((m) => m.toEmail === a.users.siteManager.email)!;
    expect(adminMail.subject).toBe('Applications moved to Shortlisted on Alpha Jobs');
    expect(adminMail.text).toContain('Ada Lovelace – Forklift Driver (Screening → Shortlisted)');
    // Staff land on the account's portal domain.
    expect(adminMail.text).toContain(`http://${a.account.domain}/${a.account.slug}/main/applications/${app.id}/overview`);
    expect(mail.find((m) => m.event === 'application.status.consultant')!.text).toContain('Hello Carla Consultant');

    const again = mark.size + mail.length;
    expect((await move(app.id, 'shortlisted', all)).statusCode).toBe(200);
    expect((await mailMark(t)).size).toBe(again);
    expect(await historyRows(t, app.id)).toHaveLength(1);
  });

  it('emails only whom notify names', async () => {
    const app = await applicationIn('applied');
    const mark = await mailMark(t);
    await move(app.id, 'invited', { admin: false, consultants: false, candidate: true });
    expect((await newMail(t, mark)).map((m) => m.event)).toEqual(['application.status.invited']);
    const mark2 = await mailMark(t);
    await move(app.id, 'new', { admin: false, consultants: true, candidate: false });
    expect((await newMail(t, mark2)).map((m) => m.toEmail)).toEqual([consultantEmail]);
    const mark3 = await mailMark(t);
    await move(app.id, 'applied', none);
    expect(await newMail(t, mark3)).toEqual([]);
    expect((await historyRows(t, app.id)).map((h) => h.toStatus)).toEqual(['invited', 'new', 'applied']);
  });

  it('never emails an erased candidate, nor a consultant without an address', async () => {
    const app = await applicationIn('applied', { erasedAt: new Date() });
    const silent = await addLiveJob(t, a, { title: 'Quiet Job', consultantId: (await addMailableConsultant(t, a, { enabled: false })).id });
    const other = await addApplication(t, silent, await addSeeker(t, a));
    const mark = await mailMark(t);
    expect((await move(app.id, 'offered', all)).statusCode).toBe(200);
    expect((await move(other.id, 'offered', { admin: false, consultants: true, candidate: false })).statusCode).toBe(200);
    const mail = await newMail(t, mark);
    expect(mail.map((m) => m.event)).toEqual(['application.status.admin', 'application.status.admin', 'application.status.consultant']);
    expect(mail.find((m) => m.event === 'application.status.consultant')!.text).toContain('Forklift Driver');
  });

  it("uses the site's own stage labels in the emails", async () => {
    await t.deps.db.insert(applicationStages).values({ accountId: a.account.id, siteId: a.sites[0].id, status: 'screening', label: 'Phone screen', color: '#000000', position: 4 });
    const app = await applicationIn('applied', { name: 'Grace Hopper' });
    const mark = await mailMark(t);
    await move(app.id, 'screening', { admin: false, consultants: false, candidate: true });
    expect((await newMail(t, mark))[0]!.subject).toBe('Your application for Forklift Driver: Phone screen');
    await t.deps.db.delete(applicationStages).where(eq(applicationStages.siteId, a.sites[0].id));
  });

  it('needs applications.status; 404 outside the scope', async () => {
    const app = await applicationIn('applied');
    const viewer = await userWith(t, a, ['applications.view', 'applications.update']);
    const res = await client(t, viewer.token, site1(a)).post(`/v1/applications/${app.id}/status`, { status: 'new', notify: none });
    expect(res.statusCode).toBe(403);
    expect((await admin.get(`/v1/applications/${app.id}/overview`)).json().allowed_actions).toContain('status');
    const detail = await client(t, viewer.token, site1(a)).get(`/v1/applications/${app.id}/overview`);
    expect(detail.json().allowed_actions).toEqual(['disable', 'update_tags']);
    expect((await move(crypto.randomUUID(), 'new')).statusCode).toBe(404);
    expect((await rowOf(t, app.id))!.status).toBe('applied');
  });
});
