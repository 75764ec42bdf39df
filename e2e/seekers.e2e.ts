import { expect, test } from './noise';
import { siteApi } from './jobs-support';
import { expectNoSeriousA11yViolations, signIn } from './support';

// Candidate records in a real browser against the real API and seed: finding a candidate, opening their resume
// inside the page, and disabling them with the irreversible warning.

const SITE = '/acme/jobs';

interface SeekerRow {
  id: string;
  name: string;
  profile_id: string;
  enabled: boolean;
}
interface SeekerProfile extends SeekerRow {
  resume: { id: string; name: string } | null;
  allowed_actions: string[];
}

test('a site manager finds a candidate, previews their resume in the page, and disables them for good', async ({ page, request }) => {
  await signIn(page, 'manager@acme.test');
  await page.goto(`${SITE}/seekers`);
  await expect(page.getByRole('heading', { level: 1, name: 'Seekers' })).toBeVisible();
  const api = await siteApi(page, request);

  // An enabled candidate with a resume, found the way a recruiter would: by name in the search box.
  const rows = (await api.get<{ data: SeekerRow[] }>('/v1/seekers?enabled=true&per_page=50')).data;
  let seeker: SeekerProfile | undefined;
  for (const row of rows) {
    const profile = await api.get<SeekerProfile>(`/v1/seekers/${row.id}/profile`);
    if (profile.resume && profile.allowed_actions.includes('disable')) {
      seeker = profile;
      break;
    }
  }
  expect(seeker, 'the demo has an enabled candidate with a resume').toBeDefined();
  await page.getByLabel('Search seekers').fill(seeker!.profile_id);
  await expect(page).toHaveURL(new RegExp(`q=${seeker!.profile_id}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'seekers list');
  await page.getByRole('link', { name: seeker!.name }).click();
  await expect(page).toHaveURL(`${SITE}/seekers/${seeker!.id}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: seeker!.name })).toBeVisible();

  // The resume opens inside the page from the authenticated API, as a PDF.
  await page.getByRole('button', { name: `Preview ${seeker!.resume!.name}` }).click();
  const frame = page.getByRole('dialog').locator('iframe');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  const file = await api.raw('GET', `/v1/seekers/${seeker!.id}/files/${seeker!.resume!.id}?disposition=inline`);
  expect([file.status(), file.headers()['content-type'], (await file.body()).subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
  await expectNoSeriousA11yViolations(page, 'resume preview');
  // Chromium's PDF viewer may take the focus once the file has loaded, and then it gets the keys: Escape is the
  // dialog's from any of its own controls.
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Disabling says it cannot be undone, and afterwards nothing offers to enable the candidate again.
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Disabling is irreversible: a disabled seeker cannot be enabled again.');
  await expectNoSeriousA11yViolations(page, 'disable confirmation');
  await confirm.getByRole('button', { name: 'Disable for good' }).click();
  await expect(page.getByText('Seeker disabled.')).toBeVisible();
  await expect(page.getByText(/was disabled on .* and cannot be enabled again\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Disable', exact: true })).toHaveCount(0);
  const after = await api.get<SeekerProfile>(`/v1/seekers/${seeker!.id}/profile`);
  expect([after.enabled, after.allowed_actions.includes('enable')]).toEqual([false, false]);
  const again = await api.raw('POST', `/v1/seekers/${seeker!.id}/enable`);
  expect(again.status()).toBe(409);
});
