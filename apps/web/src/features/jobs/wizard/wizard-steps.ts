import type { JobDetail } from '@hireline/contract/job-model';
import { WIZARD_STEPS, type WizardStep } from './job-wizard.search';

/** A draft ends with payment; a job already posted is edited in place, so its last step is the overview. */
export function stepsFor(job: JobDetail | undefined): readonly WizardStep[] {
  return !job || job.status === 'draft' ? WIZARD_STEPS : WIZARD_STEPS.filter((s) => s !== 'payment');
}

/** Which step saves which body fields: a 422 on posting points the user to the step that owns the field. */
export const STEP_FIELDS: Record<Exclude<WizardStep, 'overview' | 'payment'>, readonly string[]> = {
  details: [
    'title',
    'reference_number',
    'employer_id',
    'consultant_id',
    'work_type',
    'pay_type',
    'classification',
    'pay_min_cents',
    'pay_max_cents',
    'salary_min_cents',
    'salary_max_cents',
    'currency',
    'location',
    'description',
  ],
  additional: ['key_selling_points', 'links', 'banner_file_id', 'tags'],
  application: ['apply_type', 'application_url', 'application_emails', 'advert_start_at', 'advert_end_at'],
  screening: ['screening_questions'],
};

export function stepOfField(field: string): WizardStep {
  const root = field.split('.')[0] ?? field;
  for (const [step, fields] of Object.entries(STEP_FIELDS)) if (fields.includes(root)) return step as WizardStep;
  return 'payment';
}

const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim().length > 0;

/** Where the application goes is set and the advert has its dates: what posting needs from step 3. */
function applicationDone(job: JobDetail): boolean {
  const target =
    job.apply_type === 'url' ? Boolean(job.application_url) : job.apply_type === 'email' ? job.application_emails.length > 0 : true;
  return target && Boolean(job.advert_start_at && job.advert_end_at);
}

/**
 * Where a saved job resumes. Steps 1 and 3 hold what an advert needs, so they are done when that is filled in;
 * steps 2 and 4 are optional, so they count as done once they hold something or a later step does. A clone (no
 * product, no advert dates) resumes at Application Preferences.
 */
export function firstIncompleteStep(job: JobDetail): WizardStep {
  if (job.status !== 'draft') return 'details';
  if (!job.title || !hasText(job.description)) return 'details';
  const product = Boolean(job.product);
  const questions = job.screening_questions.length > 0;
  const app = applicationDone(job);
  const additional = job.key_selling_points.length > 0 || job.links.length > 0 || Boolean(job.banner) || job.tags.length > 0;
  if (!additional && !app && !questions && !product) return 'additional';
  if (!app) return 'application';
  if (!questions && !product) return 'screening';
  return product ? 'payment' : 'overview';
}

/** The step to show: the one asked for when it exists for this job, else where the job resumes. */
export function resolveStep(job: JobDetail | undefined, asked: WizardStep | undefined): WizardStep {
  if (!job) return 'details';
  const steps = stepsFor(job);
  if (asked && steps.includes(asked)) return asked;
  if (asked === 'payment') return 'overview';
  return firstIncompleteStep(job);
}
