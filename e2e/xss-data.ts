import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

/*
 * Stored XSS attempts written through the real API into every free-text and rich-text field that one person fills
 * and others see: staff (jobs, employers, consultants, tags, email templates, the site's and account's names) and a
 * board candidate (profile, files, application, answers, feedback, a report). Each value starts with its own word so
 * a page check can tell which field it is looking at.
 */

/** What an attacker would type; every one of them sets `window.__xss` if it ever runs. */
export const PAYLOAD = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '<svg onload=window.__xss=1>',
  jsUrl: 'javascript:window.__xss=1',
  iframe: '"><iframe src=javascript:window.__xss=1>',
  anchor: '<a href="javascript:window.__xss=1">click</a>',
  template: "{{constructor.constructor('window.__xss=1')()}}",
  /** Ends an inline <script> (the board's JSON-LD) early if the JSON is written into the page unescaped. */
  breakout: '</script><script>window.__xss=1</script>',
} as const;
const P = PAYLOAD;

/** The job description as an editor (or an attacker skipping it) could send it: safe formatting mixed with attacks. */
export const DESCRIPTION = [
  '<p>Intro <b>bold safe</b> and <em>em safe</em></p>',
  `<p>${P.img}after img</p>`,
  P.script,
  `${P.svg}</svg>`,
  `<p>${P.iframe}</iframe></p>`,
  `<p>${P.anchor} <a href="https://example.com/safe">safe link</a></p>`,
  `<p onclick="window.__xss=1" style="background:url(javascript:window.__xss=1)">${P.template}</p>`,
  // Typed as text in an editor: it must stay text, in the page and in the JSON-LD script.
  '<p>&lt;/script&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;</p>',
].join('');

export const V = {
  siteName: `Xsssite ${P.img} ${P.template}`,
  accountName: `Xssacct ${P.svg} ${P.iframe}`,
  accountTitle: `Xsstitle ${P.breakout}`,
  templateSubject: `Xsstpl ${P.svg} {{job_title}}`,
  templateBody: `<p>{{candidate_name}} applied <b>bold tpl</b> ${P.img}${P.script} ${P.anchor}</p>`,
  employer: {
    type: 'business',
    business_name: `Xssemp ${P.svg} ${P.iframe}`,
    registration_number: `Reg ${P.svg}`,
    industry: `Industry ${P.template}`,
    size: `Size ${P.script}`,
    contact_name: `Contact ${P.img}`,
    phone: `+1 ${P.svg}`,
    address: { line1: `Line1 ${P.img}`, city: `City ${P.iframe}` },
    about: `About ${P.script} ${P.anchor}`,
    // Valid http(s): the quote and brackets must stay inside the href.
    website: `https://example.com/?q=${P.svg}`,
  },
  grantReason: `Grant ${P.img}`,
  consultant: { name: `Xsscons ${P.img}`, title: `Title ${P.script}`, phone: `+1 ${P.svg}` },
  job: {
    title: `Xssjob ${P.breakout} ${P.img} ${P.template}`,
    reference_number: `Ref ${P.iframe}`,
    location: `Loc ${P.breakout}${P.svg}`,
    key_selling_points: [`Point ${P.img}`, `Point ${P.script}`, `Point ${P.template}`],
    // Tags are lower-cased, at most 40 characters: these three are both.
    tags: [P.img, P.svg, P.script],
  },
  link: { label: `Link ${P.anchor}`, url: `https://example.com/jobs?a=${P.svg}` },
  /** A second advert with the same questions, which the candidate has not applied for (its form is shown). */
  job2Title: `Xssapply ${P.svg} ${P.template}`,
  question: {
    single: `Pick ${P.img}`,
    singleOptions: [`Opt ${P.svg}`, `Opt ${P.script}`, `Opt ${P.template}`],
    text: `Tell us ${P.anchor}`,
    multiple: `Many ${P.iframe}`,
    multipleOptions: [`M1 ${P.img}`, `M2 ${P.breakout}`],
  },
  candidate: {
    name: `Xsscand ${P.img} ${P.template}`,
    phone: `+1 ${P.svg}`,
    location: `Loc ${P.iframe}`,
    // Multipart file names: no double quotes.
    resume: 'Resume <svg onload=window.__xss=1>.pdf',
    document: 'Doc <img src=x onerror=window.__xss=1>.pdf',
  },
  coverLetter: [`Cover ${P.script}`, `Letter ${P.anchor}`, `Ends ${P.template}`],
  answerText: `Answer ${P.img} ${P.template}`,
  applicationFeedback: `Feedback ${P.img} ${P.anchor}`,
  jobFeedback: `Comment ${P.svg} ${P.script}`,
  reportComment: `Report ${P.iframe} ${P.template}`,
  applicationTags: [P.img, P.script],
  seekerTags: [P.svg, P.iframe],
} as const;

