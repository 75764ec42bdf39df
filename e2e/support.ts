import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Recruit-Demo-1';

/** Signs in through the login form and waits for the signed-in landing page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** The portal's stored bearer token (what the app sends as Authorization). */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('hireline:token'));
  if (!raw) throw new Error('not signed in');
  return JSON.parse(raw) as string;
}

/** Picks an entry of one of the app bar's preference menus (Theme, Navigation layout, Language). */
export async function choosePreference(page: Page, menu: string, choice: string) {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menuitemradio', { name: choice }).click();
}

/** Accessibility: no serious or critical axe violation (WCAG 2.1 A/AA rules) on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // The page only, not its frames: those are previews (a sandboxed email, a PDF) that axe cannot enter and would
  // wait on until the test times out; legacy mode runs axe inside the page instead of opening another one to combine
  // per-frame results. `options` first: `withTags` adds to it.
  const result = await new AxeBuilder({ page })
    .options({ iframes: false })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`) }));
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
