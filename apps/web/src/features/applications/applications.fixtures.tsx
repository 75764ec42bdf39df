import { vi } from 'vitest';
import type { ApplicationDetail, ApplicationStage, ApplicationSummary } from '@hireline/contract/applications';
import { applicationStatuses } from '@hireline/contract/enums';
import { mountApp, type, unmountApp } from '../../test/app-harness';

/* Shared by the applications component tests: the whole app with a signed-in site user and a fake API behind fetch. */

export const A = '00000000-0000-4000-8000-00000000000a';
export const S = '00000000-0000-4000-8000-0000000000a1';
export const id = (n: number) => `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`;
export const JOB = { id: '00000000-0000-4000-8000-000000000201', title: 'Forklift driver', reference_number: 'REF-1' };
const EMPLOYER = { id: '00000000-0000-4000-8000-000000000301', name: 'Acme Logistics' };

const COLORS = ['#7367F0', '#00BAD1', '#28C76F', '#FF9F43', '#4B7BEC', '#A55EEA', '#20BF6B', '#0F9D58', '#EA5455', '#808390'];
/** The site's stages as the seed has them, with Registered hidden and site-specific labels for two of them. */
export const STAGES: ApplicationStage[] = applicationStatuses.map((status, position) => ({
  status,
  label: status === 'shortlisted' ? 'Shortlist' : status === 'new' ? 'New' : status[0]!.toUpperCase() + status.slice(1),
  color: COLORS[position]!,
  position,
  visible: status !== 'registered',
  email_admin: false,
  email_consultants: status === 'shortlisted',
  email_candidate: status === 'shortlisted' || status === 'unsuccessful',
}));

export function summary(n: number, over: Partial<ApplicationSummary> = {}): ApplicationSummary {
  return {
    id: id(n),
    status: 'applied',
    status_changed_at: '2025-01-05T10:00:00.000Z',
    enabled: true,
    knocked_out: false,
    source: 'job board',
    candidate: { id: `00000000-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`, name: `Candidate ${n}`, email: `c${n}@example.test` },
    job: JOB,
    employer: EMPLOYER,
    tags: [],
    created_at: '2025-01-02T10:00:00.000Z',
    ...over,
  };
}

export function detail(n: number, over: Partial<ApplicationDetail> = {}): ApplicationDetail {
  const base = summary(n);
  return {
    ...base,
    candidate: {
      ...base.candidate,
      phone: '+33 1 23 45 67 89',
      profile_id: `P-00${n}`,
      visa_type: 'work_visa',
      desired_work_type: 'full_time',
      location: 'Lyon',
      erased: false,
    },
    consultant: { id: '00000000-0000-4000-8000-000000000401', name: 'Chloé Consultant' },
    cover_letter: 'I have driven forklifts for ten years.',
    resume: null,
    withdrawn_at: null,
    updated_at: '2025-01-06T10:00:00.000Z',
    actions: { statuses: applicationStatuses.filter((s) => s !== 'withdrawn'), enable: false, disable: true, delete: true, update_tags: true },
    ...over,
  };
}

export type Handler = (method: string, url: URL, body: unknown, headers: Headers) => unknown;

/** A fake API: `routes` answers first (return undefined to pass), then stages, lookups and field options, then 404. */
export function fakeApi(routes: Handler) {
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
      if (url.pathname === '/portal/v1/site/application-stages') return Response.json(STAGES);
      if (url.pathname === '/portal/v1/site/lookups/jobs')
        return Response.json([{ id: JOB.id, name: JOB.title, reference_number: JOB.reference_number }]);
      if (url.pathname.startsWith('/portal/v1/site/lookups/')) return Response.json([EMPLOYER]);
      if (url.pathname === '/portal/v1/site/field-options')
        return Response.json({
          work_type: [{ value: 'full_time', label: 'Full time' }],
          pay_type: [],
          classification: [],
          industry: [],
          employer_size: [],
          visa_type: [{ value: 'work_visa', label: 'Work visa' }],
          apply_type: [],
        });
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

export const buttons = (scope: ParentNode = document) =>
  [...scope.querySelectorAll<HTMLElement>('button, [role="button"], a, [role="tab"], [role="menuitem"]')];
export const byText = (text: string, scope: ParentNode = document) => buttons(scope).find((b) => b.textContent?.trim() === text);
export const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
export const main = () => document.querySelector('main')!;

/** The first element matching `selector`, once it is there. */
export function find<T extends HTMLElement = HTMLElement>(selector: string, scope: ParentNode = document): Promise<T> {
  return vi.waitFor(
    () => {
      const el = scope.querySelector<T>(selector);
      if (!el) throw new Error(`Nothing matches ${selector}`);
      return el;
    },
    { timeout: 5000 },
  );
}
