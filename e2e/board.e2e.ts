import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './noise';
import { jobPostingLd } from '@hireline/contract/board';
import { baseURL } from './playwright.config';
import { signIn } from './support';

/*
 * The public job board, as a candidate and as the staff who see what they do: a candidate finds a job on Acme's board
 * (its own host, same process), signs up with an emailed confirmation, applies with a resume and screening answers,
 * sees it in My applications; staff see it arrive in the portal; the candidate withdraws and staff see Withdrawn.
 */

const board = baseURL.replace('//localhost', '//jobs.acme.localhost');
const candidate = { name: 'Robin Okonkwo', email: `robin.${Date.now()}@example.test`, password: 'Board-apply-2026' };

interface Question {
  id: string;
  question: string;
  type: string;
  options: string[];
  required: boolean;
}

/** A live advert of the board with its own application form and screening questions (the demo seeds a few). */
async function jobWithQuestions(page: Page): Promise<{ id: string; title: string; questions: Question[] }> {
  // From Node, which does not resolve *.localhost as the browser does: the board named by `domain` instead of Host.
  const headers = { 'x-af-eid': 'demo' };
  const domain = 'domain=jobs.acme.localhost';
  const list = await (await page.request.get(`${baseURL}/portal/v1/board/jobs?per_page=50&${domain}`, { headers })).json();
  for (const job of list.data as Array<{ id: string }>) {
    const detail = await (await page.request.get(`${baseURL}/portal/v1/board/jobs/${job.id}?${domain}`, { headers })).json();
    if (detail.apply.type === 'internal' && detail.screening_questions.length > 0)
      return { id: detail.id, title: detail.title, questions: detail.screening_questions };
  }
  throw new Error('the demo board has no job with screening questions');
}

/** The confirmation link mailed to the candidate, read by the enterprise admin in the development mail viewer. */
async function confirmationLink(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, 'enterprise@demo.test');
  await page.goto('/dev/mail');
  const row = page.getByRole('row', { name: new RegExp(`${candidate.email.replace(/[.]/g, '\\.')}.*Confirm your email`) });
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await page.getByRole('tab', { name: /text/i }).click();
  const text = await page.locator('#mail-panel-text').innerText();
  await context.close();
  const link = /(http:\/\/\S+\/verify\?token=\S+)/.exec(text)?.[1];
  expect(link, 'the email carries a confirmation link').toBeTruthy();
  return link!;
}

