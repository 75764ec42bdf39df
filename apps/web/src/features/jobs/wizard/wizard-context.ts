import type { z } from 'zod';
import type { BodyOf } from '@hireline/contract/endpoint';
import type { createJobBody, JobDetail, updateJobBody } from '@hireline/contract/job-model';
import type { createJob, updateJob } from '@hireline/contract/jobs';
import type { WizardStep } from './job-wizard.search';

export type JobBody = BodyOf<typeof updateJob> | BodyOf<typeof createJob>;
/** What a step's resolver hands over: the contract schema's parsed output, sent as the body. */
export type UpdateOutput = z.output<typeof updateJobBody>;
export type CreateOutput = z.output<typeof createJobBody>;

/** What the wizard gives each step. */
export interface StepContext {
  /** The saved job; undefined only on the first step of a new job. */
  job: JobDetail | undefined;
  /** New or a draft: saved as a draft and posted at the end; otherwise every save changes the advert itself. */
  draft: boolean;
  step: WizardStep;
  /** Creates the job (first save of a new one) or updates it with this step's fields; returns the saved job. */
  save: (body: JobBody) => Promise<JobDetail>;
  /** After a save: `next` opens the following step, `stay` keeps this one ("Save draft"). */
  saved: (job: JobDetail, then: 'next' | 'stay') => void;
  goTo: (step: WizardStep) => void;
  /** The previous step, when there is one. */
  back?: () => void;
  /** Whether this step holds unsaved changes (leaving then asks first). */
  setDirty: (dirty: boolean) => void;
}

// Moving between steps puts focus on the new step's heading, so keyboard and screen-reader users start there.
let focusPending = false;
export function requestHeadingFocus() {
  focusPending = true;
}
export function takeHeadingFocus(): boolean {
  const pending = focusPending;
  focusPending = false;
  return pending;
}
