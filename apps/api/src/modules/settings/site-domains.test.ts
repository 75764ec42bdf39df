import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteDomainMessages } from '@hireline/contract/sites';
import { createOutbound, OutboundRefused } from '../../platform/outbound-http';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { accountClient, type AccountClient } from '../../test/client';
import { auditOf } from '../../test/audit';
import { proveDomain, publicBranding } from './settings.fixtures';
import { settingsMessages } from './site-settings.service';

/* A site's board domain is a claim until its owner proves it: a TXT record or a well-known file with the site's value. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: AccountClient;
let betaAdmin: AccountClient;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
  betaAdmin = accountClient(t, await login(t.app, b.users.accountAdmin.email), b.account.id);
});
afterAll(() => t.close());

const realResolveTxt = () => t.deps.resolveTxt;
let savedResolveTxt: TestApp['deps']['resolveTxt'];
let savedOutbound: TestApp['deps']['outbound'];
beforeAll(() => {
  savedResolveTxt = realResolveTxt();
  savedOutbound = t.deps.outbound;
});
afterEach(() => {
  t.deps.resolveTxt = savedResolveTxt;
  t.deps.outbound = savedOutbound;
  vi.restoreAllMocks();
});

const notFoundTxt = async (): Promise<string[][]> => {
  throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
};

async function newSite(domain: string | null) {
  const res = await admin.post('/v1/accounts/sites', { name: 'Claimed', slug: `claim-${++n}`, domain });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; domain: string | null; domain_verified: boolean };
}
const docOf = async (id: string) => (await admin.get(`/v1/accounts/sites/${id}/domain-verification`)).json();
const verify = (id: string, who: AccountClient = admin) => who.post(`/v1/accounts/sites/${id}/domain-verification`);
const boardSite = (domain: string) => call(t.app, {}, { method: 'GET', url: `/portal/v1/board/site?domain=${encodeURIComponent(domain)}` });

describe('site domain verification', () => {
  it('starts unverified, not served, and says what to publish', async () => {
    const site = await newSite('careers.alpha-example.org');
    expect(site.domain_verified).toBe(false);
    expect((await publicBranding(t, 'careers.alpha-example.org')).statusCode).toBe(404);
    const doc = await docOf(site.id);
    expect(doc).toEqual({
      domain: 'careers.alpha-example.org',
      verified: false,
      verified_at: null,
      txt_name: '_hireline-verify.careers.alpha-example.org',
      value: expect.stringMatching(/^hireline-verify=[0-9a-f]{32}$/),
      file_url: 'https://careers.alpha-example.org/.well-known/hireline-verify.txt',
    });
    // Each site has its own value.
    expect((await docOf((await newSite('other.alpha-example.org')).id)).value).not.toBe(doc.value);
  });

  it('answers 422 while neither proof is there, and serves nothing', async () => {
    const site = await newSite('nothing.alpha-example.org');
    t.deps.resolveTxt = async () => [['hireline-verify=someone-else'], ['v=spf1 -all']];
    const fetcher = vi.spyOn(t.deps.outbound, 'fetch').mockResolvedValue(new Response('hireline-verify=wrong', { status: 200 }));
    const res = await verify(site.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(siteDomainMessages.notFound);
    // Both schemes tried for the file, without following redirects.
    expect(fetcher.mock.calls.map(([url, init]) => [url, init?.redirect])).toEqual([
      ['https://nothing.alpha-example.org/.well-known/hireline-verify.txt', 'manual'],
      ['http://nothing.alpha-example.org/.well-known/hireline-verify.txt', 'manual'],
    ]);
    expect((await docOf(site.id)).verified).toBe(false);
    expect((await publicBranding(t, 'nothing.alpha-example.org')).statusCode).toBe(404);
  });

  it('is proved by the TXT record (split in several strings), audited, and the board is served at once', async () => {
    const domain = 'dns.alpha-example.org';
    const site = await newSite(domain);
    expect((await boardSite(domain)).statusCode).toBe(404);
    const { value } = await docOf(site.id);
    t.deps.resolveTxt = async (name) => (name === `_hireline-verify.${domain}` ? [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]] : []);
    const res = await verify(site.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ verified: true, verified_at: expect.any(String) });
    expect((await publicBranding(t, domain)).json().settings).toMatchObject({ is_board: true, site_id: site.id });
    expect((await boardSite(domain)).statusCode).toBe(200);
    const [entry] = await auditOf(t, site.id, 'site.domain_verify');
    expect(entry).toMatchObject({ actorUserId: a.users.accountAdmin.id, data: { domain, method: 'dns' } });
    // Verifying again changes nothing.
    expect((await verify(site.id)).statusCode).toBe(200);
    expect(await auditOf(t, site.id, 'site.domain_verify')).toHaveLength(1);
    expect((await admin.get('/v1/accounts/sites', { q: domain })).json().data[0].domain_verified).toBe(true);
  });

  it('is proved by the well-known file; a redirect or another answer does not count', async () => {
    const domain = 'file.alpha-example.org';
    const site = await newSite(domain);
    const { value } = await docOf(site.id);
    t.deps.resolveTxt = notFoundTxt;
    const fetcher = vi.spyOn(t.deps.outbound, 'fetch').mockImplementation(async () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/x' } }));
    expect((await verify(site.id)).statusCode).toBe(422);
    fetcher.mockImplementation(async (url) => (String(url).startsWith('https:') ? new Response('', { status: 404 }) : new Response(`${value}\n`, { status: 200 })));
    const res = await verify(site.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditOf(t, site.id, 'site.domain_verify'))[0]!.data).toMatchObject({ method: 'file' });
    expect((await publicBranding(t, domain)).statusCode).toBe(200);
  });

  it('never fetches the file from a domain that resolves to a private or loopback address', async () => {
    const site = await newSite('internal.alpha-example.org');
    const { value } = await docOf(site.id);
    t.deps.resolveTxt = notFoundTxt;
    const strict = createOutbound({
      allowLoopback: false,
      timeoutMs: 2_000,
      resolve: async () => [{ address: '10.0.0.7', family: 4 }],
    });
    const attempts: unknown[] = [];
    t.deps.outbound = {
      ...strict,
      fetch: (async (url: string, init?: RequestInit) => strict.fetch(url, init).catch((err: unknown) => {
        attempts.push(err);
        throw err;
      })) as typeof fetch,
    };
    expect(value).toMatch(/^hireline-verify=/);
    expect((await verify(site.id)).statusCode).toBe(422);
    expect(attempts).toHaveLength(2);
    for (const err of attempts) expect(err).toBeInstanceOf(OutboundRefused);
  });

  it('is asked again after the domain changes; *.localhost is trusted at once', async () => {
    const site = await newSite('moving.alpha-example.org');
    await proveDomain(t, admin, site.id);
    const moved = await admin.patch(`/v1/accounts/sites/${site.id}`, { domain: 'moved.alpha-example.org' });
    expect(moved.json()).toMatchObject({ domain: 'moved.alpha-example.org', domain_verified: false });
    expect((await publicBranding(t, 'moved.alpha-example.org')).statusCode).toBe(404);

    const local = await newSite('alpha-board.localhost');
    expect(local.domain_verified).toBe(true);
    expect((await publicBranding(t, 'alpha-board.localhost')).statusCode).toBe(200);
    const toLocal = await admin.patch(`/v1/accounts/sites/${site.id}`, { domain: 'alpha-moved.localhost' });
    expect(toLocal.json().domain_verified).toBe(true);
  });

  it('answers 422 for a site without a domain', async () => {
    const site = await newSite(null);
    const res = await verify(site.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(siteDomainMessages.noDomain);
    expect(await docOf(site.id)).toMatchObject({ domain: null, verified: false, txt_name: null, file_url: null });
  });

  it("lets no other account claim a domain, proved or not, nor see or verify another account's site", async () => {
    const site = await newSite('claimed.alpha-example.org');
    const claim = await betaAdmin.post('/v1/accounts/sites', { name: 'Squat', slug: 'squat', domain: 'claimed.alpha-example.org' });
    expect(claim.statusCode).toBe(422);
    expect(claim.json().errors).toEqual({ domain: [settingsMessages.domainTaken] });
    expect((await betaAdmin.get(`/v1/accounts/sites/${site.id}/domain-verification`)).statusCode).toBe(404);
    expect((await verify(site.id, betaAdmin)).statusCode).toBe(404);
    const manager = accountClient(t, await login(t.app, a.users.siteManager.email), a.account.id);
    expect((await verify(site.id, manager)).statusCode).toBe(403);
  });
});
