import { expect, expectNoise, test } from './noise';
import { baseURL } from './playwright.config';
import { signIn } from './support';
import { dialogsOf, expectInert, expectSafeDescription, liveMarkupIn, visit } from './xss-checks';
import { PAYLOAD, V, originals, refusals, restore, seed, type Originals, type Seeded } from './xss-data';

/*
 * Stored XSS, in a real browser: payloads written through the API into every field people fill and others read
 * (xss-data.ts) must render inert on every page of the portal and the job board that shows them. The API's CSP
 * (script-src 'self') would stop inline scripts anyway; it is bypassed here so that what is proved is the rendering
 * itself: nothing from the data becomes markup that runs, whatever the headers.
 */

const board = baseURL.replace('//localhost', '//jobs.acme.localhost');
const SITE = '/acme/jobs';

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

let data: Seeded;
let names: Originals | undefined;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL });
  names = await originals(request);
  data = await seed(request, board);
  await request.dispose();
});

// The other specs know the site as Acme Jobs and its emails by their built-in wording.
test.afterAll(async ({ playwright }) => {
  if (!names) return;
  const request = await playwright.request.newContext({ baseURL });
  await restore(request, names);
  await request.dispose();
});

const Q = V.question;

test('the checks catch a payload that does reach the DOM (both hosts, CSP bypassed)', async ({ page }) => {
  const dialogs = dialogsOf(page);
  for (const url of ['/login', `${board}/`]) {
    await page.goto(url);
    await expectInert(page, url, []);
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PAYLOAD.img);
    const flag = () => page.evaluate(() => (window as { __xss?: unknown }).__xss);
    await expect.poll(flag, { message: `${url}: the injected handler ran` }).toBe(1);
    expect(await liveMarkupIn(page)).toEqual(expect.arrayContaining(['window.__xss = 1', '<img onerror="window.__xss=1">']));
  }
  await page.evaluate(() => window.alert('x'));
  expect(dialogs).toEqual(['alert: x']);
});

test('the API refuses javascript: URLs in URL fields and template expressions in email templates', async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL });
  const r = await refusals(request, data);
  await request.dispose();
  expect(r.employerWebsite).toEqual({ status: 422, errors: ['website'] });
  expect(r.jobLink).toEqual({ status: 422, errors: ['links.0.url'] });
  expect(r.applicationUrl).toEqual({ status: 422, errors: ['application_url'] });
  expect(r.registeredEmployerWebsite).toEqual({ status: 422, errors: ['website'] });
  expect(r.templatePlaceholder).toEqual({ status: 422, errors: ['body'] });
  // Nothing was stored: the https values written first are still there.
  expect(r.after.employer.website).toBe(V.employer.website);
  expect(r.after.job.links.map((l) => l.url)).toEqual([V.link.url]);
  expect([r.after.job.apply_type, r.after.job.application_url]).toEqual(['internal', null]);
});

test('portal: jobs, the job page and the posting wizard show the payloads as text and the description sanitised', async ({ page }) => {
  const dialogs = dialogsOf(page);
  await signIn(page, 'admin@acme.test');
  await visit(page, dialogs, '/', 'home', [V.siteName]);

  await visit(page, dialogs, `${SITE}/jobs?q=Xssjob`, 'jobs list', [V.job.title, V.employer.business_name, V.job.reference_number]);
  await expect(page.getByRole('link', { name: V.job.title })).toHaveAttribute('href', `${SITE}/jobs/${data.jobId}`);

  await visit(page, dialogs, `${SITE}/jobs/${data.jobId}`, 'job detail', [
    V.job.title,
    V.employer.business_name,
    V.consultant.name,
    V.job.reference_number,
    V.job.location,
    ...V.job.key_selling_points,
    V.link.label,
    ...V.job.tags,
    Q.single,
    Q.singleOptions.join(', '),
    Q.text,
    Q.multiple,
    V.reportComment,
    V.jobFeedback,
    V.candidate.name,
  ]);
  // The link the staff wrote keeps its https URL, quotes and brackets inside the attribute.
  await expect(page.getByRole('link', { name: V.link.label })).toHaveAttribute('href', V.link.url);
  await expectSafeDescription(page, dialogs, 'job detail description');

  await visit(page, dialogs, `${SITE}/jobs/edit?id=${data.jobId}&step=overview`, 'wizard overview', [
    V.job.title,
    ...V.job.key_selling_points,
    V.link.label,
    Q.single,
    Q.text,
  ]);
  await expectSafeDescription(page, dialogs, 'wizard overview description');

  // The editor loads the stored HTML: formatting kept, nothing active in the editable document.
  await page.goto(`${SITE}/jobs/edit?id=${data.jobId}&step=details`);
  const editor = page.locator('.ProseMirror');
  await expect(editor.locator('strong', { hasText: 'bold safe' })).toBeVisible();
  await expect(editor.locator('img, script, svg, iframe')).toHaveCount(0);
  await expect(editor).toContainText(PAYLOAD.breakout);
  await expectInert(page, 'wizard details', []);
});

