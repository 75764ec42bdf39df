import type { ApplicationDetail, ApplicationStage, ApplicationSummary } from '@hireline/contract/applications';
import { applicationStatuses } from '@hireline/contract/enums';
import { EMPLOYER, FIELD_OPTIONS, fakeApi as siteApi, fieldOptions, type Handler } from '../../test/site-fixtures';

/* Shared by the applications component tests: applications and stages as the API sends them, on the site pages' harness. */

export { buttons, byText, cleanup, dialog, find, main, openApp, type } from '../../test/site-fixtures';

export const id = (n: number) => `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`;
export const JOB = { id: '00000000-0000-4000-8000-000000000201', title: 'Forklift driver', reference_number: 'REF-1' };

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
    allowed_actions: ['status', 'disable', 'delete', 'update_tags'],
    ...over,
  };
}

/** The site's stages and the job lookup, as the applications screens ask for them. */
const stagesAndJobs: Handler = (_method, url) => {
  if (url.pathname === '/portal/v1/site/application-stages') return STAGES;
  if (url.pathname === '/portal/v1/site/lookups/jobs') return [{ id: JOB.id, name: JOB.title, reference_number: JOB.reference_number, employer_name: EMPLOYER.name }];
  return undefined;
};

/** A fake API: `routes` answers first (return undefined to pass), then stages, lookups and field options, then 404. */
export const fakeApi = (routes: Handler) =>
  siteApi(routes, stagesAndJobs, fieldOptions({ ...FIELD_OPTIONS, visa_type: [{ value: 'work_visa', label: 'Work visa' }] }));
