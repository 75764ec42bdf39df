import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandingDefaults } from '@hireline/contract/branding';
import { messages } from '@hireline/contract/messages';
import { siteMessages } from '@hireline/contract/sites';
import { siteSettingsMessages } from '@hireline/contract/site-settings';
import { accounts } from '../../db/schema/tenancy';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addFile } from '../../test/jobs';
import { userWith } from '../../test/people';
import { accountClient, type AccountClient } from '../../test/client';
import { auditOf } from '../../test/audit';
import { publicBranding } from './settings.fixtures';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: AccountClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
});
afterAll(() => t.close());

const storedBranding = async (id: string) => (await t.deps.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.branding;

describe('GET /v1/accounts/branding', () => {
  it("answers the account's branding as the form edits it", async () => {
    const res = await admin.get('/v1/accounts/branding');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      colors: { primary_color: '#123456', primary_darken_color: '#0a1b2c' },
      logo: null,
      favicon: null,
      stylesheet: { path: null },
      login: { title: 'Welcome to Alpha' },
      forgot_password: {},
      register: {},
    });
  });

  it('is for account admins only: 403 for a site manager (with their site selected or not) and an employer admin; 404 for another tenant', async () => {
    const manager = await login(t.app, a.users.siteManager.email);
    expect((await accountClient(t, manager, a.account.id).get('/v1/accounts/branding')).statusCode).toBe(403);
    expect((await accountClient(t, manager, a.account.id, { siteId: a.sites[0].id }).get('/v1/accounts/branding')).statusCode).toBe(403);
    expect((await accountClient(t, await login(t.app, a.users.employerAdmin.email), a.account.id).get('/v1/accounts/branding')).statusCode).toBe(403);
    expect((await accountClient(t, await login(t.app, b.users.accountAdmin.email), a.account.id).get('/v1/accounts/branding')).statusCode).toBe(404);
    // A site role naming accounts.update reaches nothing of the account's.
    const siteRole = accountClient(t, (await userWith(t, a, ['accounts.update'], 'site')).token, a.account.id, { siteId: a.sites[0].id });
    expect((await siteRole.get('/v1/accounts/branding')).statusCode).toBe(403);
    expect((await siteRole.patch('/v1/accounts/branding', { colors: { primary_color: '#000000' } })).statusCode).toBe(403);
  });
});

