import { expect } from 'vitest';
import type { EmployerUser } from '@hireline/contract/employer-users';
import type { EmployerDetail, EmployerSummary } from '@hireline/contract/employers';
import type { JobSummary } from '@hireline/contract/job-model';
import { mountApp } from '../../test/app-harness';
import { A, EMPLOYER, FIELD_OPTIONS, S, fakeApi, fieldOptions, type FakeApi, type Handler } from '../../test/site-fixtures';
import { waitFor } from '../../test/wait';

/*
 * Shared by the employers component tests. The harness (whole app, signed-in site user, faked fetch) is the site
 * pages' one; this adds employers, their users and jobs, the employer types and the site's industry and size options.
 */

export { buttons, byText, cleanup, dialog, find, openApp, type } from '../../test/site-fixtures';

export const eid = (n: number) => `00000000-0000-4000-8000-0000000009${String(n).padStart(2, '0')}`;
export const uid = (n: number) => `00000000-0000-4000-8000-0000000010${String(n).padStart(2, '0')}`;
/** The signed-in user of `openApp`. */
export const ME = '00000000-0000-4000-8000-000000000003';

export const EMPLOYER_OPTIONS = {
  ...FIELD_OPTIONS,
  industry: [
    { value: 'logistics', label: 'Logistics' },
    { value: 'retail', label: 'Retail' },
  ],
  employer_size: [
    { value: '1-10', label: '1–10 people' },
    { value: '11-50', label: '11–50 people' },
  ],
};

export function employer(n: number, over: Partial<EmployerSummary> = {}): EmployerSummary {
  return {
    id: eid(n),
    business_name: `Employer ${n}`,
    type: 'business',
    registration_number: `RN-${n}`,
    industry: 'logistics',
    contact_name: `Contact ${n}`,
    contact_email: `contact${n}@employer.test`,
    phone: '+33 1 23 45 67 89',
    status: 'active',
    enabled: true,
    credit_balance: n * 10,
    jobs_count: n,
    logo: null,
    created_at: '2025-01-10T09:00:00.000Z',
    ...over,
  };
}

/** An active, enabled employer to a site admin: everything but approve, reject and enable. */
export const ALL_ACTIONS: EmployerDetail['allowed_actions'] = ['update', 'disable', 'delete', 'manage_users'];
export const NO_ACTIONS: EmployerDetail['allowed_actions'] = [];

export function detail(n: number, over: Partial<EmployerDetail> = {}): EmployerDetail {
  return {
    ...employer(n),
    website: 'https://employer.test',
    size: '11-50',
    address: { line1: '1 Rue de la Paix', line2: null, city: 'Lyon', region: null, postcode: '69001', country: 'France' },
    about: 'We move things.',
    rejection_reason: null,
    approved_at: '2025-01-11T09:00:00.000Z',
    rejected_at: null,
    live_jobs_count: 2,
    applications_count: 12,
    users_count: 2,
    relistable_jobs_count: 0,
    delete_blocked_reason: null,
    allowed_actions: ALL_ACTIONS,
    ...over,
  };
}

export function member(n: number, over: Partial<EmployerUser> = {}): EmployerUser {
  return {
    id: uid(n),
    name: `User ${n}`,
    email: `user${n}@employer.test`,
    avatar: null,
    role: { key: 'employer-admin', name: 'Employer admin' },
    status: 'active',
    member_since: '2025-01-12T09:00:00.000Z',
    last_active_at: '2025-02-01T12:00:00.000Z',
    ...over,
  };
}

export const ROLES = [
  { key: 'employer-admin', name: 'Employer admin' },
  { key: 'recruiter', name: 'Recruiter' },
];

export function job(n: number, over: Partial<JobSummary> = {}): JobSummary {
  return {
    id: `00000000-0000-4000-8000-0000000011${String(n).padStart(2, '0')}`,
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
    allowed_actions: [],
    ...over,
  };
}

const employerTypes: Handler = (method, url) =>
  method === 'GET' && url.pathname === '/portal/v1/employer-types'
    ? [
        { value: 'business', label: 'Business' },
        { value: 'household', label: 'Household' },
      ]
    : undefined;

/** The site pages' fake API with the employer types and field options; `routes` answers first. */
export const employersApi = (routes: Handler): FakeApi => fakeApi(routes, employerTypes, fieldOptions(EMPLOYER_OPTIONS));

/** `METHOD /path body` of the requests that changed something. */
export const mutations = (calls: string[]) => calls.filter((c) => !c.startsWith('GET'));

/** Opens `path` as a user holding `permissions` on the site, acting for `employerId` (the selected employer). */
export function openAsEmployer(path: string, permissions: string[], employerId: string | null) {
  return mountApp(path, {
    user: {
      id: ME,
      name: 'Sofia Martinez',
      email: 'manager@acme.test',
      avatar: null,
      permissions: { [`site:${S}`]: permissions },
      accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
    },
    scope: { accountId: A, siteId: S, employerId },
  });
}

/** The control a visible label names (MUI adds " *" to required labels). */
export function field<T extends HTMLElement = HTMLInputElement>(label: string, scope: ParentNode = document): T {
  const el = [...scope.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  const control = el?.htmlFor ? document.getElementById(el.htmlFor) : null;
  if (!control) throw new Error(`No field labelled ${label}`);
  return control as T;
}

/** The helper text under the field labelled `label` (its error, once there is one). */
export function helperOf(label: string, scope: ParentNode = document): string | undefined {
  const control = field(label, scope);
  const id = control.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? undefined) : undefined;
}

/** Opens MUI's select labelled `label` like a user (mouse down) and returns its options. */
export async function openSelect(label: string): Promise<HTMLElement[]> {
  const select = [...document.querySelectorAll<HTMLElement>('[role="combobox"]')].find(
    (el) =>
      el.getAttribute('aria-label') === label ||
      el.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent?.replace(/\s*\*$/, '') === label),
  );
  if (!select) throw new Error(`No select labelled ${label}`);
  // The menu of the previous pick fades out first; its options are not this select's.
  await waitFor(() => expect(document.querySelector('[role="listbox"]')).toBeNull());
  select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  return waitFor(() => {
    const options = [...document.querySelectorAll<HTMLElement>('[role="option"]')];
    if (!options.length) throw new Error(`No options for ${label}`);
    return options;
  });
}

/** Picks `option` in the select labelled `label`. */
export async function choose(label: string, option: string) {
  const options = await openSelect(label);
  const found = options.find((o) => o.textContent === option);
  if (!found) throw new Error(`No option ${option} in ${label}: ${options.map((o) => o.textContent).join(', ')}`);
  found.click();
}
