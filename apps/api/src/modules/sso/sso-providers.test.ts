import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMessages } from '@hireline/contract/sites';
import { ssoMessages } from '@hireline/contract/sso';
import { oauthProviders } from '../../db/schema/identity';
import { auditLogs } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { accountApi } from '../../test/sso';

/* The account's providers, as its admins manage them: write-only secrets, validation, account-level permission. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: ReturnType<typeof accountApi>;

const SECRET = 'top-secret-client-secret-value';
const URL = '/v1/accounts/oauth-providers';
const body = (extra: object = {}) => ({
  name: 'Okta',
  slug: 'okta',
  issuer: 'https://alpha.okta.example/oauth2/default',
  client_id: 'portal-client',
  client_secret: SECRET,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = accountApi(t, await login(t.app, a.users.accountAdmin.email), a);
});
afterAll(() => t.close());

describe('/v1/accounts/oauth-providers', () => {
  it('adds, lists, changes and deletes providers; the client secret is never answered or logged', async () => {
    const created = await admin.post(URL, body({ allowed_domains: ['Alpha.Example ', 'alpha.example', 'staff.alpha.example'] }));
    expect(created.statusCode, created.body).toBe(201);
    const provider = created.json();
    expect(provider).toMatchObject({
      slug: 'okta',
      name: 'Okta',
      issuer: 'https://alpha.okta.example/oauth2/default',
      client_id: 'portal-client',
      has_secret: true,
      allowed_domains: ['alpha.example', 'staff.alpha.example'],
      enabled: true,
    });
    expect(created.body).not.toContain(SECRET);
    expect(provider).not.toHaveProperty('client_secret');

    const list = await admin.get(URL);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([provider]);
    expect(list.body).not.toContain(SECRET);

    // An empty secret keeps the stored one; the slug is not editable.
    const changed = await admin.patch(`${URL}/${provider.id}`, { name: 'Okta staff', client_secret: '', enabled: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Okta staff', enabled: false, has_secret: true });
    expect((await admin.patch(`${URL}/${provider.id}`, { slug: 'other' })).statusCode).toBe(422);
    const [row] = await t.deps.db.select().from(oauthProviders).where(eq(oauthProviders.id, provider.id));
    expect(row!.clientSecret).toBe(SECRET);

    const rotated = await admin.patch(`${URL}/${provider.id}`, { client_secret: 'a-new-secret' });
    expect(rotated.body).not.toContain('a-new-secret');
    const [after] = await t.deps.db.select().from(oauthProviders).where(eq(oauthProviders.id, provider.id));
    expect(after!.clientSecret).toBe('a-new-secret');

    const logged = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectType, 'oauth_provider'), eq(auditLogs.subjectId, provider.id)));
    expect(logged.map((r) => r.action).sort()).toEqual(['sso.provider_create', 'sso.provider_update', 'sso.provider_update']);
    expect(JSON.stringify(logged)).not.toMatch(/top-secret|a-new-secret/);

    expect((await admin.delete(`${URL}/${provider.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`${URL}/${provider.id}`)).statusCode).toBe(404);
    expect((await admin.get(URL)).json()).toEqual([]);
  });

  it('validates the issuer, slug, domains and required fields with the contract messages', async () => {
    const errorsOf = async (payload: object) => {
      const res = await admin.post(URL, payload);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await errorsOf(body({ issuer: 'http://idp.example.com' }))).toEqual({ issuer: [ssoMessages.issuer] });
    expect(await errorsOf(body({ issuer: 'https://idp.example.com/?tenant=1' }))).toEqual({ issuer: [ssoMessages.issuer] });
    expect(await errorsOf(body({ issuer: 'not a url' }))).toEqual({ issuer: [ssoMessages.issuer] });
    expect(await errorsOf(body({ slug: 'Bad Slug' }))).toEqual({ slug: [siteMessages.slugFormat] });
    expect(await errorsOf(body({ allowed_domains: ['@alpha.example'] }))).toEqual({ 'allowed_domains.0': [ssoMessages.domain] });
    expect(await errorsOf(body({ allowed_domains: ['https://alpha.example/'] }))).toEqual({ 'allowed_domains.0': [ssoMessages.domain] });
    const missing = await errorsOf({ name: '', slug: 'x1' });
    expect(Object.keys(missing).sort()).toEqual(['client_id', 'client_secret', 'issuer', 'name']);

    // Plain http only towards a local provider (tests, development).
    for (const [slug, issuer] of [['local', 'http://localhost:8080/realms/dev'], ['loop', 'http://127.0.0.1:9000']]) {
      expect((await admin.post(URL, body({ slug, issuer }))).statusCode).toBe(201);
    }
    expect(await errorsOf(body({ slug: 'local' }))).toEqual({ slug: [ssoMessages.slugTaken] });
  });

  it('is for account admins only: 403 for a site manager and an employer admin, 404 across accounts', async () => {
    const [own] = (await admin.get(URL)).json() as { id: string }[];
    const manager = await login(t.app, a.users.siteManager.email);
    for (const client of [
      accountApi(t, manager, a),
      accountApi(t, manager, a, { siteId: a.sites[0].id }),
      accountApi(t, await login(t.app, a.users.employerAdmin.email), a),
    ]) {
      expect((await client.get(URL)).statusCode).toBe(403);
      expect((await client.post(URL, body({ slug: 'sneaky' }))).statusCode).toBe(403);
      expect((await client.patch(`${URL}/${own!.id}`, { enabled: false })).statusCode).toBe(403);
      expect((await client.delete(`${URL}/${own!.id}`)).statusCode).toBe(403);
    }
    // Another account's admin naming this account: 404; naming their own, this account's provider id: 404.
    const other = await login(t.app, b.users.accountAdmin.email);
    expect((await accountApi(t, other, a).get(URL)).statusCode).toBe(404);
    const theirs = accountApi(t, other, b);
    expect((await theirs.patch(`${URL}/${own!.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await theirs.delete(`${URL}/${own!.id}`)).statusCode).toBe(404);
    expect((await theirs.get(URL)).json()).toEqual([]);
    expect((await admin.get(URL)).json().map((p: { name: string }) => p.name)).not.toContain('Mine now');
  });
});
