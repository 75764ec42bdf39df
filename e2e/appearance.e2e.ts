import { expect, expectNoise, test } from './noise';
import { choosePreference, signIn } from './support';

// Branding by host, theme, layout and language: what a user sees and what the portal remembers.

test('each host gets its tenant’s branding before any content: acme.localhost vs globex.localhost', async ({ page, baseURL }) => {
  const brandOf = async (host: string) => {
    await page.goto(baseURL!.replace('localhost', host) + '/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    return {
      title: await page.title(),
      stylesheet: await page.locator('link#app-stylesheet').getAttribute('href'),
      button: await page.getByRole('button', { name: 'Sign in' }).evaluate((b) => getComputedStyle(b).backgroundColor),
    };
  };
  const acme = await brandOf('acme.localhost');
  const globex = await brandOf('globex.localhost');
  expect(acme.title).toContain('Acme');
  expect(globex.title).toContain('Globex');
  // The tenant's primary colour reaches the MUI theme.
  expect(acme.button).not.toBe(globex.button);
  // Neither demo tenant has its own stylesheet: the default one stays.
  expect(globex.stylesheet).toBe('/loader.css');
});

test('a tenant stylesheet is loaded with `?t=<timestamp>` so a change shows on the next visit', async ({ page }) => {
  // The stylesheet's path is made up here: what matters is the URL it is asked at, not its content.
  expectNoise(/^console Refused to apply style from '\S+\/tenant\.css\?t=\d+'/);
  await page.route('**/portal/accounts/branding**', async (route) => {
    const body = await (await route.fetch()).json();
    body.branding.stylesheet.path = '/tenant.css';
    await route.fulfill({ json: body });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('link#app-stylesheet')).toHaveAttribute('href', /^\/tenant\.css\?t=\d{13}$/);
});

test('when branding cannot be loaded the portal still works: default title, favicon and loader stylesheet, no message', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  expectNoise(/^requestfailed net::ERR_FAILED GET \S+\/portal\/accounts\/branding/, /^console Error fetching branding data:/);
  await page.route('**/portal/accounts/branding**', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The page's name, then the product's default title in place of the brand's.
  await expect(page).toHaveTitle('Sign in · Hireline');
  await expect(page.locator('link#app-favicon')).toHaveAttribute('href', '/favicon.svg');
  await expect(page.locator('link#app-stylesheet')).toHaveAttribute('href', '/loader.css');
  expect(logged.some((l) => l.startsWith('Error fetching branding data:'))).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the theme choice applies at once and survives a reload', async ({ page }) => {
  await signIn(page, 'manager@acme.test');
  const background = () => page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  const light = await background();
  await choosePreference(page, 'Theme', 'Dark');
  await expect.poll(background).not.toBe(light);
  const dark = await background();
  expect(dark).toBe('rgb(37, 41, 60)');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Live jobs' })).toBeVisible();
  expect(await background()).toBe(dark);
  await choosePreference(page, 'Theme', 'Light');
  await expect.poll(background).toBe(light);
});

test('"system" follows the operating system’s colour scheme live', async ({ page }) => {
  await signIn(page, 'manager@acme.test');
  await choosePreference(page, 'Theme', 'System');
  const background = () => page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(background).toBe('rgb(37, 41, 60)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(background).not.toBe('rgb(37, 41, 60)');
});

test('the navigation layout switches between vertical and horizontal and is remembered', async ({ page }) => {
  await signIn(page, 'manager@acme.test');
  const sidebar = page.locator('aside');
  await expect(sidebar.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await choosePreference(page, 'Navigation layout', 'Horizontal');
  await expect(sidebar).toHaveCount(0);
  await expect(page.locator('header').getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.reload();
  await expect(page.locator('header').getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await choosePreference(page, 'Navigation layout', 'Vertical');
  await expect(sidebar.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('below 976 px the navigation is an overlay drawer', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, 'manager@acme.test');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/acme\/[a-z]+\/jobs$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
});

test('Arabic turns the whole document right-to-left, and the choice is remembered', async ({ page }) => {
  await signIn(page, 'manager@acme.test');
  await choosePreference(page, 'Language', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // Mirrored: the sidebar sits on the right.
  const box = await page.locator('aside').boundingBox();
  expect(box!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await choosePreference(page, 'اللغة', 'English');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the keyboard reaches the skip link, the navigation and the search', async ({ page }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Live jobs' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  // Tab on until the navigation's Jobs link has focus, then open it with Enter.
  const jobs = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Jobs', exact: true });
  for (let i = 0; i < 20 && !(await jobs.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(jobs).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/acme\/[a-z]+\/jobs$/);
  // Ctrl+K focuses the search; typing and Enter open the first match.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: /^Search pages/ })).toBeFocused();
  await page.keyboard.type('Notifications');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/notifications');
});
