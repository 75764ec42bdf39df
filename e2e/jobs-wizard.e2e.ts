import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './noise';
import { day, rowOfJob, siteApi, statusChip, uniqueTitle } from './jobs-support';
import { signIn } from './support';

// The six-step posting wizard, payment by credit and cloning, in a real browser against the real API and seed.
// Acme Jobs (/acme/jobs) does not require job approval (seed: tenancy.ts), so a posted job goes straight to Live.

const BANNER = fileURLToPath(new URL('./fixtures/banner.png', import.meta.url));
const SITE = '/acme/jobs';

/** The step shown now: its card is labelled by its heading. */
const step = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The wizard's URL after a save names the job: `/jobs/edit?id=…&step=…`. */
function jobIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('id');
  expect(id, `a job id in ${page.url()}`).toMatch(/^[0-9a-f-]{36}$/);
  return id!;
}

test('a site manager posts a job through all six steps: it is live, costs exactly one credit and is listed', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/jobs`);
  const api = await siteApi(page, request);
  // An employer with credits and no job waiting for approval (a rejection would refund it meanwhile).
  const employer = 'Sunrise Childcare Centres';
  const employerId = await api.employerId(employer);
  const before = await api.creditBalance(employerId);
  expect(before, `${employer} has a credit to spend`).toBeGreaterThan(0);

  const title = uniqueTitle('E2E Forklift Team Lead');
  const question = 'Do you hold a current forklift licence?';
  await page.goto(`${SITE}/jobs/create`);
  // The wizard is the portal's largest lazy chunk: on a busy machine its first load may take longer than a check.
  await expect(page.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible({ timeout: 30_000 });
  const steps = page.getByRole('navigation', { name: 'Job posting steps' });
  await expect(steps.getByRole('tab', { name: 'Job Details' })).toHaveAttribute('aria-current', 'step');
  await expect(steps.getByRole('tab', { name: 'Payment & Confirmation' })).toBeDisabled();

  // 1. Job Details.
  const details = step(page, 'Job Details');
  await details.getByLabel('Job title').fill(title);
  await details.getByRole('combobox', { name: 'Employer' }).fill('Sunrise');
  await page.getByRole('option', { name: employer }).click();
  await expect(details.getByRole('combobox', { name: 'Employer' })).toHaveValue(employer);
  await details.getByLabel('Work type').selectOption({ label: 'Full time' });
  await details.getByLabel('Pay type').selectOption({ label: 'Annual salary' });
  await details.getByLabel('Pay range from').fill('52000');
  await details.getByLabel('Pay range to').fill('61000');
  const editor = details.getByRole('textbox', { name: 'Job description' });
  await editor.click();
  await page.keyboard.type('Lead a friendly team of forklift operators. ');
  await details.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Day shifts only.');
  await expect(editor.locator('strong')).toHaveText('Day shifts only.');
  await details.getByRole('button', { name: 'Save and continue' }).click();

  // The first save made the draft: the address names it and the next step.
  await expect(page).toHaveURL(new RegExp(`${SITE}/jobs/edit\\?id=[0-9a-f-]{36}&step=additional$`));
  const id = jobIdOf(page);

  // 2. Additional Details: a key selling point and the banner, previewed once uploaded.
  const additional = step(page, 'Additional Details');
  await additional.getByRole('button', { name: 'Add a selling point' }).click();
  await additional.getByRole('textbox', { name: 'Selling point 1' }).fill('Paid forklift licence renewal');
  const chooser = page.waitForEvent('filechooser');
  await additional.getByRole('button', { name: 'Upload banner' }).click();
  await (await chooser).setFiles(BANNER);
  const preview = additional.getByRole('img', { name: 'Banner preview' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: 'the preview image loads' }).toBe(1000);
  await expect(additional.getByRole('button', { name: 'Change banner' })).toBeVisible();
  await additional.getByRole('button', { name: 'Save and continue' }).click();

  // 3. Application Preferences: apply on the board, advert from today for four weeks.
  await expect(page).toHaveURL(new RegExp(`step=application$`));
  const application = step(page, 'Application Preferences');
  await application.getByRole('radio', { name: 'Apply on this site' }).check();
  await application.getByLabel('Advert start date').fill(day(0));
  await application.getByLabel('Advert end date').fill(day(28));
  await application.getByRole('button', { name: 'Save and continue' }).click();

  // 4. Screening Questions: one yes/no question that knocks out "No".
  await expect(page).toHaveURL(new RegExp(`step=screening$`));
  const screening = step(page, 'Screening Questions');
  await expect(screening.getByText('No screening questions yet.')).toBeVisible();
  await screening.getByRole('button', { name: 'Add a question' }).click();
  const card = screening.getByRole('listitem', { name: 'Question 1' });
  await card.getByLabel('Answer type').selectOption({ label: 'Yes or no' });
  await card.getByRole('textbox', { name: 'Question' }).fill(question);
  await card.getByRole('switch', { name: 'An answer is required' }).check();
  await card.getByRole('group', { name: 'Knock-out answers' }).getByRole('checkbox', { name: 'No' }).check();
  await screening.getByRole('button', { name: 'Save and continue' }).click();

  // 5. Overview: what was saved, step by step.
  await expect(page).toHaveURL(new RegExp(`step=overview$`));
  const overview = step(page, 'Overview & Confirmation');
  const detailsReview = overview.getByRole('region', { name: 'Job Details' });
  await expect(detailsReview.getByRole('definition').first()).toHaveText(title);
  await expect(detailsReview).toContainText(employer);
  await expect(detailsReview.getByText('Day shifts only.')).toBeVisible();
  await expect(overview.getByRole('region', { name: 'Additional Details' })).toContainText('Paid forklift licence renewal');
  await expect(overview.getByRole('region', { name: 'Additional Details' }).getByRole('img', { name: 'Banner preview' })).toBeVisible();
  const questions = overview.getByRole('region', { name: 'Screening Questions' }).getByRole('listitem');
  await expect(questions).toHaveCount(1);
  await expect(questions.first()).toContainText(question);
  await expect(questions.first()).toContainText('Yes or no, answer required');
  await expect(questions.first()).toContainText('Knock-out answers: No');
  await expect(overview.getByText('Before this job can be posted:')).toHaveCount(0);
  await overview.getByRole('button', { name: 'Continue to payment' }).click();

  // 6. Payment: the balance, a product, Post job, and the confirmation naming the credit it uses.
  await expect(page).toHaveURL(new RegExp(`step=payment$`));
  const payment = step(page, 'Payment & Confirmation');
  await expect(payment.getByText(`${employer} has ${before} credit${before === 1 ? '' : 's'}.`)).toBeVisible();
  await payment.getByRole('radio', { name: 'Featured' }).check();
  await payment.getByRole('button', { name: 'Post job' }).click();
  const confirm = page.getByRole('dialog', { name: `Post “${title}”?` });
  await expect(confirm).toContainText(`This uses 1 credit; ${before - 1} left.`);
  // Cancel has the focus: Enter never spends a credit by accident.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Post job' }).click();

  // The job's page: live at once (no approval on this site).
  await expect(page).toHaveURL(`${SITE}/jobs/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(statusChip(page)).toHaveText('Live');
  await expect(page.getByRole('alert').filter({ hasText: 'Job posted' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Banner of ${title}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Screening questions' })).toContainText(question);
  await expect(page.getByRole('region', { name: 'Job details' })).toContainText(`${before - 1} credit`);

  // Exactly one credit was spent, and the job is what the wizard sent.
  expect(await api.creditBalance(employerId)).toBe(before - 1);
  const posted = await api.job(id);
  expect(posted).toMatchObject({
    title,
    status: 'live',
    employer: { id: employerId, credit_balance: before - 1 },
    product: { name: 'Featured' },
    work_type: 'full_time',
    pay_type: 'annual',
    pay_min_cents: 5_200_000,
    pay_max_cents: 6_100_000,
    key_selling_points: ['Paid forklift licence renewal'],
    banner: { url: expect.any(String) },
    apply_type: 'internal',
    screening_questions: [{ type: 'yes_no', label: question, required: true, knockout_answers: ['no'] }],
  });
  // The rich text kept its formatting through the API's sanitising.
  expect(posted.description).toContain('<strong>Day shifts only.</strong>');

  // The jobs list finds it by its title.
  await page.goto(`${SITE}/jobs`);
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(title);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Jobs' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = rowOfJob(page, id);
  await expect(row.getByRole('link', { name: title })).toBeVisible();
  await expect(row).toContainText(employer);
  await expect(row.getByText('Live', { exact: true })).toBeVisible();
});

test('with no credits left, there is no Post job: the admin is offered to grant or buy credits, coming back to the payment step', async ({ page, request }) => {
  // The account admin may grant and buy credits (a site manager may only grant).
  await signIn(page, 'admin@acme.test');
  await page.goto(`${SITE}/jobs`);
  const api = await siteApi(page, request);
  // Greenleaf Grocers ends the seed with an empty balance (and has no job on hold whose rejection would refund one).
  const employerId = await api.employerId('Greenleaf Grocers');
  expect(await api.creditBalance(employerId)).toBe(0);

  // A complete draft, made through the API: this test is about the payment step.
  const title = uniqueTitle('E2E Night Fill Assistant');
  const draft = await api.post<{ id: string }>('/v1/jobs', {
    title,
    employer_id: employerId,
    description: '<p>Stock the shelves overnight.</p>',
    advert_start_at: new Date().toISOString(),
    advert_end_at: new Date(Date.now() + 21 * 86_400_000).toISOString(),
  });

  await page.goto(`${SITE}/jobs/edit?id=${draft.id}&step=payment`);
  const payment = step(page, 'Payment & Confirmation');
  await expect(payment.getByText('Greenleaf Grocers has 0 credits.')).toBeVisible();
  await payment.getByRole('radio', { name: 'Standard' }).check();
  // No Post job that could only be refused: the way forward instead.
  await expect(payment.getByRole('button', { name: 'Post job' })).toHaveCount(0);

  const alert = payment.getByRole('alert').filter({ hasText: 'There are no credits left to post this job.' });
  await expect(alert).toBeVisible();
  const returnTo = `${SITE}/jobs/edit?id=${draft.id}&step=payment`;
  const grant = new URL((await alert.getByRole('link', { name: 'Grant credits' }).getAttribute('href'))!, page.url());
  expect(grant.pathname).toBe(`${SITE}/credit-system`);
  expect(Object.fromEntries(grant.searchParams)).toEqual({ return_to: returnTo, employer: employerId, grant: '1' });
  const buy = alert.getByRole('link', { name: 'Buy credits' });
  await expect(buy).toBeVisible();
  const href = new URL((await buy.getAttribute('href'))!, page.url());
  expect(href.pathname).toBe(`${SITE}/credit-system/create`);
  expect(href.searchParams.get('return_to')).toBe(returnTo);
  // …for this job's employer, so the purchase page needs no second choice.
  expect(href.searchParams.get('employer')).toBe(employerId);

  // Nothing was posted or spent; the chosen product was kept on the draft for the way back.
  await expect.poll(async () => (await api.job(draft.id)).product?.name).toBe('Standard');
  expect(await api.job(draft.id)).toMatchObject({ status: 'draft', employer: { credit_balance: 0 } });

  // Following the link opens the purchase page with the way back in its address.
  await buy.click();
  await expect(page).toHaveURL(`${SITE}/credit-system/create?return_to=${encodeURIComponent(returnTo)}&employer=${employerId}`);
  await expect(page.getByText('For Greenleaf Grocers, who has 0 credits.')).toBeVisible();
});

test('Clone copies a job into a new draft with the same title and no product, opened in the wizard', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/jobs`);
  const api = await siteApi(page, request);
  // A live job with a product, so "no product" on the copy means something.
  const live = await api.jobs('status=live&sort=title&per_page=100');
  const sourceSummary = live.find((j) => !j.flagged);
  expect(sourceSummary, 'a live job to clone').toBeDefined();
  const source = await api.job(sourceSummary!.id);
  expect(source.product).not.toBeNull();

  await page.goto(`${SITE}/jobs/${source.id}`);
  await expect(page.getByRole('heading', { level: 1, name: source.title })).toBeVisible();
  await page.getByRole('toolbar', { name: 'Job actions' }).getByRole('button', { name: 'Clone' }).click();

  await expect(page).toHaveURL(new RegExp(`${SITE}/jobs/edit\\?id=[0-9a-f-]{36}$`));
  const copyId = jobIdOf(page);
  expect(copyId).not.toBe(source.id);
  await expect(page.getByRole('alert').filter({ hasText: 'Copied into a new draft.' })).toBeVisible();
  // The wizard of the copy: a draft (posting it is still to come)…
  await expect(page.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible({ timeout: 30_000 });
  // …titled like the original…
  await page.getByRole('navigation', { name: 'Job posting steps' }).getByRole('tab', { name: 'Job Details' }).click();
  await expect(page).toHaveURL(`${SITE}/jobs/edit?id=${copyId}&step=details`);
  await expect(step(page, 'Job Details').getByRole('textbox', { name: 'Job title' })).toHaveValue(source.title);
  // …and with no product chosen, where the original has one.
  await page.goto(`${SITE}/jobs/edit?id=${copyId}&step=payment`);
  const products = step(page, 'Payment & Confirmation').getByRole('radiogroup', { name: 'Job product' });
  await expect(products.getByRole('radio')).not.toHaveCount(0);
  for (const radio of await products.getByRole('radio').all()) await expect(radio).not.toBeChecked();

  const copy = await api.job(copyId);
  expect(copy).toMatchObject({ id: copyId, title: source.title, status: 'draft', product: null, cloned_from_id: source.id });
  // The original is untouched.
  expect(await api.job(source.id)).toMatchObject({ status: source.status, product: { id: source.product!.id } });
});
