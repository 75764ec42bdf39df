import { type Page } from '@playwright/test';
import { expect, expectNoise, test } from './noise';
import { baseURL } from './playwright.config';
import { choosePreference, DEMO_PASSWORD } from './support';

/*
 * The browser tab names the page, after the brand of the host it is served on: each tenant's portal on its own
 * domain ("<page> · <account title>") and each site's board ("<page> · <site name>"), in the reader's language.
 */

const on = (host: string) => baseURL.replace('//localhost', `//${host}`);
const acme = on('acme.localhost');
const globex = on('globex.localhost');

async function signInAt(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${origin}/`);
}

test('Acme’s portal names sign-in, missing, list and record pages after Acme Careers, in English and Arabic', async ({ page }) => {
  await page.goto(`${acme}/login`);
  await expect(page).toHaveTitle('Sign in · Acme Careers');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveTitle('Forgot password · Acme Careers');
  await page.goto(`${acme}/no-such-page`);
  await expect(page).toHaveTitle('Page not found · Acme Careers');

  await signInAt(page, acme, 'manager@acme.test');
  await expect(page).toHaveTitle('Dashboard · Acme Careers');
  await page.goto(`${acme}/acme/jobs/jobs`);
  await expect(page).toHaveTitle('Jobs · Acme Careers');
  const first = page.locator('main tbody th a').first();
  const job = (await first.textContent())!.trim();
  await first.click();
  await expect(page.locator('main h1')).toHaveText(job);
  await expect(page).toHaveTitle(`${job} · Acme Careers`);

  await choosePreference(page, 'Language', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The record keeps its name; a list says its name in Arabic, in the same order of parts.
  await expect(page).toHaveTitle(`${job} · Acme Careers`);
  await page.goto(`${acme}/acme/jobs/jobs`);
  await expect(page).toHaveTitle('الوظائف · Acme Careers');
  await choosePreference(page, 'اللغة', 'English');
  await expect(page).toHaveTitle('Jobs · Acme Careers');
});

test('Globex’s portal names its pages after Globex Talent Portal', async ({ page }) => {
  await page.goto(`${globex}/login`);
  await expect(page).toHaveTitle('Sign in · Globex Talent Portal');
  await signInAt(page, globex, 'admin@globex.test');
  await expect(page).toHaveTitle('Dashboard · Globex Talent Portal');
  await page.goto(`${globex}/globex/users`);
  await expect(page).toHaveTitle('Users · Globex Talent Portal');
  await page.goto(`${globex}/globex/jobs/settings`);
  await expect(page).toHaveTitle('Settings · Globex Talent Portal');
  // A job that does not exist: its page is named as missing.
  expectNoise(/^response 404 GET \S+\/portal\/v1\/jobs\/00000000-0000-4000-8000-000000000000\//);
  await page.goto(`${globex}/globex/jobs/jobs/00000000-0000-4000-8000-000000000000`);
  await expect(page).toHaveTitle('Job not found · Globex Talent Portal');
});

for (const [host, site] of [
  ['jobs.acme.localhost', 'Acme Jobs'],
  ['jobs.globex.localhost', 'Globex Jobs'],
] as const) {
  test(`the board on ${host} names its pages after ${site}`, async ({ page }) => {
    const board = on(host);
    await page.goto(`${board}/jobs`);
    await expect(page).toHaveTitle(`Jobs · ${site}`);
    const first = page.locator('article h2 a').first();
    const job = (await first.textContent())!.trim();
    await first.click();
    await expect(page.locator('main h1')).toHaveText(job);
    await expect(page).toHaveTitle(`${job} · ${site}`);
    await page.goto(`${board}/sign-in`);
    await expect(page).toHaveTitle(`Sign in · ${site}`);
    await page.goto(`${board}/employers/register`);
    await expect(page).toHaveTitle(`Register as an employer · ${site}`);
    await page.goto(`${board}/no-such-page`);
    await expect(page).toHaveTitle(`Page not found · ${site}`);
  });
}

test('a French reader’s board says so in its tab', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(`${on('jobs.globex.localhost')}/sign-in`);
  await expect(page).toHaveTitle('Connexion · Globex Jobs');
  await page.goto(`${on('jobs.globex.localhost')}/jobs`);
  await expect(page).toHaveTitle("Offres d'emploi · Globex Jobs");
  await context.close();
});
