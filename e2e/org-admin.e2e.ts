import { type Page } from '@playwright/test';
import { expect, test } from './noise';
import { expectNoSeriousA11yViolations, signIn, signOut } from './support';

// Setting up who works where, in a real browser against the real API and seed: an employer registration approved,
// a colleague invited who accepts by choosing a password from the emailed link, and a new account created by
// enterprise staff.

/** The newest email to `to` in the development mail viewer (read as enterprise staff), as plain text. */
async function newestMailText(page: Page, to: string, subject: RegExp) {
  await signIn(page, 'enterprise@demo.test');
  await page.goto('/dev/mail');
  const row = page.getByRole('row', { name: new RegExp(`${to.replace(/[.]/g, '\\.')}.*${subject.source}`) }).first();
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await page.getByRole('tab', { name: /text/i }).click();
  const text = await page.locator('#mail-panel-text').innerText();
  await signOut(page);
  return text;
}

/** Follows an invitation's link as someone new: chooses a password to accept it, then signs in with it. */
async function acceptInvitation(page: Page, text: string, email: string) {
  const link = /(http:\/\/\S+\/auth\/invitation\?token=\S+)/.exec(text)?.[1];
  expect(link, 'the invitation contains an invitation link').toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(page.getByText(`has invited ${email}.`)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Joined-today-2026');
  await page.getByLabel('Confirm password').fill('Joined-today-2026');
  await page.getByRole('button', { name: 'Set password and accept' }).click();
  await expect(page.getByText('The invitation is accepted. You can now sign in.')).toBeVisible();
  await signIn(page, email, 'Joined-today-2026');
}

test('an account admin approves an employer registration on hold, which becomes an active employer of the site', async ({ page }) => {
  await signIn(page, 'admin@acme.test');
  await page.goto('/acme/executive/employers/hold');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const approve = page.getByRole('button', { name: /^Approve .+/ }).first();
  await expect(approve).toBeVisible();
  const name = (await approve.getAttribute('aria-label'))?.replace(/^Approve /, '') ?? (await approve.innerText());
  await expectNoSeriousA11yViolations(page, 'registrations on hold');
  await approve.click();
  await expect(page.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);

  // It is now an active employer of the site.
  await page.goto(`/acme/executive/employers?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Active');
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'employer detail');
  await signOut(page);
});

test('an account admin invites a colleague, who accepts by choosing a password from the emailed link and signs in', async ({ page }) => {
  const email = 'new.recruiter@acme.test';
  await signIn(page, 'admin@acme.test');
  await page.goto('/acme/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill('Nina Recruiter');
  const access = dialog.getByRole('group', { name: 'Access 1' });
  await access.getByLabel('Scope').selectOption({ label: 'Site' });
  await access.getByLabel('Role').selectOption({ label: 'Consultant' });
  await expectNoSeriousA11yViolations(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  await signOut(page);

  const text = await newestMailText(page, email, /invited/);
  await acceptInvitation(page, text, email);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu').getByText(email)).toBeVisible();
});

test('enterprise staff create an account whose first admin is invited by email', async ({ page }) => {
  await signIn(page, 'enterprise@demo.test');
  await page.goto('/enterprise/accounts/create');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Initrode Staffing');
  await expect(page.getByLabel('Address name')).toHaveValue('initrode-staffing');
  await page.getByLabel('Domain').fill('initrode.localhost');
  await page.getByLabel('Primary colour', { exact: true }).fill('#0F9D58');
  await page.getByLabel('Admin email').fill('owner@initrode.test');
  await page.getByLabel('Admin name').fill('Ida Owner');
  await expectNoSeriousA11yViolations(page, 'create account');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/enterprise\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Initrode Staffing' })).toBeVisible();
  await expect(page.getByText('owner@initrode.test', { exact: true })).toBeVisible();
  await signOut(page);

  const text = await newestMailText(page, 'owner@initrode.test', /invited/);
  await acceptInvitation(page, text, 'owner@initrode.test');
});

test("an account admin changes the account's primary colour and the portal restyles", async ({ page, baseURL }) => {
  // Globex's own host, so the rest of the suite keeps Acme's colours.
  const globex = baseURL!.replace('//localhost', '//globex.localhost');
  await page.goto(`${globex}/login`);
  await page.getByLabel('Email').fill('admin@globex.test');
  await page.getByLabel('Password', { exact: true }).fill('Recruit-Demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`${globex}/globex/jobs/settings?tab=branding`);
  const colour = page.getByLabel('Primary colour', { exact: true });
  await expect(colour).toBeVisible();
  await colour.fill('#1B5E20');
  // A mark on this page's window: a reload or a navigation would leave a new window without it.
  await page.evaluate(() => ((window as unknown as { brandingPage?: boolean }).brandingPage = true));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Branding saved.')).toBeVisible();
  // The selected tab is drawn in the new primary colour, and the branding endpoint serves it to everyone.
  await expect(page.getByRole('tab', { name: 'Branding', selected: true })).toHaveCSS('color', 'rgb(27, 94, 32)');
  // Restyled in place: the same page, the form still showing the colour just saved.
  expect(await page.evaluate(() => (window as unknown as { brandingPage?: boolean }).brandingPage)).toBe(true);
  await expect(colour).toHaveValue(/^#1b5e20$/i);
  const branding = await page.request.get(`${baseURL}/portal/accounts/branding?domain=globex.localhost`, { headers: { 'X-AF-EID': 'demo' } });
  expect((await branding.json()).branding.colors.primary_color.toLowerCase()).toBe('#1b5e20');
});