test('portal: the application tabs and the seeker pages show what the candidate wrote as text', async ({ page }) => {
  const dialogs = dialogsOf(page);
  await signIn(page, 'admin@acme.test');
  const app = `${SITE}/applications/${data.applicationId}`;
  const cand = V.candidate;

  const byEmail = `?q=${encodeURIComponent(data.candidate.email)}`;
  await visit(page, dialogs, `${SITE}/applications${byEmail}`, 'applications list', [cand.name, V.job.title]);
  await visit(page, dialogs, `${app}/overview`, 'application overview', [
    cand.name,
    cand.phone,
    cand.location,
    V.job.title,
    V.employer.business_name,
    V.consultant.name,
    cand.resume,
    ...V.coverLetter,
  ]);
  await visit(page, dialogs, `${app}/answers`, 'application answers', [
    Q.single,
    Q.singleOptions[0],
    Q.text,
    V.answerText,
    Q.multiple,
    ...Q.multipleOptions,
  ]);
  await visit(page, dialogs, `${app}/documents`, 'application documents', [cand.resume, cand.document]);
  await visit(page, dialogs, `${app}/history`, 'application history', [cand.name]);
  await visit(page, dialogs, `${app}/tags`, 'application tags', V.applicationTags);
  await visit(page, dialogs, `${app}/feedback`, 'application feedback', [V.applicationFeedback]);

  const seeker = `${SITE}/seekers/${data.seekerId}`;
  await visit(page, dialogs, `${SITE}/seekers${byEmail}`, 'seekers list', [cand.name, cand.location]);
  await visit(page, dialogs, `${seeker}/profile`, 'seeker profile', [cand.name, cand.phone, cand.location, cand.resume, cand.document]);
  await visit(page, dialogs, `${seeker}/applications`, 'seeker applications', [V.job.title]);
  await visit(page, dialogs, `${seeker}/tags`, 'seeker tags', V.seekerTags);
});

test('portal: employers, the credit ledger, consultants and the app bar search show the payloads as text', async ({ page }) => {
  const dialogs = dialogsOf(page);
  await signIn(page, 'admin@acme.test');
  const e = V.employer;
  await visit(page, dialogs, `${SITE}/employers?q=Xssemp`, 'employers list', [e.business_name, e.contact_name]);
  await visit(page, dialogs, `${SITE}/employers/${data.employerId}`, 'employer details', [
    e.business_name,
    e.registration_number,
    e.industry,
    e.size,
    e.contact_name,
    e.phone,
    e.address.line1,
    e.address.city,
    e.about,
  ]);
  await expect(page.getByRole('link', { name: e.website })).toHaveAttribute('href', e.website);
  await visit(page, dialogs, `${SITE}/employers/${data.employerId}?tab=jobs`, 'employer jobs', [V.job.title]);
  // The ledger, with the grant's reason, is on the credit system page for the employer chosen in its picker.
  await page.goto(`${SITE}/credit-system`);
  await page.getByRole('combobox', { name: 'Employer', exact: true }).fill('Xssemp');
  await expectInert(page, 'employer picker', [e.business_name]);
  await page.getByRole('option', { name: e.business_name }).click();
  await expectInert(page, 'credit ledger', [V.grantReason]);

  // The app bar's search lists jobs, candidates and employers by name.
  const search = page.getByRole('combobox', { name: /^Search pages/ });
  for (const [term, shown] of [
    ['Xssjob', V.job.title],
    ['Xsscand', V.candidate.name],
    ['Xssemp', e.business_name],
  ] as const) {
    await search.fill(term);
    await expect(page.getByRole('option', { name: shown }).first()).toBeVisible();
    await expectInert(page, `search for ${term}`, [shown]);
  }
  await search.fill('');

  await visit(page, dialogs, `${SITE}/consultants?q=Xsscons`, 'consultants list', [V.consultant.name, V.consultant.title]);
  const c = V.consultant;
  await visit(page, dialogs, `${SITE}/consultants/${data.consultantId}`, 'consultant', [c.name, c.title, c.phone]);
});

