import { expect } from 'vitest';
import type { ConsultantDetail, ConsultantSummary } from '@hireline/contract/consultants';
import type { JobSummary } from '@hireline/contract/job-model';
import { S } from '../../test/site-fixtures';
import { waitFor } from '../../test/wait';

/*
 * Shared by the consultants component tests: the site pages' harness (whole app, signed-in site user on acme/jobs,
 * faked fetch) plus consultants and jobs.
 */

export { A, S, buttons, byText, cleanup, dialog, fakeApi, find, openApp, type } from '../../test/site-fixtures';
export { labelled } from '../../test/app-harness';

export const cid = (n: number) => `00000000-0000-4000-8000-0000000009${String(n).padStart(2, '0')}`;
export const jid = (n: number) => `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`;

export function consultant(n: number, over: Partial<ConsultantSummary> = {}): ConsultantSummary {
  return {
    id: cid(n),
    name: `Consultant ${n}`,
    email: `consultant${n}@acme.test`,
    phone: '+33 1 23 45 67 89',
    title: 'Recruiter',
    photo: null,
    enabled: true,
    sites: [{ id: S, name: 'Acme Jobs' }],
    jobs_count: 2,
    created_at: '2025-01-10T09:00:00.000Z',
    ...over,
  };
}

export function detail(n: number, over: Partial<ConsultantDetail> = {}): ConsultantDetail {
  return {
    ...consultant(n),
    photo_file_id: null,
    user_id: null,
    applications_count: 0,
    updated_at: '2025-01-11T09:00:00.000Z',
    // What the API offers a site manager for an enabled consultant of their site only.
    allowed_actions: ['update', 'disable', 'delete', 'assign_jobs'],
    ...over,
  };
}

export function job(n: number, over: Partial<JobSummary> = {}): JobSummary {
  return {
    id: jid(n),
    title: `Forklift driver ${n}`,
    reference_number: `REF-${n}`,
    status: 'live',
    flagged: false,
    open_reports: 0,
    featured: false,
    employer: { id: '00000000-0000-4000-8000-000000000301', name: 'Acme Logistics' },
    consultant: null,
    work_type: null,
    classification: null,
    location: null,
    tags: [],
    advert_start_at: null,
    advert_end_at: null,
    posted_at: null,
    created_at: '2025-01-12T00:00:00.000Z',
    applications_count: 3,
    allowed_actions: [],
    ...over,
  };
}

export const page = <T>(data: T[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length } });

/** Opens MUI's select labelled `label` like a user (mouse down) and returns its options. */
export async function openSelect(label: string): Promise<HTMLElement[]> {
  const select = [...document.querySelectorAll<HTMLElement>('[role="combobox"]')].find((el) =>
    el.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent?.replace(/\s*\*$/, '') === label),
  );
  if (!select) throw new Error(`No select labelled ${label}`);
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