describe('PATCH /v1/accounts/branding', () => {
  it('changes the colours, images, stylesheet and texts; the public branding shows them at once', async () => {
    // Read (and cached) before the change.
    expect((await publicBranding(t, a.account.domain)).json().branding.colors.primary_color).toBe('#123456');
    const logo = await addFile(t, a, 'logo');
    const favicon = await addFile(t, a, 'logo');

    const res = await admin.patch('/v1/accounts/branding', {
      colors: { primary_color: '#FF6600' },
      logo_file_id: logo,
      favicon_file_id: favicon,
      stylesheet: { path: 'https://cdn.alpha.example/themes/alpha.css' },
      login: { title: 'Hello again', subtitle: 'Sign in to hire', footer: '' },
      register: { title: 'Join Alpha' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      colors: { primary_color: '#FF6600', primary_darken_color: '#0a1b2c' },
      logo: { file_id: logo },
      favicon: { file_id: favicon },
      stylesheet: { path: 'https://cdn.alpha.example/themes/alpha.css' },
      login: { title: 'Hello again', subtitle: 'Sign in to hire' },
      forgot_password: {},
      register: { title: 'Join Alpha' },
    });
    expect(body.logo.url).toContain(logo);
    expect(await storedBranding(a.account.id)).toMatchObject({ logo: `file:${logo}`, favicon: `file:${favicon}` });

    const pub = (await publicBranding(t, a.account.domain)).json();
    expect(pub.branding.colors).toEqual({ primary_color: '#FF6600', primary_darken_color: '#0a1b2c' });
    expect(pub.branding.login).toEqual({ title: 'Hello again', subtitle: 'Sign in to hire' });
    expect(pub.branding.stylesheet.path).toBe('https://cdn.alpha.example/themes/alpha.css');
    expect(pub.branding.logo).toContain(logo);
    expect(pub.branding.favicon).toContain(favicon);
    // The site boards inherit the account's colours.
    expect((await publicBranding(t, `jobs.${a.account.domain}`)).json().branding.colors.primary_color).toBe('#FF6600');

    const [entry] = await auditOf(t, a.account.id, 'branding.update');
    expect(entry).toMatchObject({
      actorUserId: a.users.accountAdmin.id,
      accountId: a.account.id,
      subjectType: 'account',
      data: { fields: ['colors', 'logo_file_id', 'favicon_file_id', 'stylesheet', 'login', 'register'] },
    });
    expect((await admin.get('/v1/accounts/branding')).json()).toEqual(body);
  });

  it('removes images and the stylesheet with null, keeps what is not sent, and takes an https stylesheet', async () => {
    const res = await admin.patch('/v1/accounts/branding', { logo_file_id: null, stylesheet: { path: 'https://cdn.example/alpha.css' } });
    expect(res.json()).toMatchObject({ logo: null, stylesheet: { path: 'https://cdn.example/alpha.css' }, login: { title: 'Hello again' } });
    expect(res.json().favicon).not.toBeNull();
    expect((await publicBranding(t, a.account.domain)).json().branding.logo).toBeNull();
    expect((await admin.patch('/v1/accounts/branding', { stylesheet: { path: null } })).json().stylesheet).toEqual({ path: null });
    const uploaded = `/portal/v1/files/${await addFile(t, a, 'logo')}`;
    expect((await admin.patch('/v1/accounts/branding', { stylesheet: { path: uploaded } })).json().stylesheet).toEqual({ path: uploaded });
    // http only on loopback, outside production: a stylesheet served on the developer's machine.
    const local = 'http://127.0.0.1:4100/theme.css';
    expect((await admin.patch('/v1/accounts/branding', { stylesheet: { path: local } })).json().stylesheet).toEqual({ path: local });
    const config = t.deps.config as { env: string };
    const env = config.env;
    config.env = 'production';
    try {
      const refused = await admin.patch('/v1/accounts/branding', { stylesheet: { path: 'http://localhost:4100/theme.css' } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ 'stylesheet.path': [siteMessages.stylesheet] });
    } finally {
      config.env = env;
    }
    expect((await admin.patch('/v1/accounts/branding', { stylesheet: { path: null } })).statusCode).toBe(200);
  });

  it('answers 422 with field messages and changes nothing', async () => {
    const before = await storedBranding(a.account.id);
    const res = await admin.patch('/v1/accounts/branding', {
      colors: { primary_color: 'orange', accent: '#000000' },
      stylesheet: { path: 'http://cdn.example/x.css' },
      login: { 'Title!': 'x', subtitle: 'y'.repeat(301) },
      favicon_file_id: 'nope',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'colors.primary_color': [siteSettingsMessages.color],
      'colors.accent': ['This field is not allowed.'],
      'stylesheet.path': [siteMessages.stylesheet],
      'login.Title!': [siteMessages.textKey],
      'login.subtitle': ['This value may not be greater than 300 characters.'],
      favicon_file_id: [messages.invalid],
    });
    // Only what the page's CSP lets it load: an https origin (added per host) or a file served by the API itself.
    for (const path of ['//evil.example/x.css', '/themes/alpha.css', 'javascript:alert(1)', 'http://10.0.0.1/x.css', '/portal/v1/files/x']) {
      const refused = await admin.patch('/v1/accounts/branding', { stylesheet: { path } });
      expect(refused.statusCode, path).toBe(422);
      expect(refused.json().errors, path).toEqual({ 'stylesheet.path': [siteMessages.stylesheet] });
    }
    const tooMany = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`text_${i}`, 'x']));
    expect((await admin.patch('/v1/accounts/branding', { register: tooMany })).json().errors).toEqual({ register: [siteMessages.textCount] });

    // Images must be the account's own logo uploads.
    const banner = await addFile(t, a, 'banner');
    const foreign = await addFile(t, b, 'logo');
    const images = await admin.patch('/v1/accounts/branding', { logo_file_id: banner, favicon_file_id: foreign });
    expect(images.json().errors).toEqual({ logo_file_id: [messages.invalid], favicon_file_id: [messages.invalid] });
    expect(await storedBranding(a.account.id)).toEqual(before);
  });

  it('is 403 for a site manager, even with their site selected, and 404 for another tenant; the branding stays', async () => {
    const manager = await login(t.app, a.users.siteManager.email);
    const patch = { colors: { primary_color: '#000000' } };
    expect((await accountClient(t, manager, a.account.id, { siteId: a.sites[0].id }).patch('/v1/accounts/branding', patch)).statusCode).toBe(403);
    expect((await accountClient(t, manager, a.account.id).patch('/v1/accounts/branding', patch)).statusCode).toBe(403);
    expect((await accountClient(t, await login(t.app, b.users.accountAdmin.email), a.account.id).patch('/v1/accounts/branding', patch)).statusCode).toBe(404);
    expect((await publicBranding(t, a.account.domain)).json().branding.colors.primary_color).toBe('#FF6600');
    expect((await publicBranding(t, b.account.domain)).json().branding.colors.primary_color).toBe('#123456');
  });

  it('falls back to the default colours in the form when the account sets none', async () => {
    const betaAdmin = accountClient(t, await login(t.app, b.users.accountAdmin.email), b.account.id);
    await t.deps.db.update(accounts).set({ branding: {} }).where(eq(accounts.id, b.account.id));
    expect((await betaAdmin.get('/v1/accounts/branding')).json().colors).toEqual({
      primary_color: brandingDefaults.primary_color,
      primary_darken_color: brandingDefaults.primary_darken_color,
    });
    const res = await betaAdmin.patch('/v1/accounts/branding', { colors: { primary_darken_color: '#111111' } });
    expect(await storedBranding(b.account.id)).toEqual({ colors: { primary_darken_color: '#111111' } });
    expect(res.json().colors).toEqual({ primary_color: brandingDefaults.primary_color, primary_darken_color: '#111111' });
  });
});
