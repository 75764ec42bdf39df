import { vi } from 'vitest';
import type { JobDetail, JobSummary } from '@hireline/contract/job-model';
import { mountApp, type, unmountApp } from '../../test/app-harness';

/* Shared by the jobs component tests: the whole app with a signed-in site user and a fake API behind fetch. */

export const A = '00000000-0000-4000-8000-00000000000a';
export const S = '00000000-0000-4000-8000-0000000000a1';
export const id = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
const EMPLOYER = { id: '00000000-0000-4000-8000-000000000301', name: 'Acme Logistics' };

export function summary(n: number, over: Partial<JobSummary> = {}): JobSummary {
  return {
    id: id(n),
    title: `Job ${n}`,
    reference_number: `REF-${n}`,
    status: 'live',
    flagged: false,
    open_reports: 0,
    featured: false,
    employer: EMPLOYER,
    consultant: null,
    work_type: 'full_time',
    classification: null,
    location: 'Lyon',
    tags: [],
    advert_start_at: '2025-01-01T00:00:00.000Z',
    advert_end_at: '2025-02-01T00:00:00.000Z',
    posted_at: '2025-01-01T00:00:00.000Z',
    created_at: '2024-12-20T10:00:00.000Z',
    applications_count: n,
    ...over,
  };
}

export function detail(n: number, over: Partial<JobDetail> = {}): JobDetail {
  return {
    ...summary(n),
    employer: { ...EMPLOYER, credit_balance: 4 },
    product: null,
    pay_type: null,
    pay_min_cents: null,
    pay_max_cents: null,
    salary_min_cents: null,
    salary_max_cents: null,
    currency: 'EUR',
    description: '<p>Drive <strong>forklifts</strong>.</p>',
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
    updated_at: '2025-01-02T00:00:00.000Z',
    screening_questions: [],
    status_history: [],
    allowed_actions: [],
    ...over,
  };
}

export type Handler = (method: string, url: URL, body: unknown, headers: Headers) => unknown;
export interface FakeApi {
  /** `METHOD /path?query` of every request, with ` <json body>` when it had one. */
  calls: string[];
}

/** A fake API: `routes` answers first (return undefined to pass), then lookups, then 404. */
export function fakeApi(routes: Handler): FakeApi {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://portal.test');
      const method = init?.method ?? 'GET';
      const raw = typeof init?.body === 'string' ? init.body : undefined;
      calls.push(`${method} ${url.pathname}${url.search}${raw ? ` ${raw}` : ''}`);
      const answer = routes(method, url, raw ? (JSON.parse(raw) as unknown) : undefined, new Headers(init?.headers));
      if (answer instanceof Response) return answer;
      if (answer !== undefined) return Response.json(answer);
      if (url.pathname === '/portal/v1/site/field-options')
        return Response.json({
          work_type: [{ value: 'full_time', label: 'Full time' }],
          pay_type: [],
          classification: [{ value: 'logistics', label: 'Logistics' }],
          industry: [],
          employer_size: [],
          visa_type: [],
          apply_type: [],
        });
      if (url.pathname.startsWith('/portal/v1/site/lookups/')) return Response.json([EMPLOYER]);
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return { calls };
}

export const cleanup = unmountApp;

/** Opens `path` in the whole app as a site user holding `permissions` on the site `acme/jobs`. */
export function openApp(path: string, permissions: string[]) {
  return mountApp(path, {
    user: {
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Sofia Martinez',
      email: 'manager@acme.test',
      avatar: null,
      permissions: { [`site:${S}`]: permissions },
      accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
    },
    scope: { accountId: A, siteId: S, employerId: null },
  });
}

export { type };

export const buttons = (scope: ParentNode = document) => [...scope.querySelectorAll<HTMLElement>('button, [role="button"], a')];
export const byText = (text: string, scope: ParentNode = document) => buttons(scope).find((b) => b.textContent?.trim() === text);
export const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

/** The first element matching `selector`, once it is there. */
export function find<T extends HTMLElement = HTMLElement>(selector: string): Promise<T> {
  return vi.waitFor(
    () => {
      const el = document.querySelector<T>(selector);
      if (!el) throw new Error(`Nothing matches ${selector}`);
      return el;
    },
    { timeout: 5000 },
  );
}
