import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { siteSettingsMessages } from '@hireline/contract/site-settings';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addProduct, completeJob } from '../../test/jobs';
import { client, site1, type Client } from '../../test/client';
import { grantCredits } from '../../test/credits';
import { userWith } from '../../test/people';
import { auditOf } from '../../test/audit';
import { publicBranding, siteRow } from './settings.fixtures';
import { settingsMessages } from './site-settings.service';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let manager: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
});
afterAll(() => t.close());

const internal = { enabled: true, handler: 'internal', url: null, has_secret: false };

describe('GET /v1/site/settings', () => {
  it("answers the site's settings, defaults included, to a site manager", async () => {
    const res = await manager.get('/v1/site/settings');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Alpha Jobs',
      timezone: 'UTC',
      locale: 'en-US',
      job_approval_required: false,
      employer_approval_required: false,
      price_per_credit_cents: 4900,
      currency: 'USD',
      forms: { application: internal, employer_registration: internal, job_report: internal, feedback: internal },
    });
  });

  it('is 403 for an employer admin, 404 for a site the caller has no role on, another tenant, or no site selected', async () => {
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), { ...site1(a), employerId: a.employers[0].id });
    expect((await employer.get('/v1/site/settings')).statusCode).toBe(403);
    const managerToken = await login(t.app, a.users.siteManager.email);
    expect((await client(t, managerToken, { accountId: a.account.id, siteId: a.sites[1].id }).get('/v1/site/settings')).statusCode).toBe(404);
    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(a));
    expect((await beta.get('/v1/site/settings')).statusCode).toBe(404);
    const noSite = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id } as never);
    expect((await noSite.get('/v1/site/settings')).statusCode).toBe(404);
  });

  it("is 403 for an employer's role that names settings: an employer's people never see the whole site's", async () => {
    const employerRole = await userWith(t, a, ['settings.view', 'settings.update'], 'employer');
    const asEmployer = client(t, employerRole.token, { ...site1(a), employerId: a.employers[0].id });
    expect((await asEmployer.get('/v1/site/settings')).statusCode).toBe(403);
    expect((await asEmployer.patch('/v1/site/settings', { locale: 'ar' })).statusCode).toBe(403);
    expect((await asEmployer.post('/v1/cms/auth/token')).statusCode).toBe(403);
  });
});

describe('PATCH /v1/site/settings', () => {
  it('changes only what is sent, audits the changed keys, reprices the products in the new currency and renames the board', async () => {
    const product = await addProduct(t, a, { site: 0 });
    const domain = `jobs.${a.account.domain}`;
    expect((await publicBranding(t, domain)).json().name).toBe('Alpha Jobs');

    const res = await manager.patch('/v1/site/settings', {
      name: 'Alpha Careers',
      timezone: 'Australia/Sydney',
      locale: 'fr',
      price_per_credit_cents: 5900,
      currency: 'aud',
      employer_approval_required: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Alpha Careers',
      timezone: 'Australia/Sydney',
      locale: 'fr',
      price_per_credit_cents: 5900,
      currency: 'AUD',
      employer_approval_required: false,
      generated_secrets: {},
    });
    const { generated_secrets: _, ...document } = res.json();
    expect((await manager.get('/v1/site/settings')).json()).toEqual(document);

    const [entry] = await auditOf(t, a.sites[0].id, 'settings.update');
    expect(entry).toMatchObject({ actorUserId: a.users.siteManager.id, accountId: a.account.id });
    expect(entry!.data).toEqual({ keys: ['name', 'timezone', 'locale', 'price_per_credit_cents', 'currency'] });

    const listed = (await manager.get('/v1/site/settings/products')).json().find((p: { id: string }) => p.id === product.id);
    expect(listed.currency).toBe('AUD');
    const tiers = (await manager.get('/v1/credit/discount-tiers')).json();
    expect(tiers).toMatchObject({ price_per_credit_cents: 5900, currency: 'AUD' });
    expect((await publicBranding(t, domain)).json()).toMatchObject({ name: 'Alpha Careers', settings: { locale: 'fr' } });
  });

  it('writes nothing when nothing changes', async () => {
    const before = (await auditOf(t, a.sites[0].id, 'settings.update')).length;
    const current = (await admin.get('/v1/site/settings')).json();
    expect((await admin.patch('/v1/site/settings', { timezone: current.timezone, job_approval_required: current.job_approval_required })).statusCode).toBe(200);
    expect((await admin.patch('/v1/site/settings', {})).statusCode).toBe(200);
    expect(await auditOf(t, a.sites[0].id, 'settings.update')).toHaveLength(before);
  });

  it('answers 422 with field messages and changes nothing', async () => {
    const before = (await siteRow(t, a.sites[0].id)).settings;
    const res = await admin.patch('/v1/site/settings', {
      name: ' ',
      timezone: 'Mars/Olympus',
      locale: 'de',
      job_approval_required: 'yes',
      price_per_credit_cents: 12.5,
      currency: 'dollars',
      colour: 'red',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: [messages.required],
      timezone: [siteSettingsMessages.timezone],
      locale: [messages.invalid],
      job_approval_required: [messages.invalid],
      price_per_credit_cents: [siteSettingsMessages.price],
      currency: [siteSettingsMessages.currency],
      colour: ['This field is not allowed.'],
    });
    expect((await admin.patch('/v1/site/settings', { currency: 'XYZ', price_per_credit_cents: -1 })).json().errors).toEqual({
      currency: [siteSettingsMessages.currency],
      price_per_credit_cents: [siteSettingsMessages.price],
    });
    expect((await siteRow(t, a.sites[0].id)).settings).toEqual(before);
  });

  it('is 403 for a role that may only view settings, and for an employer admin', async () => {
    const viewer = await userWith(t, a, ['settings.view']);
    expect((await client(t, viewer.token, site1(a)).get('/v1/site/settings')).statusCode).toBe(200);
    expect((await client(t, viewer.token, site1(a)).patch('/v1/site/settings', { locale: 'ar' })).statusCode).toBe(403);
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), site1(a));
    expect((await employer.patch('/v1/site/settings', { locale: 'ar' })).statusCode).toBe(403);
    expect((await admin.get('/v1/site/settings')).json().locale).not.toBe('ar');
  });
});

