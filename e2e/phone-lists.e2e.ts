import { expect, test } from './noise';
import { signIn } from './support';

// A list on a 390 px phone (issue 28): rows are cards that show every column, the filters wait behind a button that
// counts the ones set, and the bulk bar stays in sight while the rows scroll.

const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 } });

test('the jobs list on a phone: status in each card, filters behind a counted button, a sticky bulk bar', async ({ page }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto('/acme/jobs/jobs?status=live');
  const cards = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // Nothing is pushed off to the right: the page is as wide as the phone, and each card's status is on screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  const first = cards.first();
  const status = first.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(status).toHaveText('Live');
  const box = (await status.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);

  // The filters: only the search box until asked; the button counts the status filter.
  const filters = page.getByRole('region', { name: 'Filters' });
  const toggle = filters.getByRole('button', { name: 'Filters (1)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(filters.getByRole('button', { name: 'Draft' })).toHaveCount(0);
  await toggle.click();
  await expect(filters.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(filters.getByRole('button', { name: 'Draft' })).toHaveCount(0);

  // Select every card, scroll to the last: the bulk bar stays under the app bar.
  await page.getByRole('checkbox', { name: 'Select all jobs on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toBeVisible();
  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  await expect(async () => {
    const b = (await bar.boundingBox())!;
    const appBar = (await page.locator('header').first().boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(appBar.y + appBar.height - 1);
    expect(b.y + b.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  }).toPass();
});
