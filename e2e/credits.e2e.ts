import { type Page } from '@playwright/test';
import { expect, test } from './noise';
import { siteApi, uniqueTitle } from './jobs-support';
import { expectNoSeriousA11yViolations, signIn } from './support';

// The credit system in a real browser against the real API and seed: buying credits through the sandbox checkout,
// coming back to the posting wizard with them, paying for one post directly, and a cancelled payment.

const SITE = '/acme/jobs';
const step = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

interface Balance {
  employer: { id: string; name: string };
  balance: number;
}

/** The sandbox checkout page: pays (or cancels) and waits for the return to the portal's payment-success page. */
async function checkout(page: Page, decision: 'pay' | 'cancel') {
  await expect(page).toHaveURL(/\/payments\/sandbox\/sbx_/);
  await expect(page.getByText('Sandbox payment — no real money is moved.')).toBeVisible();
  if (decision === 'pay') await page.getByRole('button', { name: /^Pay / }).click();
  else await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/credit-system\/payment-success\?purchase=/);
}

test('an employer buys 10 credits with the tier discount through the sandbox checkout: balance and ledger update once', async ({ page, request }) => {
  await signIn(page, 'employer@acme.test');
  await page.goto(`${SITE}/credit-system`);
  const api = await siteApi(page, request);
  const before = await api.get<Balance>('/v1/credit/balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Credit system' })).toBeVisible();
  await expect(page.getByText(`${before.balance} credit`, { exact: false }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'credit system');

  await page.getByRole('link', { name: 'Buy credits' }).first().click();
  await expect(page).toHaveURL(`${SITE}/credit-system/create`);
  const quantity = page.getByRole('spinbutton', { name: 'Number of credits' });
  await quantity.fill('10');
  // The seed's tiers: 10–24 credits at 10 % off the $49.00 price, so $441.00 instead of $490.00.
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('10–24 credits');
  await expect(order).toContainText('$441.00');
  await expect(order).toContainText('$49.00');
  const pay = page.getByRole('button', { name: 'Pay $441.00' });
  await expect(pay).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'buy credits');
  await pay.click();

  await expect(page).toHaveURL(/\/payments\/sandbox\/sbx_/);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sandbox checkout');
  await checkout(page, 'pay');
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'payment success');
  await expect(page.getByText(`10 credits were added to ${before.employer.name}.`)).toBeVisible();
  await expect(page.getByText(`New balance: ${before.balance + 10} credits.`)).toBeVisible();

  // Reloading the success page confirms again and credits nothing more.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  expect((await api.get<Balance>('/v1/credit/balance')).balance).toBe(before.balance + 10);

  // The ledger's newest row is the purchase, with its receipt.
  await page.goto(`${SITE}/credit-system`);
  const history = page.getByRole('region', { name: 'Credit history' });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('Purchase');
  await expect(newest).toContainText('+10');
  await expect(newest).toContainText(String(before.balance + 10));
  await newest.getByRole('button', { name: /Receipt/ }).click();
  const receipt = page.getByRole('dialog');
  await expect(receipt).toContainText('$441.00');
  await expect(receipt).toContainText('Paid');

  // Printed, the receipt is all there is: the ledger behind it leaves the layout rather than printing as blank pages.
  await page.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  const [height, viewport] = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
  expect(height).toBeLessThanOrEqual(viewport);
});

test('a cancelled checkout credits nothing and says so', async ({ page, request }) => {
  await signIn(page, 'employer@acme.test');
  await page.goto(`${SITE}/credit-system/create`);
  const api = await siteApi(page, request);
  const before = (await api.get<Balance>('/v1/credit/balance')).balance;
  await page.getByRole('spinbutton', { name: 'Number of credits' }).fill('3');
  await page.getByRole('button', { name: 'Pay $147.00' }).click();
  await checkout(page, 'cancel');
  await expect(page.getByText('Payment cancelled. No credits were added.')).toBeVisible();
  expect((await api.get<Balance>('/v1/credit/balance')).balance).toBe(before);
});

