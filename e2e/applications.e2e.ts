import { type Page } from '@playwright/test';
import { expect, test } from './noise';
import { siteApi, type SiteApi } from './jobs-support';
import { expectNoSeriousA11yViolations, signIn, signOut } from './support';

// The pipeline in a real browser against the real API and seed: a bulk move that emails the candidates (read back
// in the development mail viewer), a card dragged across the board, and a resume opened from an application.

const SITE = '/acme/jobs';

interface Row {
  id: string;
  status: string;
  candidate: { id: string; name: string; email: string };
  job: { id: string; title: string };
}
interface Page_<T> {
  data: T[];
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function applied(api: SiteApi, query = '') {
  return (await api.get<Page_<Row>>(`/v1/applications?status=applied&per_page=25${query}`)).data;
}

/** Confirms the status dialog; candidates are emailed by default for the later stages (the site's stage settings). */
async function confirmMove(page: Page, to: string, count: number, emailsCandidates: boolean) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`will move to ${to}.`);
  const candidates = dialog.getByLabel('Candidates');
  if (emailsCandidates) {
    await expect(candidates).toBeChecked();
    await expect(dialog.locator('iframe[title^="Preview of the email to candidates"]')).toBeVisible();
  } else await expect(candidates).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, 'status change dialog');
  await dialog.getByRole('button', { name: `Move ${count} application${count === 1 ? '' : 's'}` }).click();
  await expect(dialog).toBeHidden();
}

test('three applications move to Shortlisted in one go, and each candidate gets exactly one email', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/applications`);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  const api = await siteApi(page, request);
  await expectNoSeriousA11yViolations(page, 'applications list');

  await page.getByRole('tab', { name: /^Applied/ }).click();
  await expect(page).toHaveURL(/status=applied/);
  const rows = (await applied(api)).slice(0, 3);
  expect(rows).toHaveLength(3);
  for (const r of rows) await page.getByRole('row').filter({ hasText: r.candidate.email }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('combobox', { name: 'New status' }).click();
  await page.getByRole('option', { name: 'Shortlisted' }).click();
  await expect(page.getByRole('dialog')).toContainText('3 applications will move to Shortlisted.');
  await confirmMove(page, 'Shortlisted', 3, true);
  await expect(page.getByText('3 applications moved to Shortlisted.')).toBeVisible();

  for (const r of rows) {
    const history = await api.get<{ history: Array<{ to_status: string; notify: { candidate: boolean } }> }>(`/v1/applications/${r.id}/history`);
    expect(history.history.at(-1)).toMatchObject({ to_status: 'shortlisted', notify: { candidate: true } });
  }

  // The emails, as delivered: one per candidate, in the development mail viewer.
  await signOut(page);
  await signIn(page, 'enterprise@demo.test');
  await page.goto('/dev/mail');
  for (const r of rows) {
    const mail = page.getByRole('row', { name: new RegExp(`${escape(r.candidate.email)}.*Your application for ${escape(r.job.title)}`) });
    await expect(mail).toHaveCount(1);
  }
});

// Wide enough for Applied and Screening to be on screen together: a drag that has to scroll the board first would
// start over whichever card has scrolled under the pointer.
test.describe(() => {
  test.use({ viewport: { width: 1920, height: 1000 } });
test('a card dragged to another column of the board changes the status once confirmed', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/applications`);
  const api = await siteApi(page, request);
  const card = (await applied(api)).at(-1)!;
  await page.goto(`${SITE}/applications?view=board&job=${card.job.id}`);
  const from = page.getByRole('region', { name: /^Applied/ });
  const to = page.getByRole('region', { name: /^Screening/ });
  const item = from.getByRole('listitem').filter({ hasText: card.candidate.name });
  await expect(item).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'board');
  await item.dragTo(to);
  await confirmMove(page, 'Screening', 1, false);
  await expect(to.getByRole('listitem').filter({ hasText: card.candidate.name })).toBeVisible();
  await expect(from.getByRole('listitem').filter({ hasText: card.candidate.name })).toHaveCount(0);
  expect((await api.get<Row>(`/v1/applications/${card.id}/overview`)).status).toBe('screening');
});
});

test('a recruiter opens the resume sent with an application inside the page', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/applications`);
  const api = await siteApi(page, request);
  let found: { id: string; file: { id: string; name: string } } | undefined;
  for (const r of (await api.get<Page_<Row>>('/v1/applications?per_page=20')).data) {
    const docs = await api.get<{ documents: Array<{ id: string; name: string; kind: string }> }>(`/v1/applications/${r.id}/documents`);
    const resume = docs.documents.find((d) => d.kind === 'resume');
    if (resume) {
      found = { id: r.id, file: resume };
      break;
    }
  }
  expect(found, 'the demo has an application with a resume').toBeDefined();
  await page.goto(`${SITE}/applications/${found!.id}/documents`);
  await page.getByRole('button', { name: `Preview ${found!.file.name}` }).click();
  await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute('src', /^blob:/);
  await expectNoSeriousA11yViolations(page, 'application resume preview');
  const file = await api.raw('GET', `/v1/applications/${found!.id}/files/${found!.file.id}?disposition=inline`);
  expect([file.status(), file.headers()['content-type'], (await file.body()).subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
  expect(file.headers()['content-disposition']).toMatch(/^inline; filename=/);
});