export interface Seeded {
  board: string;
  employerId: string;
  consultantId: string;
  jobId: string;
  job2Id: string;
  applicationId: string;
  seekerId: string;
  candidate: { email: string; password: string };
}

/** What the site and account are called before the payloads are written, to put back afterwards. */
export interface Originals {
  accountId: string;
  siteId: string;
  siteName: string;
  accountName: string;
  accountTitle: string;
}

interface Api {
  send<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  raw(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<APIResponse>;
}

async function answer<T>(what: string, res: APIResponse): Promise<T> {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? null : await res.json()) as T;
}

function apiWith(request: APIRequestContext, base: Record<string, string>): Api {
  const raw: Api['raw'] = (method, path, body, headers) =>
    request.fetch(`/portal${path}`, { method, headers: { ...base, ...headers }, ...(body === undefined ? {} : { data: body }) });
  return { raw, send: async (method, path, body, headers) => answer(`${method} ${path}`, await raw(method, path, body, headers)) };
}

interface Me {
  accounts: { id: string; slug: string; sites: { id: string; slug: string; name: string }[] }[];
}

/** Signs a portal user in through the API: the client sends their token with Acme Jobs selected. */
async function staff(request: APIRequestContext, email: string) {
  const headers = { 'x-af-eid': 'demo', accept: 'application/json' };
  const login = await answer<{ access_token: string }>(
    `sign-in of ${email}`,
    await request.post('/portal/auth/login', { headers, data: { email, password: DEMO_PASSWORD } }),
  );
  const auth = { ...headers, authorization: `Bearer ${login.access_token}` };
  const me = await answer<Me>('GET /auth/me', await request.get('/portal/auth/me', { headers: auth }));
  const account = me.accounts.find((a) => a.slug === 'acme');
  const site = account?.sites.find((s) => s.slug === 'jobs');
  const scope: Record<string, string> = account && site ? { 'x-af-aid': account.id, 'x-af-sid': site.id } : {};
  return { api: apiWith(request, { ...auth, ...scope }), account, site };
}

/**
 * A board candidate's client. Node does not resolve `*.localhost`, so requests go to localhost carrying the board's
 * Host header: the board's routes know their board from it, as they do for the browser (the upload takes no `domain`).
 */
