import { expect, expectNoise, test } from './noise';
import { rowOfJob, siteApi, siteApiAs, STATUS_LABEL, statusChip, type JobSummary } from './jobs-support';
import { signIn } from './support';

// The jobs list, the on-hold and flagged queues and bulk actions, in a real browser against the real API and seed.
// Seed titles repeat (several "Tutor"s), so every test picks its rows by id through the API and finds them by link.

const SITE = '/acme/jobs';

test('on hold: approving a job takes it off the queue and live; rejecting one with a reason refunds its credit', async ({
  page,
  request,
}) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/jobs/hold`);
  const api = await siteApi(page, request);
  const waiting = (await api.get<{ data: JobSummary[] }>('/v1/jobs/on-hold?per_page=100')).data;
  expect(waiting.length, 'the seed has two jobs on hold on Acme Jobs').toBeGreaterThanOrEqual(2);
  const [toApprove, toReject] = waiting as [JobSummary, JobSummary];

  await expect(page.getByRole('heading', { level: 1, name: 'Jobs on hold' })).toBeVisible();
  const queue = page.getByRole('table', { name: 'Jobs on hold' });
  await expect(queue.getByRole('row')).toHaveCount(waiting.length + 1);

  // Approve: straight from the row.
  await rowOfJob(page, toApprove.id).getByRole('button', { name: `Approve ${toApprove.title}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: `“${toApprove.title}” approved: it is live.` })).toBeVisible();
  await expect(rowOfJob(page, toApprove.id)).toHaveCount(0);
  await expect(queue.getByRole('row')).toHaveCount(waiting.length);

  // Reject: the reason is required, and the employer gets their credit back.
  const creditsBefore = await api.creditBalance(toReject.employer.id);
  const reason = 'The advert needs a pay range before it can go live.';
  await rowOfJob(page, toReject.id).getByRole('button', { name: `Reject ${toReject.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reject “${toReject.title}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason for rejecting' }).fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: `“${toReject.title}” rejected; the employer's credit was refunded.` })).toBeVisible();
  await expect(rowOfJob(page, toReject.id)).toHaveCount(0);
  expect(await api.creditBalance(toReject.employer.id)).toBe(creditsBefore + 1);

  // Their pages say so.
  await page.goto(`${SITE}/jobs/${toApprove.id}`);
  await expect(page.getByRole('heading', { level: 1, name: toApprove.title })).toBeVisible();
  await expect(statusChip(page)).toHaveText('Live');
  await expect(page.getByRole('toolbar', { name: 'Job actions' }).getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await page.goto(`${SITE}/jobs/${toReject.id}`);
  await expect(page.getByRole('heading', { level: 1, name: toReject.title })).toBeVisible();
  await expect(statusChip(page)).toHaveText('Rejected');
  await expect(page.getByText(`Rejected: ${reason}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status history' })).toContainText(`Reason: ${reason}`);
});

test('flagged: dismissing a job’s reports takes it off the flagged list and clears its flag', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/jobs/flagged-jobs`);
  const api = await siteApi(page, request);
  const flagged = (await api.get<{ data: { job: JobSummary; open_reports: number }[] }>('/v1/site/flagged-jobs?per_page=100')).data;
  expect(flagged.length, 'the seed has flagged jobs on Acme Jobs').toBeGreaterThan(0);
  const { job, open_reports: open } = flagged[0]!;
  const reports = `${open} report${open === 1 ? '' : 's'}`;

  // Flagged on its page first: the marker with the count, and the reports.
  await page.goto(`${SITE}/jobs/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  await expect(page.getByRole('main').getByText(`Flagged · ${reports}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reports' })).toBeVisible();

  await page.goto(`${SITE}/jobs/flagged-jobs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Flagged jobs' })).toBeVisible();
  const row = rowOfJob(page, job.id);
  await expect(row).toBeVisible();
  // The reports open below the row.
  await row.getByRole('button', { name: `Show the reports of ${job.title}` }).click();
  await expect(page.getByRole('region', { name: `Reports of ${job.title}` }).getByText('Open', { exact: true })).toHaveCount(open);

  await row.getByRole('button', { name: `Dismiss reports of ${job.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Dismiss the reports of “${job.title}”?` });
  await expect(dialog).toContainText(open === 1 ? 'Its open report is closed' : `Its ${open} open reports are closed`);
  await dialog.getByRole('button', { name: 'Dismiss reports' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: `${reports} dismissed.` })).toBeVisible();
  await expect(rowOfJob(page, job.id)).toHaveCount(0);

  // No longer flagged on its page; its status is unchanged.
  await page.goto(`${SITE}/jobs/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  await expect(statusChip(page)).toHaveText(STATUS_LABEL[job.status]);
  await expect(page.getByRole('main').getByText(/^Flagged/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Reports' })).toHaveCount(0);
  expect(await api.job(job.id)).toMatchObject({ flagged: false, open_reports: 0, status: job.status });
});

test('an employer user sees only their employer’s jobs and not-found for another employer’s job', async ({ page, request }) => {
  // A job of another employer, found as the site manager.
  const manager = await siteApiAs(request, 'manager@acme.test');
  const other = (await manager.jobs('per_page=100')).find((j) => j.employer.name !== 'Northwind Logistics');
  expect(other, 'a job of another employer than Northwind').toBeDefined();
  // Opening that job is refused: the not-found is what this test is about.
  expectNoise(new RegExp(`^response 404 GET \\S+/portal/v1/jobs/${other!.id}/`));

  await signIn(page, 'employer@acme.test');
  await page.goto(`${SITE}/jobs?per_page=100`);
  const table = page.getByRole('table', { name: 'Jobs' });
  const rows = table.getByRole('row');
  // The API's answer for this employer decides how many rows there are.
  const api = await siteApi(page, request);
  const own = await api.jobs('per_page=100');
  expect(own.length).toBeGreaterThan(0);
  await expect(rows).toHaveCount(own.length + 1);
  // Text content, not innerText: the headers are upper-cased by CSS.
  const headers = await table.getByRole('columnheader').allTextContents();
  const employerColumn = headers.findIndex((h) => h.trim() === 'Employer');
  expect(employerColumn).toBeGreaterThan(-1);
  const employers = await rows.evaluateAll(
    (trs, column) => trs.slice(1).map((tr) => tr.querySelectorAll('th, td')[column]?.textContent?.trim()),
    employerColumn,
  );
  expect(employers.length).toBe(own.length);
  expect(new Set(employers)).toEqual(new Set(['Northwind Logistics']));
  await expect(page.getByText(`1–${own.length} of ${own.length}`)).toBeVisible();

  // Another employer's job, by its address: the not-found state, not the job.
  await page.goto(`${SITE}/jobs/${other!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();
  await expect(page.getByText('This job does not exist, was deleted, or belongs to another site.')).toBeVisible();
  await expect(page.getByRole('heading', { name: other!.title })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to jobs' })).toBeVisible();
});

test('bulk: two live jobs selected, Unlist, confirmed: both are unlisted', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/jobs`);
  const api = await siteApi(page, request);
  // Two live jobs on the list's first page (its default order), not flagged and not made by another test.
  const firstPage = await api.jobs('per_page=25&sort=-created_at');
  const picked = firstPage.filter((j) => j.status === 'live' && !j.flagged && !j.title.startsWith('E2E ')).slice(0, 2);
  expect(picked, 'two live jobs on the first page').toHaveLength(2);

  const table = page.getByRole('table', { name: 'Jobs' });
  await expect(table.getByRole('row')).toHaveCount(firstPage.length + 1);
  for (const job of picked) {
    const row = rowOfJob(page, job.id);
    await expect(row.getByText('Live', { exact: true })).toBeVisible();
    await row.getByRole('checkbox', { name: `Select ${job.title}` }).check();
  }
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Unlist' }).click();

  const dialog = page.getByRole('dialog', { name: 'Unlist 2 jobs?' });
  await expect(dialog).toContainText('They are hidden from the job board until you relist them.');
  await dialog.getByRole('button', { name: 'Unlist' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: '2 jobs unlisted.' })).toBeVisible();
  await expect(bar).toBeHidden();

  for (const job of picked) {
    await expect(rowOfJob(page, job.id).getByText('Unlisted', { exact: true })).toBeVisible();
    await expect(rowOfJob(page, job.id).getByRole('checkbox')).not.toBeChecked();
    expect((await api.job(job.id)).status).toBe('unlisted');
  }
});
