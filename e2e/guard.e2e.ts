import { expect, expectNoise, test } from './noise';
import { signIn, storedToken } from './support';

// The route guard of spec §2, rule by rule, in a real browser against the real API.

test('public routes are open to everyone', async ({ page }) => {
  await page.goto('/not-authorized');
  await expect(page).toHaveURL(/\/not-authorized$/);
  await expect(page.getByRole('heading', { name: 'You are not authorized!' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test('an anonymous visitor goes to login carrying the query and `to` = the encoded full path', async ({ page }) => {
  await page.goto('/acme/jobs/jobs?status=live&page=2#top');
  await expect(page).toHaveURL(
    '/login?status=live&page=2&to=%2Facme%2Fjobs%2Fjobs%3Fstatus%3Dlive%26page%3D2%23top',
  );
  // `to` is omitted when the intended page is the root.
  await page.goto('/');
  await expect(page).toHaveURL('/login');

  // Signing in then opens the page that was asked for.
  await page.goto('/acme/jobs/applications?status=new');
  await expect(page).toHaveURL('/login?status=new&to=%2Facme%2Fjobs%2Fapplications%3Fstatus%3Dnew');
  await page.getByLabel('Email').fill('manager@acme.test');
  await page.getByLabel('Password', { exact: true }).fill('Recruit-Demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/acme/jobs/applications?status=new');
});

test('unauthenticated-only routes send a signed-in user to the root', async ({ page }) => {
  await signIn(page, 'manager@acme.test');
  for (const path of ['/login', '/forgot-password', '/reset-password?token=abc', '/auth/profile/password?token=abc']) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/');
  }
});

test('a signed-in user without the route’s permission lands on not-authorized', async ({ page }) => {
  await signIn(page, 'consultant@acme.test');
  await page.goto('/enterprise/accounts');
  await expect(page).toHaveURL('/not-authorized');
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  // A route they may open still opens.
  await page.goto('/acme/jobs/jobs');
  await expect(page).toHaveURL('/acme/jobs/jobs');
});

test('a path that does not match the selected account and site is replaced', async ({ page, baseURL }) => {
  // Globex staff work on Globex's host (branding by host); Acme's slugs in the path are not theirs.
  const globex = baseURL!.replace('localhost', 'globex.localhost');
  await page.goto(`${globex}/login`);
  await page.getByLabel('Email').fill('admin@globex.test');
  await page.getByLabel('Password', { exact: true }).fill('Recruit-Demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${globex}/`);
  await page.goto(`${globex}/acme/jobs/jobs?page=2`);
  await expect(page).toHaveURL(new RegExp(`^${globex}/globex/(jobs|healthcare)/jobs\\?page=2$`));
  const selected = new URL(page.url()).pathname.split('/')[2];
  // A site of their own account in the path becomes the selection instead.
  const other = selected === 'jobs' ? 'healthcare' : 'jobs';
  await page.goto(`${globex}/globex/${other}/applications`);
  await expect(page).toHaveURL(`${globex}/globex/${other}/applications`);
  await page.goto(`${globex}/acme/executive/jobs`);
  await expect(page).toHaveURL(`${globex}/globex/${other}/jobs`);
});

test('on a 401 the session is cleared, "Your session has expired." is shown and the user is at /login', async ({ page, request }) => {
  await signIn(page, 'admin@acme.test');
  const token = await storedToken(page);
  // The token dies on the server (signed out elsewhere); the next API call the page makes answers 401.
  const revoked = await request.delete('/portal/auth/logout', { headers: { authorization: `Bearer ${token}`, 'x-af-eid': 'demo' } });
  expect(revoked.status()).toBe(204);

  // The next request the portal makes (here: loading the page again) meets the 401.
  expectNoise(/^response 401 GET \S+\/portal\//);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  const toast = page.getByRole('alert').filter({ hasText: 'Your session has expired.' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');
  expect(await page.evaluate(() => localStorage.getItem('hireline:token'))).toBeNull();
});

test('unknown paths show the not-found page on the blank layout, also at /pages/misc/not-found/…', async ({ page }) => {
  for (const path of ['/no/such/page', '/pages/misc/not-found/anything']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  }
  // Signed in it is the same page, and the way home works.
  await signIn(page, 'manager@acme.test');
  await page.goto('/pages/misc/not-found/x/y');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
});
