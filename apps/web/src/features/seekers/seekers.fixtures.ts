import { expect } from 'vitest';
import type { ApplicationSummary, FileRef } from '@hireline/contract/applications';
import type { SeekerDetail, SeekerSummary } from '@hireline/contract/seekers';
import { fakeApi, fieldOptions, type FakeApi, type Handler } from '../../test/site-fixtures';
import { waitFor } from '../../test/wait';

/*
 * Shared by the seekers component tests. The harness (whole app, signed-in site user, faked fetch) is the site
 * pages' one; this adds seekers, their files and applications, and the site's work and visa types.
 */

export { buttons, byText, cleanup, dialog, find, openApp, type } from '../../test/site-fixtures';

export const sid = (n: number) => `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`;
export const fid = (n: number) => `00000000-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`;
export const aid = (n: number) => `00000000-0000-4000-8000-0000000007${String(n).padStart(2, '0')}`;

export const FIELD_OPTIONS = {
  work_type: [
    { value: 'full_time', label: 'Full time' },
    { value: 'casual', label: 'Casual' },
  ],
  pay_type: [],
  classification: [],
  industry: [],
  employer_size: [],
  visa_type: [
    { value: 'citizen', label: 'Citizen' },
    { value: 'work_visa', label: 'Work visa' },
  ],
  apply_type: [],
};

export function seeker(n: number, over: Partial<SeekerSummary> = {}): SeekerSummary {
  return {
    id: sid(n),
    profile_id: `P-000${n}`,
    name: `Seeker ${n}`,
    email: `seeker${n}@mail.test`,
    phone: '+33 6 12 34 56 78',
    location: 'Lyon',
    visa_type: 'work_visa',
    desired_work_type: 'full_time',
    tags: [],
    enabled: true,
    erased: false,
    created_at: '2025-01-10T09:00:00.000Z',
    last_active_at: '2025-02-01T12:00:00.000Z',
    ...over,
  };
}

export function file(n: number, over: Partial<FileRef> = {}): FileRef {
  const base = { id: fid(n), name: `file-${n}.pdf`, mime: 'application/pdf', size: 120_000, kind: 'document' as const };
  return { ...base, created_at: '2025-01-11T00:00:00.000Z', ...over };
}

const ALL_ACTIONS: SeekerDetail['allowed_actions'] = ['disable', 'delete', 'export', 'erase', 'update_tags'];

export function detail(n: number, over: Partial<SeekerDetail> = {}): SeekerDetail {
  return {
    ...seeker(n),
    email_verified_at: '2025-01-10T09:05:00.000Z',
    disabled_at: null,
    erased_at: null,
    resume: file(1, { name: 'cv.pdf', kind: 'resume' }),
    documents: [file(2, { name: 'visa.docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })],
    applications_count: 2,
    allowed_actions: ALL_ACTIONS,
    ...over,
  };
}

export function application(n: number, over: Partial<ApplicationSummary> = {}): ApplicationSummary {
  return {
    id: aid(n),
    status: 'shortlisted',
    status_changed_at: '2025-01-15T00:00:00.000Z',
    enabled: true,
    knocked_out: false,
    source: 'board',
    candidate: { id: sid(1), name: 'Seeker 1', email: 'seeker1@mail.test' },
    job: { id: `00000000-0000-4000-8000-0000000008${String(n).padStart(2, '0')}`, title: `Forklift driver ${n}`, reference_number: `REF-${n}` },
    employer: { id: '00000000-0000-4000-8000-000000000301', name: 'Acme Logistics' },
    tags: [],
    created_at: '2025-01-12T00:00:00.000Z',
    ...over,
  };
}

/** The site pages' fake API with the seekers' field options; `routes` answers first. */
export const seekersApi = (routes: Handler): FakeApi => fakeApi(routes, fieldOptions(FIELD_OPTIONS));

/** Opens MUI's select labelled `label` like a user (mouse down) and returns its options. */
export async function openSelect(label: string): Promise<HTMLElement[]> {
  const select = [...document.querySelectorAll<HTMLElement>('[role="combobox"]')].find((el) =>
    el.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent === label),
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
