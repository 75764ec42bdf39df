import { type Page } from '@playwright/test';
import { expect, expectNoise, test } from './noise';
import { siteApi, type JobSummary } from './jobs-support';
import { expectNoSeriousA11yViolations, signIn } from './support';

// axe on every page the portal shell builds, in light and in dark: no serious or critical violation.

const anonymousPages = ['/login', '/forgot-password', '/reset-password?token=abc', '/auth/profile/password?token=abc', '/not-authorized', '/no/such/page'];
const signedInPages = ['/', '/notifications', '/auth/profile/account', '/auth/profile/security', '/auth/profile/settings', '/second-page'];
// The jobs pages of Acme Jobs, as its site manager (who may approve and moderate); the detail page is added per run.
const jobsPages = ['/acme/jobs/jobs', '/acme/jobs/jobs/hold', '/acme/jobs/jobs/flagged-jobs', '/acme/jobs/jobs/create'];

async function setMode(page: Page, mode: 'light' | 'dark') {
  // The stored preference, as the theme menu writes it; applied on the next load.
  await page.evaluate((m) => {
    const key = 'hireline:preferences';
    const current = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...current, mode: m }));
  }, mode);
}

async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  // Let loading skeletons and transitions finish before judging contrast.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0);
}

for (const mode of ['light', 'dark'] as const) {
  test(`anonymous pages pass axe in ${mode}`, async ({ page }) => {
    // The invitation page is opened with a made-up token, which the API refuses.
    expectNoise(/^response 422 POST \S+\/portal\/auth\/invitation$/);
    await page.goto('/login');
    await setMode(page, mode);
    for (const path of anonymousPages) {
      await page.goto(path);
      await settle(page);
      await expectNoSeriousA11yViolations(page, `${path} (${mode})`);
    }
  });

  test(`signed-in pages pass axe in ${mode}`, async ({ page }) => {
    await signIn(page, 'admin@acme.test');
    await setMode(page, mode);
    for (const path of signedInPages) {
      await page.goto(path);
      await settle(page);
      await expectNoSeriousA11yViolations(page, `${path} (${mode})`);
    }
    // The open menus of the app bar too: notifications and the user menu.
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expectNoSeriousA11yViolations(page, `notifications menu (${mode})`);
    // Fresh page: Escape would hand focus back to the bell, whose tooltip fading out is not what a user reads.
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `user menu (${mode})`);
  });

  test(`jobs pages pass axe in ${mode}`, async ({ page, request }) => {
    await signIn(page, 'manager@acme.test');
    await page.goto('/acme/jobs/jobs');
    const api = await siteApi(page, request);
    // A job with the most to show: a flagged live one (its reports card too) if there is one still, else a live one.
    const live = await api.jobs('status=live&per_page=100');
    const job: JobSummary | undefined = live.find((j) => j.flagged) ?? live[0];
    expect(job, 'a live job').toBeDefined();
    await setMode(page, mode);
    for (const path of [...jobsPages, `/acme/jobs/jobs/${job!.id}`]) {
      await page.goto(path);
      await settle(page);
      await expectNoSeriousA11yViolations(page, `${path} (${mode})`);
    }
  });
}