function boardApi(request: APIRequestContext, board: string, token?: string): Api {
  return apiWith(request, {
    'x-af-eid': 'demo',
    accept: 'application/json',
    host: new URL(board).host,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
}

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

interface JobOut {
  id: string;
  status: string;
  screening_questions: { id: string }[];
}

export async function originals(request: APIRequestContext): Promise<Originals> {
  const admin = await staff(request, 'admin@acme.test');
  const enterprise = await staff(request, 'enterprise@demo.test');
  const account = await enterprise.api.send<{ name: string; title: string }>('GET', `/v1/enterprise/accounts/${admin.account!.id}`);
  const [accountId, site] = [admin.account!.id, admin.site!];
  return { accountId, siteId: site.id, siteName: site.name, accountName: account.name, accountTitle: account.title };
}

/** Writes every payload; what the API stores is what the pages are then checked with. */
export async function seed(request: APIRequestContext, board: string): Promise<Seeded> {
  const admin = await staff(request, 'admin@acme.test');
  const enterprise = await staff(request, 'enterprise@demo.test');
  const account = admin.account!;
  const site = admin.site!;

  // Names every page carries (the portal's scope switcher, the board's header and title, every email's brand).
  await admin.api.send('PATCH', `/v1/accounts/sites/${site.id}`, { name: V.siteName });
  await enterprise.api.send('PATCH', `/v1/enterprise/accounts/${account.id}`, { name: V.accountName, title: V.accountTitle });

  // The site's wording of the "new application" notice: rich text, sanitised when saved.
  const tpl = await admin.api.send<{ body: string }>('PUT', '/v1/site/settings/email-templates/application.created/en', {
    subject: V.templateSubject,
    body: V.templateBody,
  });
  expect(tpl.body).toContain('<strong>bold tpl</strong>');
  expect(tpl.body).not.toMatch(/<img|<script|javascript:/i);

  const employer = await admin.api.send<{ id: string }>('POST', '/v1/employers', V.employer);
  const grant = { action: 'grant', amount: 2, reason: V.grantReason };
  await admin.api.send('POST', '/v1/credit/adjustments', grant, { 'x-af-empid': employer.id });
  const consultant = await admin.api.send<{ id: string }>('POST', '/v1/consultants', { ...V.consultant, site_ids: [site.id] });
  const [product] = await admin.api.send<{ id: string }[]>('GET', '/v1/site/products');

  const start = new Date();
  const jobBody = {
    ...V.job,
    links: [V.link],
    employer_id: employer.id,
    consultant_id: consultant.id,
    product_id: product!.id,
    work_type: 'full_time',
    description: DESCRIPTION,
    apply_type: 'internal',
    advert_start_at: start.toISOString(),
    advert_end_at: new Date(start.getTime() + 30 * 86_400_000).toISOString(),
    screening_questions: [
      { type: 'single_choice', label: V.question.single, required: true, options: V.question.singleOptions },
      { type: 'text', label: V.question.text, required: true },
      { type: 'multiple_choice', label: V.question.multiple, required: false, options: V.question.multipleOptions },
    ],
  };
  const postJob = async (title: string) => {
    const draft = await admin.api.send<JobOut>('POST', '/v1/jobs', { ...jobBody, title });
    const posted = await admin.api.send<JobOut>('POST', `/v1/jobs/${draft.id}/post`, {});
    expect(posted.status).toBe('live');
    return posted;
  };
  const job = await postJob(V.job.title);
  const job2 = await postJob(V.job2Title);

  // A candidate signs up on the board and confirms the address with the mailed link.
  const candidate = { email: `xss.${Date.now()}@example.test`, password: 'Board-apply-2026' };
  const anon = boardApi(request, board);
  await anon.send('POST', '/v1/board/candidates/register', { ...candidate, name: V.candidate.name, phone: V.candidate.phone });
  const inbox = `/v1/dev/mail?q=${encodeURIComponent(candidate.email)}`;
  const mails = await enterprise.api.send<{ data: { id: string; event: string }[] }>('GET', inbox);
  const confirm = mails.data.find((m) => m.event === 'seeker.verify_email');
  expect(confirm, 'the confirmation email was queued').toBeDefined();
  const mail = await enterprise.api.send<{ text: string; html: string }>('GET', `/v1/dev/mail/${confirm!.id}`);
  // The greeting names the candidate: escaped in the HTML part.
  expect(mail.html).toContain('Xsscand &lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;');
  const token = /verify\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, 'the email carries a confirmation link').toBeTruthy();
  const session = await anon.send<{ access_token: string }>('POST', '/v1/board/candidates/verify', { token });
  const me = boardApi(request, board, session.access_token);

  const upload = (purpose: string, name: string) =>
    request.post('/portal/v1/board/candidates/me/files', {
      headers: { 'x-af-eid': 'demo', host: new URL(board).host, authorization: `Bearer ${session.access_token}` },
      multipart: { purpose, file: pdf(name) },
    });
  const resume = await answer<{ id: string }>('upload resume', await upload('resume', V.candidate.resume));
  await answer('upload document', await upload('document', V.candidate.document));
  const changes = { location: V.candidate.location, resume_file_id: resume.id };
  const profile = await me.send<{ id: string }>('PATCH', '/v1/board/candidates/me', changes);

  const [single, text, multiple] = job.screening_questions;
  const applied = await me.send<{ application: { id: string } }>('POST', `/v1/board/jobs/${job.id}/apply`, {
    cover_letter: V.coverLetter.join('\n'),
    answers: [
      { question_id: single!.id, answer: V.question.singleOptions[0] },
      { question_id: text!.id, answer: V.answerText },
      { question_id: multiple!.id, answer: [...V.question.multipleOptions] },
    ],
  });
  const applicationId = applied.application.id;
  await me.send('PUT', `/v1/board/candidates/me/applications/${applicationId}/feedback`, {
    rating: 4,
    employer_recommended: true,
    additional_feedback: V.applicationFeedback,
  });
  await me.send('PUT', `/v1/board/jobs/${job.id}/feedback`, { rating: 3, comment: V.jobFeedback });
  await me.send('POST', `/v1/board/jobs/${job.id}/report`, { reason: 'other', additional_comments: V.reportComment });

  await admin.api.send('PUT', `/v1/applications/${applicationId}/tags`, { tags: V.applicationTags });
  await admin.api.send('PUT', `/v1/seekers/${profile.id}/tags`, { tags: V.seekerTags });

  return {
    board,
    employerId: employer.id,
    consultantId: consultant.id,
    jobId: job.id,
    job2Id: job2.id,
    applicationId,
    seekerId: profile.id,
    candidate,
  };
}

/** Puts back the site's and account's names and the built-in email wording, which the other specs rely on. */
export async function restore(request: APIRequestContext, o: Originals) {
  const admin = await staff(request, 'admin@acme.test');
  const enterprise = await staff(request, 'enterprise@demo.test');
  await admin.api.send('PATCH', `/v1/accounts/sites/${o.siteId}`, { name: o.siteName });
  await enterprise.api.send('PATCH', `/v1/enterprise/accounts/${o.accountId}`, { name: o.accountName, title: o.accountTitle });
  // 204 whether or not the site had its own version.
  await admin.api.send('DELETE', '/v1/site/settings/email-templates/application.created/en');
}

/** The API's answers to URL fields given a `javascript:` URL, and to a template that names no placeholder it knows. */
export async function refusals(request: APIRequestContext, s: Seeded) {
  const { api } = await staff(request, 'admin@acme.test');
  const anon = boardApi(request, s.board);
  const status = async (res: Promise<APIResponse>) => {
    const r = await res;
    return { status: r.status(), errors: Object.keys(((await r.json()) as { errors?: Record<string, unknown> }).errors ?? {}) };
  };
  return {
    employerWebsite: await status(api.raw('PATCH', `/v1/employers/${s.employerId}`, { website: P.jsUrl })),
    jobLink: await status(api.raw('PATCH', `/v1/jobs/${s.jobId}`, { links: [{ label: 'Apply', url: P.jsUrl }] })),
    applicationUrl: await status(api.raw('PATCH', `/v1/jobs/${s.jobId}`, { apply_type: 'url', application_url: P.jsUrl })),
    registeredEmployerWebsite: await status(
      anon.raw('POST', '/v1/board/employers/register', {
        type: 'business',
        business_name: 'Xssreg',
        website: P.jsUrl,
        user: { name: 'Xss Reg', email: `xss.reg.${Date.now()}@example.test`, password: 'Board-apply-2026' },
      }),
    ),
    templatePlaceholder: await status(
      api.raw('PUT', '/v1/site/settings/email-templates/application.created/en', { subject: 'Xss', body: `<p>${P.template}</p>` }),
    ),
    after: {
      employer: await api.send<{ website: string | null }>('GET', `/v1/employers/${s.employerId}`),
      job: await api.send<{ links: { url: string }[]; apply_type: string; application_url: string | null }>(
        'GET',
        `/v1/jobs/${s.jobId}/detail`,
      ),
    },
  };
}
