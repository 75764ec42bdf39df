import { expect, expectNoise, test } from './noise';

test('a demo user signs in, sees who they are and what they can reach, and signs out', async ({ page }) => {
  await page.goto('/');
  // Anonymous: the guard sends us to the login page, already branded for this host (localhost → Acme).
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle(/Acme/);

  // A wrong password first, on purpose: the API refuses it.
  expectNoise(/^response 422 POST \S+\/portal\/auth\/login$/);
  await page.getByLabel('Email').fill('admin@acme.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('These credentials do not match our records.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill('Recruit-Demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Priya Natarajan' })).toBeVisible();
  await expect(page.getByText('Acme Jobs').first()).toBeVisible();
  await expect(page.getByText('Acme Executive').first()).toBeVisible();
  // The Acme admin reaches nothing of Globex.
  await expect(page.getByText('Globex')).toHaveCount(0);

  // The dashboard of the selected site is the signed-in landing page.
  await expect(page.getByRole('heading', { name: 'Live jobs' })).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText('admin@acme.test')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The old token is revoked: reloading stays signed out.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
});