test('portal: flagged jobs, notifications, the email wording and the mail built from it stay inert', async ({ page }) => {
  // The mail preview is a sandboxed frame without scripts: Chromium reports each script it refused to run there.
  expectNoise(/^console Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/);
  const dialogs = dialogsOf(page);
  await signIn(page, 'admin@acme.test');
  const cand = V.candidate;
  await visit(page, dialogs, `${SITE}/jobs/flagged-jobs`, 'flagged jobs', [V.job.title]);
  await page.getByRole('button', { name: `Show the reports of ${V.job.title}` }).click();
  await expectInert(page, 'flagged job reports', [V.reportComment]);

  // The notices are built from the site's wording, the candidate's name and the job's title.
  await visit(page, dialogs, '/notifications', 'notifications', [
    `Xsstpl ${PAYLOAD.svg} ${V.job.title}`,
    `${cand.name} applied bold tpl click`,
    `Job reported: ${V.job.title}`,
  ]);

  await page.goto(`${SITE}/settings?tab=email-templates`);
  const body = page.locator('.ProseMirror');
  await expect(body.locator('strong', { hasText: 'bold tpl' })).toBeVisible();
  await expect(body.locator('img, script, svg, iframe')).toHaveCount(0);
  await expect(page.getByLabel('Subject')).toHaveValue(V.templateSubject);
  await expectInert(page, 'email templates', []);
  expect(dialogs).toEqual([]);

  await visit(page, dialogs, '/dev/mail', 'mail viewer', [`Xsstpl ${PAYLOAD.svg} ${V.job.title}`]);
  await page.getByRole('link', { name: `Xsstpl ${PAYLOAD.svg} ${V.job.title}` }).first().click();
  // The HTML part, in its sandboxed frame: the names escaped, the site's wording as sanitised.
  const html = page.locator('iframe').first().contentFrame();
  await expect(html.getByText(`${cand.name} applied`)).toBeVisible();
  await expect(html.locator('strong', { hasText: 'bold tpl' })).toBeVisible();
  await expect(html.locator('img[onerror], script, svg')).toHaveCount(0);
  await expectInert(page, 'mail', []);
  await page.getByRole('tab', { name: /text/i }).click();
  await expectInert(page, 'mail text', [`${cand.name} applied bold tpl click`]);
});

test('portal on the account\'s own domain: its name and title are text', async ({ page }) => {
  const dialogs = dialogsOf(page);
  await visit(page, dialogs, `${baseURL.replace('//localhost', '//acme.localhost')}/login`, 'account login', [V.accountName]);
  // The title element takes text only; it must be the account's title as written, after the page's name.
  await expect(page).toHaveTitle(`Sign in · ${V.accountTitle}`);
});

test('board: search results and the job page, its server-rendered head and JSON-LD included', async ({ page }) => {
  const dialogs = dialogsOf(page);
  await visit(page, dialogs, `${board}/`, 'board home', [V.siteName]);
  await visit(page, dialogs, `${board}/jobs?q=Xssjob`, 'board search', [
    V.job.title,
    V.employer.business_name,
    V.job.location,
    ...V.job.key_selling_points,
  ]);

  const res = await page.goto(`${board}/jobs/${data.jobId}`);
  const html = await res!.text();
  // As served: the title and meta escaped, the JSON-LD one script whose JSON parses whole (no `</script>` inside).
  expect(html).toContain(`<title>Xssjob &lt;/script&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;`);
  for (const p of [PAYLOAD.img, PAYLOAD.svg, PAYLOAD.breakout]) expect(html, 'raw payload markup in the served HTML').not.toContain(p);
  const served = /<script type="application\/ld\+json" id="job-posting-ld">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(served, 'the served page has its JSON-LD').toBeDefined();
  expect(JSON.parse(served!)).toMatchObject({ title: V.job.title, hiringOrganization: { name: V.employer.business_name } });

  await expectInert(page, 'board job', [
    V.job.title,
    V.employer.business_name,
    V.job.location,
    V.job.reference_number,
    ...V.job.key_selling_points,
    V.link.label,
  ]);
  await expect(page.getByRole('link', { name: V.link.label })).toHaveAttribute('href', V.link.url);
  await expect(page.getByRole('link', { name: /^Website/ })).toHaveAttribute('href', V.employer.website);
  const scripts = page.locator('script#job-posting-ld');
  await expect(scripts).toHaveCount(1);
  type Ld = { title: string; description: string; jobLocation?: { address: { addressLocality?: string } } };
  const ld = JSON.parse((await scripts.textContent())!) as Ld;
  expect(ld.title).toBe(V.job.title);
  expect(ld.jobLocation?.address.addressLocality).toBe(V.job.location);
  expect(ld.description).toContain('<strong>bold safe</strong>');
  expect(ld.description).not.toMatch(/<img|<script|<svg|<iframe|javascript:|onclick/i);
  await expectSafeDescription(page, dialogs, 'board job description');
});

test('board: the candidate\'s application form, applications and profile show their own payloads as text', async ({ page }) => {
  const dialogs = dialogsOf(page);
  await page.goto(`${board}/sign-in`);
  await page.getByLabel('Email').fill(data.candidate.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(data.candidate.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await visit(page, dialogs, `${board}/jobs/${data.job2Id}/apply`, 'apply form', [
    V.job2Title,
    Q.single,
    ...Q.singleOptions,
    Q.text,
    Q.multiple,
    ...Q.multipleOptions,
  ]);
  await visit(page, dialogs, `${board}/me/applications`, 'my applications', [V.job.title, V.employer.business_name]);
  await visit(page, dialogs, `${board}/me/profile`, 'profile', [V.candidate.resume, V.candidate.document]);
  await expect(page.getByLabel('Location')).toHaveValue(V.candidate.location);
});
