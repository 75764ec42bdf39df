import { and, eq } from 'drizzle-orm';
import { emailKinds } from '@hireline/contract/email-kinds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { emailOutbox } from '../../db/schema/platform';
import { notify } from '../../platform/notify/notify';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, employer1, site1, type Client } from '../../test/client';
import { auditOf } from '../../test/audit';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let manager: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
});
afterAll(() => t.close());

const url = (event = 'job.approved', locale = 'fr') => `/v1/site/settings/email-templates/${event}/${locale}`;

describe('email templates', () => {
  it('lists every event in every language with its placeholders, built-in until the site saves its own', async () => {
    const res = await manager.get('/v1/site/settings/email-templates');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { event: string; variables: string[]; versions: { locale: string; customised: boolean; subject: string }[] }[];
    expect(data.map((d) => d.event)).toEqual(emailKinds);
    const approved = data.find((d) => d.event === 'job.approved')!;
    expect(approved.variables).toEqual(['site_name', 'recipient_name', 'job_title']);
    expect(approved.versions.map((v) => [v.locale, v.customised])).toEqual([['en', false], ['fr', false], ['ar', false]]);
    expect(approved.versions[1]!.subject).toBe('Offre approuvée : {{job_title}}');
  });

  it('saves a sanitised version that the next email of that event and language uses, and audits it', async () => {
    const res = await manager.put(url(), { subject: 'Bravo : {{job_title}}', body: '<p>En ligne : <strong>{{job_title}}</strong></p><script>alert(1)</script>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ locale: 'fr', subject: 'Bravo : {{job_title}}', body: '<p>En ligne : <strong>{{job_title}}</strong></p>', customised: true });
    const listed = (await manager.get('/v1/site/settings/email-templates')).json().data.find((d: { event: string }) => d.event === 'job.approved');
    expect(listed.versions[1]).toMatchObject({ customised: true, subject: 'Bravo : {{job_title}}' });
    expect(listed.versions[0]).toMatchObject({ customised: false });
    expect((await auditOf(t, a.sites[0].id, 'settings.email_template_save')).length).toBeGreaterThanOrEqual(1);

    await t.deps.db.update(users).set({ locale: 'fr' }).where(eq(users.id, a.users.employerAdmin.id));
    await notify(t.deps, t.deps.db, { event: 'job.approved', accountId: a.account.id, siteId: a.sites[0].id, userIds: [a.users.employerAdmin.id], vars: { job_title: 'Chef' }, link: null, key: 'tpl-1' });
    const [mail] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `job.approved:tpl-1:${a.users.employerAdmin.id}`));
    expect(mail!.subject).toBe('Bravo : Chef');
    expect(mail!.html).toContain('En ligne : <strong>Chef</strong>');
    // The other site of the account keeps the built-in text.
    await notify(t.deps, t.deps.db, { event: 'job.approved', accountId: a.account.id, siteId: a.sites[1].id, userIds: [a.users.employerAdmin.id], vars: { job_title: 'Chef' }, link: null, key: 'tpl-2' });
    const [other] = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `job.approved:tpl-2:${a.users.employerAdmin.id}`));
    expect(other!.subject).toBe('Offre approuvée : Chef');
    await t.deps.db.update(users).set({ locale: 'en' }).where(eq(users.id, a.users.employerAdmin.id));
  });

  it('refuses placeholders the event does not have, naming the ones it has', async () => {
    const res = await manager.put(url(), { subject: 'Hi {{candidate_name}}', body: '<p>{{job_titel}}</p>' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.subject[0]).toBe('Unknown placeholder {{candidate_name}}. This email can use: {{site_name}}, {{recipient_name}}, {{job_title}}.');
    expect(res.json().errors.body[0]).toContain('{{job_titel}}');
    const empty = await manager.put(url(), { subject: ' ', body: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ subject: ['This field is required.'], body: ['This field is required.'] });
    expect((await manager.put(url('job.nope'), { subject: 'x', body: 'y' })).statusCode).toBe(422);
  });

  it('previews unsaved text with sample values and the site brand, right to left in Arabic', async () => {
    const res = await manager.post(url('application.created', 'ar') + '/preview', { subject: 'طلب من {{candidate_name}}', body: '<p>{{job_title}}</p>' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subject).toBe('طلب من Sam Lee');
    expect(res.json().html).toContain('dir="rtl"');
    expect(res.json().html).toContain('Senior Chef');
    expect(res.json().text).toContain('Alpha Jobs');
  });

  it('covers every kind: each with its own placeholders, grouped, previewed with links on the tenant host', async () => {
    const data = (await manager.get('/v1/site/settings/email-templates')).json().data as { event: string; group: string; variables: string[]; html_variables: string[] }[];
    const admin = data.find((d) => d.event === 'application.status.admin')!;
    expect(admin).toMatchObject({ group: 'application_status', html_variables: ['application_list'] });
    expect(data.find((d) => d.event === 'auth.password_reset')).toMatchObject({ group: 'sign_in', variables: ['site_name', 'recipient_name'] });
    // A placeholder of another kind, or the pre-rendered list in a subject, is refused.
    const wrong = await manager.put(url('auth.password_reset', 'en'), { subject: 'Reset', body: '<p>{{job_title}}</p>' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.body[0]).toContain('Unknown placeholder {{job_title}}');
    const listInSubject = await manager.put(url('application.status.admin', 'en'), { subject: '{{application_list}}', body: '<p>x</p>' });
    expect(listInSubject.json().errors.subject[0]).toContain('Unknown placeholder {{application_list}}');
    // Candidates' emails preview with the board's links, staff emails with the portal's.
    const offer = await manager.post(url('application.status.offered', 'fr') + '/preview', { subject: 'Offre : {{job_title}} ({{status_label}})', body: '<p>Bravo {{recipient_name}}</p>' });
    expect(offer.statusCode, offer.body).toBe(200);
    // The sample names the stage the email is about, as the site labels it.
    expect(offer.json().subject).toBe('Offre : Senior Chef (Offered)');
    expect(offer.json().html).toContain(`http://jobs.${a.account.domain}/`);
    expect(offer.json().html).not.toContain('/auth/profile/settings');
    const summary = await manager.post(url('application.status.admin', 'en') + '/preview', { subject: 'Moved', body: '<p>{{application_list}}</p>' });
    expect(summary.json().html).toContain('<ul><li>Sam Lee – Senior Chef</li>');
    expect(summary.json().html).toContain(`http://${a.account.domain}/`);
  });

  it('resets to the built-in text, then answers 404 when there is nothing to reset', async () => {
    expect((await manager.del(url())).statusCode).toBe(204);
    expect((await manager.del(url())).statusCode).toBe(404);
    const listed = (await manager.get('/v1/site/settings/email-templates')).json().data.find((d: { event: string }) => d.event === 'job.approved');
    expect(listed.versions[1]).toMatchObject({ customised: false, subject: 'Offre approuvée : {{job_title}}' });
  });

  it('is closed to employer users and to other tenants', async () => {
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await employer.get('/v1/site/settings/email-templates')).statusCode).toBe(403);
    expect((await employer.put(url(), { subject: 'x', body: 'y' })).statusCode).toBe(403);
    const stranger = client(t, await login(t.app, b.users.accountAdmin.email), site1(a));
    expect((await stranger.get('/v1/site/settings/email-templates')).statusCode).toBe(404);
    const rows = await t.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.accountId, b.account.id)));
    expect(rows).toEqual([]);
  });
});