test('with no credits, the admin buys one and comes back to the payment step, or pays for the post directly', async ({ page, request }) => {
  await signIn(page, 'admin@acme.test');
  await page.goto(`${SITE}/jobs`);
  const api = await siteApi(page, request);
  const employerId = await api.employerId('Greenleaf Grocers');
  const draft = async () =>
    (
      await api.post<{ id: string }>('/v1/jobs', {
        title: uniqueTitle('E2E Checkout Operator'),
        employer_id: employerId,
        description: '<p>Run a till.</p>',
        advert_start_at: new Date().toISOString(),
        advert_end_at: new Date(Date.now() + 21 * 86_400_000).toISOString(),
      })
    ).id;
  expect(await api.creditBalance(employerId)).toBe(0);

  // Buy credits from the payment step, pay, and continue back to it.
  const first = await draft();
  await page.goto(`${SITE}/jobs/edit?id=${first}&step=payment`);
  let payment = step(page, 'Payment & Confirmation');
  await payment.getByRole('radio', { name: 'Standard' }).check();
  // At 0 credits there is no Post job, only the ways to get a credit.
  await expect(payment.getByRole('button', { name: 'Post job' })).toHaveCount(0);
  await payment.getByRole('alert').filter({ hasText: 'no credits left' }).getByRole('link', { name: 'Buy credits' }).click();
  await expect(page).toHaveURL(new RegExp(`${SITE}/credit-system/create\\?return_to=`));
  await page.getByRole('spinbutton', { name: 'Number of credits' }).fill('1');
  await page.getByRole('button', { name: 'Pay $49.00' }).click();
  await checkout(page, 'pay');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${SITE}/jobs/edit?id=${first}&step=payment`);
  payment = step(page, 'Payment & Confirmation');
  await expect(payment.getByText('Greenleaf Grocers has 1 credit.')).toBeVisible();
  await payment.getByRole('button', { name: 'Post job' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Post job' }).click();
  await expect(page).toHaveURL(`${SITE}/jobs/${first}`);
  expect((await api.job(first)).status).toBe('live');
  expect(await api.creditBalance(employerId)).toBe(0);

  // Direct payment: one credit bought and spent on this job in the same confirmed payment.
  const second = await draft();
  await page.goto(`${SITE}/jobs/edit?id=${second}&step=payment`);
  payment = step(page, 'Payment & Confirmation');
  await payment.getByRole('radio', { name: 'Standard' }).check();
  await payment.getByRole('button', { name: /^Pay \$49(\.00)? and post$/ }).click();
  await checkout(page, 'pay');
  await expect(page.getByText('Your job has been posted.')).toBeVisible();
  expect((await api.job(second)).status).toBe('live');
  expect(await api.creditBalance(employerId)).toBe(0);
});

test('a site manager chooses an employer, grants credits with a reason and revokes some after confirming', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/credit-system`);
  await expect(page.getByRole('heading', { name: 'Choose an employer to see its credits' })).toBeVisible();
  const api = await siteApi(page, request);
  const employerId = await api.employerId('Copperfield Accounting');
  const before = await api.creditBalance(employerId);
  await page.getByRole('combobox', { name: 'Employer', exact: true }).fill('Copper');
  await page.getByRole('option', { name: 'Copperfield Accounting' }).click();
  await expect(page.getByText('Credits of Copperfield Accounting')).toBeVisible();
  const history = page.getByRole('region', { name: 'Credit history' });
  const newest = history.getByRole('row').nth(1);

  await page.getByRole('button', { name: 'Grant or revoke credits' }).click();
  let dialog = page.getByRole('dialog', { name: 'Grant or revoke credits' });
  await expect(dialog).toContainText(`Copperfield Accounting has ${before} credits.`);
  await dialog.getByRole('spinbutton', { name: 'Number of credits' }).fill('5');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Goodwill after the outage');
  await expectNoSeriousA11yViolations(page, 'grant credits');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`5 credits granted. New balance: ${before + 5}.`)).toBeVisible();
  await expect(newest).toContainText('Grant');
  await expect(newest).toContainText('+5');
  await expect(newest).toContainText('Goodwill after the outage');
  expect(await api.creditBalance(employerId)).toBe(before + 5);

  await page.getByRole('button', { name: 'Grant or revoke credits' }).click();
  dialog = page.getByRole('dialog', { name: 'Grant or revoke credits' });
  await dialog.getByRole('radio', { name: 'Revoke credits' }).check();
  await dialog.getByRole('spinbutton', { name: 'Number of credits' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Granted twice by mistake');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke credits?' });
  await expect(confirm).toContainText('2 credits will be taken from Copperfield Accounting.');
  await expect(confirm).toContainText('This cannot be undone');
  expect(await api.creditBalance(employerId)).toBe(before + 5);
  await confirm.getByRole('button', { name: 'Revoke 2 credits' }).click();
  await expect(page.getByText(`2 credits revoked. New balance: ${before + 3}.`)).toBeVisible();
  await expect(newest).toContainText('Revocation');
  await expect(newest).toContainText('-2');
  await expect(newest).toContainText('Granted twice by mistake');
  expect(await api.creditBalance(employerId)).toBe(before + 3);
});
