import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema/tenancy';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { withStyleOrigin } from './brand-csp';

/* Each host's CSP lets its own brand's stylesheet load, and no other brand's. */

let t: TestApp;
let acme: Tenant;
let globex: Tenant;

async function setStylesheet(tenant: Tenant, path: string | null) {
  const [row] = await t.deps.db.select({ branding: accounts.branding }).from(accounts).where(eq(accounts.id, tenant.account.id));
  await t.deps.db.update(accounts).set({ branding: { ...row!.branding, stylesheet: { path } } }).where(eq(accounts.id, tenant.account.id));
  t.deps.branding.invalidate();
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t.deps.db, { name: 'Acme' });
  globex = await createTenant(t.deps.db, { name: 'Globex' });
  await setStylesheet(acme, 'https://cdn.acme.example/brand/acme.css?v=2');
  await setStylesheet(globex, 'https://styles.globex.example:8443/globex.css');
});
afterAll(() => t.close());

const styleSrcOn = async (host: string, url = '/portal/health') => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host, 'x-af-eid': 'test' } });
  const csp = String(res.headers['content-security-policy']);
  return csp.split(';').find((d) => d.trim().startsWith('style-src'))!.trim();
};

describe('style-src per host', () => {
  it("adds the host's brand stylesheet origin, and only that brand's, to every response", async () => {
    for (const url of ['/portal/health', `/portal/accounts/branding?domain=${acme.account.domain}`, '/nowhere']) {
      const acmeSrc = await styleSrcOn(acme.account.domain, url);
      expect(acmeSrc, url).toBe("style-src 'self' 'unsafe-inline' https://cdn.acme.example");
    }
    const globexSrc = await styleSrcOn(`${globex.account.domain}:3000`);
    expect(globexSrc).toBe("style-src 'self' 'unsafe-inline' https://styles.globex.example:8443");
    expect(globexSrc).not.toContain('acme');
  });

  it("gives a board host its brand's origin (the account's, when the site sets none)", async () => {
    expect(await styleSrcOn(`jobs.${acme.account.domain}`)).toContain('https://cdn.acme.example');
    expect(await styleSrcOn(`jobs.${acme.account.domain}`)).not.toContain('globex');
  });

  it('adds nothing for a host with no brand, nor for a stylesheet served by the API itself', async () => {
    expect(await styleSrcOn('unknown.example')).toBe("style-src 'self' 'unsafe-inline'");
    await setStylesheet(acme, '/portal/v1/files/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b');
    expect(await styleSrcOn(acme.account.domain)).toBe("style-src 'self' 'unsafe-inline'");
    await setStylesheet(acme, 'https://cdn.acme.example/brand/acme.css?v=2');
  });

  it('changes only the style-src directive', () => {
    expect(withStyleOrigin("default-src 'self';style-src 'self';img-src 'self'", 'https://a.example')).toBe(
      "default-src 'self';style-src 'self' https://a.example;img-src 'self'",
    );
  });
});
