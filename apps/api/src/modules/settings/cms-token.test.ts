import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/tenancy';
import { signedFileUrl, verifyFileSignature } from '../../platform/files';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, employer1, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { auditOf } from '../../test/audit';
import { CMS_TOKEN_TTL_SECONDS, signCmsToken, verifyCmsToken, type CmsClaims } from './cms-token';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let manager: Client;
let secret: string;

const cmsSecretOf = async (siteId: string) =>
  (await t.deps.db.select({ s: sites.cmsSecret }).from(sites).where(eq(sites.id, siteId)))[0]!.s;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
  secret = t.deps.config.appSecret;
});
afterAll(() => t.close());

const parts = (token: string) => token.split('.').map((p, i) => (i < 2 ? JSON.parse(Buffer.from(p, 'base64url').toString()) : p));

describe('POST /v1/cms/auth/token', () => {
  it("answers a 5-minute HS256 JWT naming the caller, site and account, that verifies with the site's CMS secret", async () => {
    const siteSecret = await cmsSecretOf(a.sites[0].id);
    const before = Math.floor(Date.now() / 1000);
    const res = await manager.post('/v1/cms/auth/token');
    expect(res.statusCode, res.body).toBe(200);
    const { token, expires_at } = res.json();
    const [header, payload, signature] = parts(token);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({
      iss: 'http://portal.test',
      aud: 'cms',
      sub: a.users.siteManager.id,
      site: a.sites[0].id,
      account: a.account.id,
      iat: expect.any(Number),
      exp: payload.iat + CMS_TOKEN_TTL_SECONDS,
    });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(Date.parse(expires_at)).toBe(payload.exp * 1000);
    // Any JWT library verifies it the standard way: HMAC-SHA256 over `header.payload`, base64url.
    const [h, p] = token.split('.');
    expect(signature).toBe(createHmac('sha256', siteSecret).update(`${h}.${p}`).digest('base64url'));
    expect(verifyCmsToken(siteSecret, token, { issuer: 'http://portal.test' })).toEqual(payload);
    // Not with the deployment's APP_SECRET, nor with another site's secret.
    expect(verifyCmsToken(secret, token)).toBeNull();
    expect(verifyCmsToken(await cmsSecretOf(a.sites[1].id), token)).toBeNull();

    const [entry] = await auditOf(t, a.sites[0].id, 'cms.token');
    expect(entry).toMatchObject({ actorUserId: a.users.siteManager.id, accountId: a.account.id, data: { exp: payload.exp } });
  });

  it('needs settings.view on a selected site: 403 for an employer admin, 404 without a site or in another tenant', async () => {
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await employer.post('/v1/cms/auth/token')).statusCode).toBe(403);
    const viewer = await userWith(t, a, ['settings.view']);
    expect((await client(t, viewer.token, site1(a)).post('/v1/cms/auth/token')).statusCode).toBe(200);
    const admin = await login(t.app, a.users.accountAdmin.email);
    expect((await client(t, admin, { accountId: a.account.id } as never).post('/v1/cms/auth/token')).statusCode).toBe(404);
    expect((await client(t, await login(t.app, b.users.accountAdmin.email), site1(a)).post('/v1/cms/auth/token')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/portal/v1/cms/auth/token', headers: { 'x-af-eid': 'test' } })).statusCode).toBe(401);
  });
});

