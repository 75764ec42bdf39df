import { expect, test } from './noise';
import { expectNoSeriousA11yViolations, signIn, signOut, storedToken } from './support';

// Acting as a colleague in a real browser: an account admin acts as a site manager for a stated reason, sees the
// banner on every page, changes a setting as them, signs out and is back on the users page as themselves; the
// audit trail shows the change under both names.

test('an account admin acts as a site manager, changes a setting as them, returns, and the audit trail names both', async ({ page }) => {
  await signIn(page, 'admin@acme.test');
  const staffToken = await storedToken(page);
  await page.goto('/acme/users?q=Daniel');
  await page.getByRole('button', { name: 'Actions for Daniel Okafor' }).click();
  await page.getByRole('menuitem', { name: /Act as/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Act as Daniel Okafor?' });
  await expect(dialog).toContainText('at most 60 minutes');
  // The reason is required.
  await dialog.getByRole('button', { name: 'Act as Daniel Okafor' }).click();
  await expect(dialog).toContainText('This field is required.');
  await dialog.getByLabel('Reason').fill('Support ticket 812: approvals look wrong');
  await expectNoSeriousA11yViolations(page, 'impersonation dialog');
  await dialog.getByRole('button', { name: 'Act as Daniel Okafor' }).click();

  // Now the portal is Daniel's, with the banner naming both and the time left, on every page.
  const banner = page.getByRole('status', { name: 'Impersonation' });
  await expect(banner).toContainText('Daniel Okafor');
  // Minutes left, counted by the browser's clock against the server's expiry (60 at most, give or take skew).
  await expect(banner).toContainText(/\b(59|60|61) minutes left/);
  await expect(banner).toContainText('Support ticket 812');
  expect(await storedToken(page)).not.toBe(staffToken);
  await page.goto('/acme/jobs/settings?tab=approvals');
  await expect(banner).toBeVisible();

  // A change made as Daniel.
  const jobApproval = page.getByRole('switch', { name: 'Job approval required' }).or(page.getByLabel('Job approval required'));
  const wasOn = await jobApproval.isChecked();
  await jobApproval.click();
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();

  // Signing out returns to the admin's own session, where they were.
  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/acme\/users\?q=Daniel$/);
  await expect(page.getByRole('status', { name: 'Impersonation' })).toHaveCount(0);
  expect(await storedToken(page)).toBe(staffToken);

  // The audit trail shows the change as the admin acting as Daniel, and the impersonation's start and stop.
  await page.goto('/acme/audit?impersonated_only=true');
  const row = page.getByRole('row', { name: /Daniel Okafor/ }).filter({ hasText: /as Daniel Okafor/ }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Impersonated');
  await page.goto('/acme/audit');
  await expect(page.getByRole('row', { name: /impersonation/i }).first()).toBeVisible();

  // Put the setting back as the admin, so other tests see the demo as seeded.
  await page.goto('/acme/jobs/settings?tab=approvals');
  const again = page.getByRole('switch', { name: 'Job approval required' }).or(page.getByLabel('Job approval required'));
  if ((await again.isChecked()) !== wasOn) {
    await again.click();
    await page.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();
  }
  await signOut(page);
});
