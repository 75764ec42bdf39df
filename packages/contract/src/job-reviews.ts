import { z } from 'zod';
import { endpoint } from './endpoint';
import { feedbackFields } from './feedback';
import { listQuery, paginated, timestamp, uuid, uuidParams } from './common';
import { flagReportStatuses, jobStatuses } from './enums';
import { messages } from './messages';

/* What the public says about jobs: reports that flag a job (spec §3 flagged job report) and job feedback. */

const jobRef = z.object({
  id: uuid,
  title: z.string(),
  reference_number: z.string().nullable(),
  status: z.enum(jobStatuses),
  employer: z.object({ id: uuid, name: z.string() }),
});

export const flagReport = z.object({
  id: uuid,
  /** When the report was made. */
  date: timestamp,
  reason: z.string(),
  additional_comments: z.string().nullable(),
  reporter_email: z.string().nullable(),
  status: z.enum(flagReportStatuses),
  resolved_at: timestamp.nullable(),
});

export const flaggedJob = z.object({
  job: jobRef,
  open_reports: z.number().int(),
  latest_report_at: timestamp,
  /** The newest open report, for the list. */
  latest_reason: z.string(),
});

export const listFlaggedJobs = endpoint({
  method: 'GET',
  path: '/v1/site/flagged-jobs',
  summary: 'Jobs of the selected site with open reports, most recently reported first',
  tags: ['flagged-jobs'],
  access: { subject: 'flagged_jobs', action: 'view' },
  query: listQuery.pick({ page: true, per_page: true, q: true }),
  response: paginated(flaggedJob),
});

export const getFlaggedJob = endpoint({
  method: 'GET',
  path: '/v1/site/flagged-jobs/:uuid',
  summary: "One job's reports (uuid = the job), open ones first",
  tags: ['flagged-jobs'],
  access: { subject: 'flagged_jobs', action: 'view' },
  params: uuidParams,
  response: z.object({ job: jobRef, reports: z.array(flagReport) }),
});

export const dismissFlags = endpoint({
  method: 'POST',
  path: '/v1/site/flagged-jobs/:uuid/dismiss',
  summary: "Dismiss a job's open reports: the job stays as it is and is no longer flagged",
  tags: ['flagged-jobs'],
  access: { subject: 'flagged_jobs', action: 'update' },
  params: uuidParams,
  response: z.object({ resolved: z.number().int() }),
});

export const takeDownFlaggedJob = endpoint({
  method: 'POST',
  path: '/v1/site/flagged-jobs/:uuid/take-down',
  summary: "Act on a job's open reports: a live job is unlisted (relist later if it was a mistake) and the reports are closed",
  tags: ['flagged-jobs'],
  access: { subject: 'flagged_jobs', action: 'update' },
  params: uuidParams,
  body: z.strictObject({ reason: z.string({ error: messages.invalid }).trim().max(1000).optional() }),
  response: z.object({ resolved: z.number().int(), status: z.enum(jobStatuses) }),
});

export const jobFeedback = feedbackFields.extend({
  id: uuid,
  /** The same text as `additional_feedback`, kept for clients written before the shared shape. */
  comment: z.string().nullable(),
  seeker_name: z.string().nullable(),
  created_at: timestamp,
});

export const listJobFeedbacks = endpoint({
  method: 'GET',
  path: '/v1/site/job-feedbacks/:uuid',
  summary: 'Feedback candidates left on a job (uuid = the job), newest first',
  tags: ['job-feedbacks'],
  access: { subject: 'job_feedbacks', action: 'view' },
  params: uuidParams,
  query: listQuery.pick({ page: true, per_page: true }),
  response: paginated(jobFeedback),
});

export const jobAverageRating = endpoint({
  method: 'GET',
  path: '/v1/site/job-feedbacks/:uuid/average-rating',
  summary: "A job's average feedback rating (null without feedback) and how many ratings it is based on",
  tags: ['job-feedbacks'],
  access: { subject: 'job_feedbacks', action: 'view' },
  params: uuidParams,
  response: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
