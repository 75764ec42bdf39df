import { vi } from 'vitest';
import type { JobDetail } from '@hireline/contract/job-model';
import { messages } from '@hireline/contract/messages';
import type { CurrentUser } from '../../../lib/current-user';
import { json, labelled, mountApp, type, unmountApp } from '../../../test/app-harness';

/* A fake API and the whole app around the wizard, for its component tests (not a test file itself). */

export const A = '00000000-0000-4000-8000-00000000000a';
export const S = '00000000-0000-4000-8000-0000000000a1';
export const E = '00000000-0000-4000-8000-0000000000e1';
export const J = '00000000-0000-4000-8000-0000000000f1';
export const P1 = '00000000-0000-4000-8000-0000000000b1';
export const P2 = '00000000-0000-4000-8000-0000000000b2';

/** Employer staff of one employer: the employer is chosen for them. */
export const employerUser = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Erin Employer',
  email: 'erin@acme.test',
  avatar: null,
  permissions: { [`employer:${E}`]: ['jobs.view', 'jobs.create', 'jobs.update', 'credits.view', 'credits.purchase'] },
  accounts: [
    { id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [{ id: E, name: 'Acme Pty Ltd' }] }] },
  ],
};

/** Site staff (a site manager): they grant credits rather than buy them, and choose the employer to act for. */
export const staffUser: CurrentUser = {
  ...employerUser,
  id: '00000000-0000-4000-8000-000000000004',
  name: 'Sam Staff',
  email: 'sam@acme.test',
  permissions: { [`site:${S}`]: ['jobs.all', 'credits.view', 'credits.create', 'credits.export'] },
};

export function makeJob(overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    id: J,
    title: 'Barista',
    reference_number: null,
    status: 'draft',
    flagged: false,
    open_reports: 0,
    featured: false,
    employer: { id: E, name: 'Acme Pty Ltd', credit_balance: 0 },
    consultant: null,
    work_type: null,
    classification: null,
    location: null,
    tags: [],
    advert_start_at: null,
    advert_end_at: null,
    posted_at: null,
    created_at: '2025-01-10T09:00:00.000Z',
    applications_count: 0,
    product: null,
    pay_type: null,
    pay_min_cents: null,
    pay_max_cents: null,
    salary_min_cents: null,
    salary_max_cents: null,
    currency: 'AUD',
    description: '<p>Make great coffee.</p>',
    key_selling_points: [],
    links: [],
    banner: null,
    apply_type: 'internal',
    application_url: null,
    application_emails: [],
    approved_at: null,
    rejected_at: null,
    rejection_reason: null,
    expired_at: null,
    unlisted_at: null,
    cloned_from_id: null,
    updated_at: '2025-01-10T09:00:00.000Z',
    screening_questions: [],
    status_history: [],
    allowed_actions: ['edit', 'post', 'delete', 'clone'],
    ...overrides,
  };
}

export const products = [
  { id: P1, name: 'Standard', description: null, duration_days: 30, featured: false, price_cents: 9900, currency: 'AUD' },
  { id: P2, name: 'Featured', description: 'Top of the list', duration_days: 30, featured: true, price_cents: 14900, currency: 'AUD' },
];


export interface Call {
  call: string;
  body: unknown;
  headers: Headers;
}

/**
 * The jobs API over one in-memory job; `post` decides what posting answers (402, 500, …); `routes` answers other
 * calls first (e.g. the credit endpoints), undefined passes.
 */