describe('job approval', () => {
  it('puts the next posted job on hold once approval is required, and lets it go live once it is not', async () => {
    const product = await addProduct(t, a);
    await grantCredits(t, a.employers[0].id, 2);
    const post = async () => {
      const draft = await admin.post('/v1/jobs', completeJob(a, product.id));
      expect(draft.statusCode, draft.body).toBe(201);
      const res = await admin.post(`/v1/jobs/${draft.json().id}/post`, {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json().status as string;
    };
    expect((await manager.patch('/v1/site/settings', { job_approval_required: true })).json().job_approval_required).toBe(true);
    expect(await post()).toBe('pending');
    await manager.patch('/v1/site/settings', { job_approval_required: false });
    expect(await post()).toBe('live');
  });
});

describe('forms', () => {
  it("needs an https URL for a webhook, with the spec's messages", async () => {
    const none = await admin.patch('/v1/site/settings', { forms: { application: { handler: 'webhook' } } });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ 'forms.application.url': [messages.noFormUrl] });
    const http = await admin.patch('/v1/site/settings', { forms: { job_report: { handler: 'webhook', url: 'http://hooks.example/report' } } });
    expect(http.json().errors).toEqual({ 'forms.job_report.url': [messages.invalidFormUrl] });
    const junk = await admin.patch('/v1/site/settings', { forms: { feedback: { handler: 'email', url: 'not a url' }, survey: {} } });
    expect(junk.json().errors).toEqual({
      'forms.feedback.handler': [messages.invalidFormHandler],
      'forms.feedback.url': [messages.invalidFormUrl],
      'forms.survey': ['This field is not allowed.'],
    });
    expect((await admin.get('/v1/site/settings')).json().forms.application).toEqual(internal);
  });

  it('gives a webhook a signing secret once, answered once and never read back', async () => {
    const res = await admin.patch('/v1/site/settings', { forms: { application: { handler: 'webhook', url: 'https://hooks.example/apply' } } });
    expect(res.statusCode, res.body).toBe(200);
    const secret = res.json().generated_secrets.application as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(res.json().forms.application).toEqual({ enabled: true, handler: 'webhook', url: 'https://hooks.example/apply', has_secret: true });
    expect((await siteRow(t, a.sites[0].id)).settings.forms.application.secret).toBe(secret);
    const read = await admin.get('/v1/site/settings');
    expect(read.body).not.toContain(secret);
    expect(read.json().forms.application.has_secret).toBe(true);
    const [entry] = (await auditOf(t, a.sites[0].id, 'settings.update')).slice(-1);
    expect(entry!.data).toEqual({ keys: ['forms.application'] });
    expect(JSON.stringify(entry!.data)).not.toContain(secret);

    // Switching away and back keeps the secret: it is generated once.
    expect((await admin.patch('/v1/site/settings', { forms: { application: { handler: 'internal', enabled: false } } })).json().generated_secrets).toEqual({});
    const back = await admin.patch('/v1/site/settings', { forms: { application: { handler: 'webhook', enabled: true } } });
    expect(back.json()).toMatchObject({ generated_secrets: {}, forms: { application: { handler: 'webhook', url: 'https://hooks.example/apply', has_secret: true } } });
    expect((await siteRow(t, a.sites[0].id)).settings.forms.application.secret).toBe(secret);

    // Clearing the URL of a webhook is refused.
    expect((await admin.patch('/v1/site/settings', { forms: { application: { url: '' } } })).json().errors).toEqual({
      'forms.application.url': [messages.noFormUrl],
    });
  });

  it('rotates a webhook secret, answering the new one once; 409 for a form that is not a webhook', async () => {
    await admin.patch('/v1/site/settings', { forms: { employer_registration: { handler: 'webhook', url: 'https://hooks.example/register' } } });
    const before = (await siteRow(t, a.sites[0].id)).settings.forms.employer_registration.secret;
    const res = await manager.post('/v1/site/settings/forms/employer_registration/secret');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().form).toBe('employer_registration');
    expect(res.json().secret).toMatch(/^whsec_/);
    expect(res.json().secret).not.toBe(before);
    expect((await siteRow(t, a.sites[0].id)).settings.forms.employer_registration.secret).toBe(res.json().secret);
    const [entry] = (await auditOf(t, a.sites[0].id, 'settings.secret_rotate')).slice(-1);
    expect(entry).toMatchObject({ actorUserId: a.users.siteManager.id, data: { form: 'employer_registration' } });

    const internalForm = await manager.post('/v1/site/settings/forms/feedback/secret');
    expect(internalForm.statusCode).toBe(409);
    expect(internalForm.json().message).toBe(settingsMessages.notWebhook);
    expect((await manager.post('/v1/site/settings/forms/survey/secret')).statusCode).toBe(422);
    const viewer = await userWith(t, a, ['settings.view']);
    expect((await client(t, viewer.token, site1(a)).post('/v1/site/settings/forms/employer_registration/secret')).statusCode).toBe(403);
    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(a));
    expect((await beta.post('/v1/site/settings/forms/employer_registration/secret')).statusCode).toBe(404);
  });
});