/** The staff member's view of the candidate's application in the portal. */
async function staffSees(page: Page, status: string) {
  await page.goto(`/acme/jobs/applications?q=${encodeURIComponent(candidate.email)}`);
  const row = page.getByRole('row', { name: new RegExp(candidate.name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(status);
}

test('a candidate finds a job on the board, applies, withdraws, and staff see each step in the portal', async ({ browser, page }) => {
  const job = await jobWithQuestions(page);

  // The job's page: branded, with valid JobPosting JSON-LD in the HTML.
  await page.goto(`${board}/jobs/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  const ld = jobPostingLd.parse(JSON.parse((await page.locator('script#job-posting-ld').textContent())!));
  expect(ld).toMatchObject({ '@type': 'JobPosting', title: job.title, hiringOrganization: { name: expect.any(String) } });
  expect(ld.description.length).toBeGreaterThan(20);
  expect(ld.jobLocation ?? ld.applicantLocationRequirements).toBeTruthy();

  // Search finds it.
  await page.goto(`${board}/jobs?q=${encodeURIComponent(job.title)}`);
  await expect(page.getByRole('link', { name: job.title }).first()).toBeVisible();

  // Apply: signed out, the board asks to sign in; the candidate creates an account and confirms it by email.
  await page.goto(`${board}/jobs/${job.id}`);
  await page.getByRole('link', { name: 'Apply now' }).or(page.getByRole('button', { name: 'Apply now' })).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Full name').fill(candidate.name);
  await page.getByLabel('Email').fill(candidate.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(candidate.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await confirmationLink(browser));
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await page.goto(`${board}/jobs/${job.id}/apply`);
  await expect(page.getByRole('heading', { name: `Apply for ${job.title}` })).toBeVisible();
  await page.locator('input[type="file"]').first().setInputFiles({
    name: 'robin-okonkwo-resume.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await expect(page.getByText(/robin-okonkwo-resume\.pdf/)).toBeVisible();
  for (const q of job.questions) {
    const group = page.getByRole('group', { name: q.question }).or(page.getByRole('radiogroup', { name: q.question }));
    if (q.type === 'yes_no') await group.getByLabel('Yes').check();
    else if (q.type === 'single_choice') await group.getByLabel(q.options[q.options.length - 1]!).check();
    else if (q.type === 'multiple_choice') await group.getByLabel(q.options[0]!).check();
    else if (q.type === 'number') await page.getByLabel(q.question).fill('65000');
    else await page.getByLabel(q.question).fill('I have done this work for years and enjoy it.');
  }
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Thank you: your application has been sent.')).toBeVisible();

  await page.getByRole('link', { name: 'See my applications' }).click();
  const mine = page.getByRole('listitem').filter({ hasText: job.title });
  await expect(mine).toContainText('Received');

  // Staff see it arrive.
  const staff = await browser.newPage({ baseURL });
  await signIn(staff, 'admin@acme.test');
  await staffSees(staff, 'Applied');

  // The candidate withdraws (final), and staff see it.
  await mine.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(mine).toContainText('Withdrawn');
  await expect(mine.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await staffSees(staff, 'Withdrawn');
  await staff.close();
});

test('staff act as a candidate: the board opens in a new tab signed in as them, with a banner, and Stop ends it', async ({ page, context }) => {
  await signIn(page, 'admin@acme.test');
  await page.goto('/acme/jobs/seekers');
  await page.getByLabel('Search seekers').fill('Jordan Taylor');
  await page.getByRole('link', { name: 'Jordan Taylor' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Taylor' })).toBeVisible();

  await page.getByRole('button', { name: 'Act as candidate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Support ticket 913: cannot find an application');
  const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Act as Jordan Taylor' }).click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).host).toBe(new URL(board).host);
  // The token left the address bar at once; the banner names both people and the reason.
  await expect(tab).not.toHaveURL(/token=/);
  const banner = tab.getByText(/You are acting as Jordan Taylor \(staff: Priya Natarajan\)/);
  await expect(banner).toBeVisible();
  await expect(tab.getByText(/Support ticket 913/)).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'My applications' })).toBeVisible();

  // The staff member's own portal tab is untouched.
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Taylor' })).toBeVisible();
  await expect(page.getByText(/you are acting as/i)).toHaveCount(0);

  // Stop ends the board session and closes the tab the portal opened; the staff member is back where they were.
  const token = await tab.evaluate(() => Object.values(sessionStorage).find((v) => v.length > 20) ?? null);
  expect(token, 'the impersonation token lives in the tab only').toBeTruthy();
  await Promise.all([tab.waitForEvent('close'), tab.getByRole('button', { name: 'Stop' }).click()]);
  const after = await page.request.get(`${baseURL}/portal/v1/board/candidates/me?domain=jobs.acme.localhost`, {
    headers: { 'x-af-eid': 'demo', authorization: `Bearer ${JSON.parse(token!).token ?? JSON.parse(token!)}` },
  });
  expect(after.status()).toBe(401);
});

/** Holds the app's code in the network until the test lets it through: what a visitor does first happens before it runs. */
async function holdTheApp(page: Page): Promise<() => void> {
  let letThrough!: () => void;
  const through = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(/\/_board\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await through;
    await route.continue();
  });
  return letThrough;
}

test('a visitor who only reads runs none of the app; the first click and a search typed before it runs still work', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  let letThrough = await holdTheApp(page);

  // The server's page is whole: results, links, the search form. Only the board's small entry script is loaded.
  await page.goto(`${board}/jobs`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link').filter({ hasText: /\w/ }).first()).toBeVisible();
  expect(scripts).toHaveLength(1);

  // The first click on the language menu (a button only the app answers) is held while the app loads, then opens it.
  await page.getByRole('button', { name: /^Language/ }).click();
  await expect.poll(() => scripts.some((s) => /\/boot-/.test(s))).toBe(true);
  await expect(page.getByRole('menu')).toHaveCount(0);
  letThrough();
  await expect(page.getByRole('menuitem', { name: 'Français' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A fresh page: a search typed and sent before the app has run is the one the app makes.
  await page.unrouteAll();
  letThrough = await holdTheApp(page);
  await page.goto(`${board}/jobs`);
  const keywords = page.getByRole('searchbox', { name: 'Keywords' });
  await keywords.fill('Nurse');
  await keywords.press('Enter');
  await expect(page).toHaveURL(`${board}/jobs`);
  letThrough();
  await expect(page).toHaveURL(/[?&]q=Nurse/);
  await expect(keywords).toHaveValue('Nurse');
});

test("in a dark theme the app renders its own page over the server's, in the dark theme's colours only", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  const colours = async () => {
    await expect(page.getByRole('link', { name: 'Acme Jobs' })).toBeVisible();
    return page.evaluate(() => [document.querySelector('header a'), document.body].map((el) => getComputedStyle(el!).color));
  };
  // A page only the app renders is the reference.
  await page.goto(`${board}/sign-in`);
  const reference = await colours();
  // The server renders the search page in the light theme; the app replaces it at once, and none of its styles stay.
  await page.goto(`${board}/jobs`);
  await expect.poll(colours).toEqual(reference);
  await context.close();
});
