import { expect, test } from './noise';
import { signIn, signOut } from './support';

test('a forgotten password is reset through the emailed link, read in the mail viewer', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  // The sign-in form, with its own Email field, stays on screen until the new page's code has loaded.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill('consultant@acme.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

  // The enterprise admin reads every stored email in the development mail viewer.
  await signIn(page, 'enterprise@demo.test', 'Recruit-Demo-1');
  await page.goto('/dev/mail');
  const row = page.getByRole('row', { name: /consultant@acme\.test.*Reset your password/ });
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await page.getByRole('tab', { name: /text/i }).click();
  const text = await page.locator('#mail-panel-text').innerText();
  const link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(text)?.[1];
  expect(link, 'the email contains a reset link').toBeTruthy();
  await signOut(page);

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password', { exact: true }).fill('Fresh-start-2026');
  await page.getByLabel('Confirm new password').fill('Fresh-start-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your password has been reset. You can now sign in.')).toBeVisible();

  await signIn(page, 'consultant@acme.test', 'Fresh-start-2026');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText('consultant@acme.test')).toBeVisible();
});