describe('each site has a CMS secret of its own', () => {
  it('is random per site from the start', async () => {
    const all = await Promise.all([...a.sites, ...b.sites].map((s) => cmsSecretOf(s.id)));
    expect(new Set(all).size).toBe(4);
    for (const s of all) expect(s.length).toBeGreaterThanOrEqual(43);
  });

  it('signs nothing else: a file URL signed with it, for this site or any other, is refused', async () => {
    const siteSecret = await cmsSecretOf(a.sites[0].id);
    const fileId = '0190f3a0-0000-7000-8000-000000000002';
    const url = new URL(signedFileUrl(siteSecret, fileId), 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    expect(verifyFileSignature(secret, fileId, expires, url.searchParams.get('signature')!)).toBe(false);
    const forged = createHmac('sha256', siteSecret).update(`${fileId}.${expires}`).digest('base64url');
    expect(verifyFileSignature(secret, fileId, expires, forged)).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: `/portal/v1/files/${fileId}?expires=${expires}&signature=${forged}` });
    expect(res.statusCode).toBe(404);
  });

  it('rotates on request (settings.update): the new secret is answered once, old tokens stop verifying, and it is audited', async () => {
    const admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
    const before = await cmsSecretOf(a.sites[0].id);
    const old = (await admin.post('/v1/cms/auth/token')).json().token as string;
    const res = await admin.post('/v1/cms/auth/secret');
    expect(res.statusCode, res.body).toBe(200);
    const { secret: fresh, rotated_at } = res.json();
    expect(fresh).not.toBe(before);
    expect(fresh).toBe(await cmsSecretOf(a.sites[0].id));
    expect(Date.parse(rotated_at)).toBeGreaterThan(0);
    expect(verifyCmsToken(fresh, old)).toBeNull();
    const next = (await admin.post('/v1/cms/auth/token')).json().token as string;
    expect(verifyCmsToken(fresh, next)).not.toBeNull();
    // The other site keeps its secret.
    expect(await cmsSecretOf(a.sites[1].id)).not.toBe(fresh);
    const [entry] = await auditOf(t, a.sites[0].id, 'cms.secret_rotate');
    expect(entry).toMatchObject({ actorUserId: a.users.accountAdmin.id, accountId: a.account.id });
    expect(JSON.stringify(entry)).not.toContain(fresh);
  });

  it('lets only those who may change settings rotate it, on their own site', async () => {
    const viewer = await userWith(t, a, ['settings.view']);
    expect((await client(t, viewer.token, site1(a)).post('/v1/cms/auth/secret')).statusCode).toBe(403);
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await employer.post('/v1/cms/auth/secret')).statusCode).toBe(403);
    const stranger = client(t, await login(t.app, b.users.accountAdmin.email), site1(a));
    expect((await stranger.post('/v1/cms/auth/secret')).statusCode).toBe(404);
  });
});

describe('verifyCmsToken', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const iat = now / 1000;
  const claims: CmsClaims = { iss: 'https://portal.example', aud: 'cms', sub: 'user-1', site: 'site-1', account: 'account-1', iat, exp: iat + 300 };

  it('accepts a token until it expires, and not after', () => {
    const token = signCmsToken(secret, claims);
    expect(verifyCmsToken(secret, token, { now })).toEqual(claims);
    expect(verifyCmsToken(secret, token, { now: now + 299_000 })).toEqual(claims);
    expect(verifyCmsToken(secret, token, { now: now + 300_000 })).toBeNull();
    expect(verifyCmsToken(secret, token, { now: now + 330_000, leewaySeconds: 60 })).toEqual(claims);
    // Issued in the future: a clock far off, or a forged iat.
    expect(verifyCmsToken(secret, token, { now: now - 120_000 })).toBeNull();
  });

  it('refuses a tampered token, another secret, another audience or issuer, and anything not a token', () => {
    const token = signCmsToken(secret, claims);
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, site: 'site-2' })).toString('base64url');
    expect(verifyCmsToken(secret, `${h}.${forged}.${s}`, { now })).toBeNull();
    expect(verifyCmsToken(secret, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, { now })).toBeNull();
    expect(verifyCmsToken('another-secret-another-secret-0000', token, { now })).toBeNull();
    // The same signature under another header (alg none, or a different algorithm) does not pass.
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyCmsToken(secret, `${none}.${token.split('.')[1]}.`, { now })).toBeNull();
    expect(verifyCmsToken(secret, signCmsToken(secret, { ...claims, aud: 'api' as 'cms' }), { now })).toBeNull();
    expect(verifyCmsToken(secret, token, { now, issuer: 'https://elsewhere.example' })).toBeNull();
    expect(verifyCmsToken(secret, token, { now, issuer: 'https://portal.example' })).toEqual(claims);
    for (const junk of ['', 'a.b', 'a.b.c', `${h}.bm90IGpzb24.${s}`]) expect(verifyCmsToken(secret, junk, { now })).toBeNull();
  });
});
