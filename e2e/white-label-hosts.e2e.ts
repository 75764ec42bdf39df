import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext } from '@playwright/test';
import { expect, expectNoise, test } from './noise';
import { baseURL } from './playwright.config';
import { DEMO_PASSWORD, signIn } from './support';

/*
 * Each tenant's hosts in a real browser: a Globex admin signing in on Acme's portal is sent to Globex's, a Globex board
 * turned off answers its offline page, and a brand stylesheet from its own origin gets past the CSP and applies.
 */

const on = (host: string) => baseURL.replace('//localhost', `//${host}`);

/** Globex's admin, through the API: a token and the account id to send as X-AF-AID. */
async function globexAdmin(request: APIRequestContext) {
  const login = await request.post(`${baseURL}/portal/auth/login`, {
    headers: { 'x-af-eid': 'demo' },
    data: { email: 'admin@globex.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const token = (await login.json()).access_token as string;
  const me = await (await request.get(`${baseURL}/portal/auth/me`, { headers: { 'x-af-eid': 'demo', authorization: `Bearer ${token}` } })).json();
  const account = (me.accounts as Array<{ id: string; slug: string }>).find((a) => a.slug === 'globex')!;
  const headers = { 'x-af-eid': 'demo', 'x-af-aid': account.id, authorization: `Bearer ${token}` };
  return {
    patch: (path: string, data: object) => request.patch(`${baseURL}/portal${path}`, { headers, data }),
    get: (path: string) => request.get(`${baseURL}/portal${path}`, { headers }),
  };
}

test('a Globex admin signing in on the Acme host is told their accounts are on Globex, with a link there', async ({ page }) => {
  await signIn(page, 'admin@globex.test');
  const status = page.getByRole('status').filter({ hasText: 'Your accounts are on' });
  await expect(status).toBeVisible();
  const link = status.getByRole('link', { name: 'Globex Talent' });
  await expect(link).toHaveAttribute('href', on('globex.localhost'));
  await expect(page.getByText("You don't have access to any account yet.")).toHaveCount(0);
  // Following it lands on Globex's own portal, branded as Globex.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`^${on('globex.localhost').replace(/[.:/]/g, '\\$&')}`));
  await expect.poll(() => page.title()).toContain('Globex');
});

test("a site's board turned off answers the offline page: 503, its name, noindex", async ({ page, request }) => {
  const admin = await globexAdmin(request);
  const sites = (await (await admin.get('/v1/accounts/sites')).json()).data as Array<{ id: string; name: string }>;
  const site = sites.find((s) => s.name === 'Globex Jobs')!;
  expect((await admin.patch(`/v1/accounts/sites/${site.id}`, { board_enabled: false })).status()).toBe(200);
  // The offline page answers 503 on purpose (a search engine comes back later rather than dropping the board).
  expectNoise(/^response 503 GET jobs\.globex\.localhost:\d+\/$/);
  try {
    const res = await page.goto(`${on('jobs.globex.localhost')}/`);
    expect(res!.status()).toBe(503);
    expect(res!.headers()['retry-after']).toBeTruthy();
    expect(res!.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.getByRole('heading', { name: 'This job board is offline' })).toBeVisible();
    await expect(page.getByText('Globex Jobs')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // The other tenant's board is untouched.
    const acme = await page.goto(`${on('jobs.acme.localhost')}/`);
    expect(acme!.status()).toBe(200);
  } finally {
    expect((await admin.patch(`/v1/accounts/sites/${site.id}`, { board_enabled: true })).status()).toBe(200);
  }
});

test("a brand's stylesheet from its own origin passes the CSP and applies; another brand's host does not allow it", async ({ page, request }) => {
  // A stylesheet host of the tenant's, on loopback (the only http the API accepts, outside production).
  const css = 'body { border-top: 7px solid rgb(1, 2, 3) !important; }';
  const server: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/css' }).end(css));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = await globexAdmin(request);
  const saved = await admin.patch('/v1/accounts/branding', { stylesheet: { path: `${origin}/globex.css` } });
  expect(saved.status(), await saved.text()).toBe(200);
  try {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(`${on('globex.localhost')}/login`);
    expect(res!.headers()['content-security-policy']).toContain(origin);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).borderTopWidth)).toBe('7px');
    expect(await page.evaluate(() => getComputedStyle(document.body).borderTopColor)).toBe('rgb(1, 2, 3)');
    expect(violations).toEqual([]);

    // Acme's host lets no other brand's stylesheet in.
    const acme = await page.goto(`${on('acme.localhost')}/login`);
    expect(acme!.headers()['content-security-policy']).not.toContain(origin);
  } finally {
    await admin.patch('/v1/accounts/branding', { stylesheet: { path: null } });
    server.close();
  }
});
