import type { JobDetail, JobSummary } from '@hireline/contract/job-model';
import { EMPLOYER, FIELD_OPTIONS, fakeApi as siteApi, fieldOptions, type FakeApi, type Handler } from '../../test/site-fixtures';

/* Shared by the jobs component tests: jobs as the API sends them, on the site pages' test harness. */

export { buttons, byText, cleanup, dialog, find, openApp, type } from '../../test/site-fixtures';

export const id = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;

/** What a manager may do to a job of each status, as the API's policy answers. */
const MANAGER_ACTIONS: Record<JobSummary['status'], JobSummary['allowed_actions']> = {
  draft: ['edit', 'post', 'delete', 'clone'],
  pending: ['edit', 'approve', 'reject', 'delete', 'clone'],
  live: ['edit', 'unlist', 'expire', 'delete', 'clone'],
  unlisted: ['edit', 'relist', 'expire', 'delete', 'clone'],
  expired: ['delete', 'clone'],
  rejected: ['edit', 'delete', 'clone'],
};

export function summary(n: number, over: Partial<JobSummary> = {}): JobSummary {
  return {
    allowed_actions: MANAGER_ACTIONS[over.status ?? 'live'],
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

/** A fake API: `routes` answers first (return undefined to pass), then the field options and lookups, then 404. */
export const fakeApi = (routes: Handler): FakeApi =>
  siteApi(routes, fieldOptions({ ...FIELD_OPTIONS, classification: [{ value: 'logistics', label: 'Logistics' }] }));