export function fakeApi(
  options: {
    job?: JobDetail;
    post?: (n: number) => Response | undefined;
    routes?: (call: string, body: unknown) => Response | undefined;
    /** Once posted, the job is asked again only in vain (never answered): the page can only show what it was given. */
    holdDetailAfterPost?: boolean;
  } = {},
) {
  let job = options.job;
  const calls: Call[] = [];
  let posts = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      const path = url.split('?')[0]!;
      const call = `${method} ${path}`;
      calls.push({ call, body, headers: new Headers(init?.headers) });
      const routed = options.routes?.(call, body);
      if (routed) return routed;
      if (call === 'GET /portal/auth/me') return json(200, employerUser);
      if (call === 'GET /portal/v1/site/field-options')
        return json(200, {
          work_type: [{ value: 'full_time', label: 'Full time' }],
          pay_type: [{ value: 'hourly', label: 'Hourly' }],
          classification: [{ value: 'hospitality', label: 'Hospitality' }],
          industry: [],
          employer_size: [],
          visa_type: [],
          apply_type: [],
        });
      if (call === 'GET /portal/v1/site/lookups/employers') return json(200, [{ id: E, name: 'Acme Pty Ltd' }]);
      if (call === 'GET /portal/v1/site/lookups/consultants') return json(200, []);
      if (call === 'GET /portal/v1/site/products') return json(200, products);
      if (call === 'POST /portal/v1/jobs') {
        job = makeJob({ ...(body as Partial<JobDetail>), description: String(body?.description ?? '') });
        return json(201, job);
      }
      if (job && call === `GET /portal/v1/jobs/${job.id}/detail`) {
        if (options.holdDetailAfterPost && job.status !== 'draft') return new Promise<Response>(() => {});
        return json(200, job);
      }
      if (job && call === `PATCH /portal/v1/jobs/${job.id}`) {
        const { product_id, screening_questions, ...rest } = body as Record<string, unknown>;
        job = { ...job, ...(rest as Partial<JobDetail>) };
        if (product_id) job.product = { ...products.find((p) => p.id === product_id)!, duration_days: 30 };
        if (screening_questions)
          job.screening_questions = (screening_questions as JobDetail['screening_questions']).map((q, i) => ({
            ...q,
            id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
            position: i + 1,
          }));
        return json(200, job);
      }
      if (job && call === `POST /portal/v1/jobs/${job.id}/post`) {
        posts += 1;
        const answer = options.post?.(posts);
        if (answer) return answer;
        const balance = job.employer.credit_balance - 1;
        job = { ...job, status: 'live', allowed_actions: ['edit', 'unlist', 'expire', 'delete', 'clone'], employer: { ...job.employer, credit_balance: balance } };
        return json(200, { ...job, credits_spent: 1, credit_balance: balance });
      }
      return json(404, { message: messages.notFound });
    }),
  );
  return { calls, job: () => job };
}

export function openApp(path: string, user: CurrentUser = employerUser) {
  // Staff have no employer selected; an employer user's one employer is chosen for them.
  const employerId = user === employerUser ? E : null;
  return mountApp(path, { user, scope: { accountId: A, siteId: S, employerId }, ready: 'h2' });
}

export const cleanup = unmountApp;

/** The input a visible label names (MUI adds " *" to required labels). */
export function field(label: string): HTMLInputElement | HTMLSelectElement {
  const input = labelled(label);
  if (!(input instanceof HTMLInputElement) && !(input instanceof HTMLSelectElement)) throw new Error(`No field labelled "${label}"`);
  return input;
}

export const fields = (label: string) =>
  [...document.querySelectorAll('label')]
    .filter((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label)
    .map((l) => document.getElementById(l.htmlFor) as HTMLInputElement);

export { json, type };

export function button(name: string): HTMLButtonElement {
  const b = [...document.querySelectorAll('button')].find((el) => el.getAttribute('aria-label') === name || el.textContent === name);
  if (!b) throw new Error(`No button "${name}"`);
  return b;
}

export const helperOf = (input: Element) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
/** The open dialog (MUI renders it in a portal at the end of the page). */
export const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
export function dialogButton(name: string): HTMLButtonElement {
  const b = [...(dialog()?.querySelectorAll('button') ?? [])].find((el) => el.textContent === name);
  if (!b) throw new Error(`No button "${name}" in a dialog`);
  return b;
}

export const bodiesOf = (calls: Call[], call: string) => calls.filter((c) => c.call === call).map((c) => c.body);
