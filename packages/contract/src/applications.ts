import { z } from 'zod';
import { endpoint } from './endpoint';
import { feedbackFields } from './feedback';
import { booleanFilter, dateFilter, listQuery, manyFilter, paginated, timestamp, uuid, uuidParams } from './common';
import { applicationStatuses, screeningQuestionTypes } from './enums';
import { jobFieldsShape, tag } from './job-model';
import { messages } from './messages';

/*
 * Applications of the selected site (an employer user: to their employer's jobs). Staff move them between any two
 * of the first nine statuses; Withdrawn is set only by the candidate and is final (DESIGN §5). Every change is
 * written to the status history and may email the site's admins, the job's consultant and the candidate, queued
 * once per change and recipient.
 */

const tags = ['applications'];
const status = z.enum(applicationStatuses, { error: messages.invalid });

export const applicationSorts = [
  '-created_at',
  'created_at',
  '-status_changed_at',
  'status_changed_at',
  'candidate_name',
  '-candidate_name',
  'job_title',
  '-job_title',
] as const;

/** Filters shared by the list, its stage counts and the CSV export. */
export const applicationFilters = listQuery.pick({ q: true }).extend({
  status: manyFilter(status).optional(),
  job_id: uuid.optional(),
  employer_id: uuid.optional(),
  consultant_id: uuid.optional(),
  created_from: dateFilter.optional(),
  created_to: dateFilter.optional(),
  tags: manyFilter(tag).optional(),
  knocked_out: booleanFilter.optional(),
  enabled: booleanFilter.optional(),
});

export const applicationListQuery = applicationFilters.extend({
  page: listQuery.shape.page,
  per_page: listQuery.shape.per_page,
  sort: z.enum(applicationSorts, { error: messages.invalid }).default('-created_at'),
});

export const applicationSummary = z.object({
  id: uuid,
  status,
  status_changed_at: timestamp,
  enabled: z.boolean(),
  knocked_out: z.boolean(),
  source: z.string(),
  candidate: z.object({ id: uuid, name: z.string(), email: z.string() }),
  job: z.object({ id: uuid, title: z.string(), reference_number: z.string().nullable() }),
  employer: z.object({ id: uuid, name: z.string() }),
  tags: z.array(z.string()),
  created_at: timestamp,
});
export type ApplicationSummary = z.infer<typeof applicationSummary>;

export const listApplications = endpoint({
  method: 'GET',
  path: '/v1/applications',
  summary:
    "The selected site's applications (an employer user: to their employer's jobs), filtered, searched (candidate name, email, job title), sorted and paged; `Accept: text/csv` exports the filtered list",
  tags,
  access: { subject: 'applications', action: 'view' },
  query: applicationListQuery,
  response: paginated(applicationSummary),
});

export const countApplications = endpoint({
  method: 'GET',
  path: '/v1/applications/counts',
  summary: 'How many applications match the filters in each status (the stage tabs); the status filter is ignored',
  tags,
  access: { subject: 'applications', action: 'view' },
  query: applicationFilters,
  response: z.object({
    total: z.number().int(),
    by_status: z.array(z.object({ status, count: z.number().int() })),
    /**
     * True when more applications match than the lists count exactly (10,000, as a list's `meta.estimated`): each
     * count is then an estimate, never less than the applications seen in that status.
     */
    estimated: z.boolean().optional(),
  }),
});

export const fileRef = z.object({
  id: uuid,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  kind: z.enum(['resume', 'document']),
  created_at: timestamp,
});
export type FileRef = z.infer<typeof fileRef>;

/** What staff can do to an application; the overview lists those allowed now (DESIGN §5). */
export const applicationActions = ['status', 'enable', 'disable', 'delete', 'update_tags'] as const;
export type ApplicationAction = (typeof applicationActions)[number];

export const applicationDetail = applicationSummary.extend({
  candidate: applicationSummary.shape.candidate.extend({
    phone: z.string().nullable(),
    profile_id: z.string(),
    visa_type: z.string().nullable(),
    desired_work_type: z.string().nullable(),
    location: z.string().nullable(),
    erased: z.boolean(),
  }),
  consultant: z.object({ id: uuid, name: z.string() }).nullable(),
  cover_letter: z.string().nullable(),
  resume: fileRef.nullable(),
  withdrawn_at: timestamp.nullable(),
  updated_at: timestamp,
  /**
   * What the caller may do now. `status`: move it to any staff status but its own (never once withdrawn);
   * `enable`/`disable`: whichever it is not; `update_tags`: change its tags.
   */
  allowed_actions: z.array(z.enum(applicationActions)),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

export const getApplication = endpoint({
  method: 'GET',
  path: '/v1/applications/:uuid/overview',
  summary: 'One application: candidate, job, status, source, dates, and the actions allowed now',
  tags,
  access: { subject: 'applications', action: 'view' },
  params: uuidParams,
  response: applicationDetail,
});

export const applicationAnswer = z.object({
  question_id: z.string(),
  label: z.string(),
  type: z.enum(screeningQuestionTypes),
  answer: z.union([z.string(), z.array(z.string()), z.number(), z.boolean()]).nullable(),
  knocked_out: z.boolean(),
});

export const getApplicationAnswers = endpoint({
  method: 'GET',
  path: '/v1/applications/:uuid/answers',
  summary: 'The answers to the screening questions as asked when the candidate applied, with knock-out results',
  tags,
  access: { subject: 'applications', action: 'view' },
  params: uuidParams,
  response: z.object({ knocked_out: z.boolean(), answers: z.array(applicationAnswer) }),
});

export const getApplicationDocuments = endpoint({
  method: 'GET',
  path: '/v1/applications/:uuid/documents',
  summary: "The resume sent with the application and the candidate's documents; download each through /files/{id}",
  tags,
  access: { subject: 'applications', action: 'view' },
  params: uuidParams,
  response: z.object({ documents: z.array(fileRef) }),
});

export const fileParams = z.object({ uuid, file: uuid });
export const fileQuery = z.object({
  /** `inline` to show a PDF in the page; `attachment` (default) to download. */
  disposition: z.enum(['inline', 'attachment'], { error: messages.invalid }).default('attachment'),
});

export const downloadApplicationFile = endpoint({
  method: 'GET',
  path: '/v1/applications/:uuid/files/:file',
  summary: "A document of the application (its resume or one of the candidate's), with its content type",
  tags,
  access: { subject: 'applications', action: 'view' },
  params: fileParams,
  query: fileQuery,
  response: z.unknown().describe('The file bytes'),
});

const flag = z.boolean({ error: (i) => (i.input === undefined ? messages.required : messages.invalid) });
export const notifyChoice = z.strictObject(
  { admin: flag, consultants: flag, candidate: flag },
  { error: (i) => (i.input === undefined ? messages.required : messages.invalid) },
);
export type NotifyChoice = z.infer<typeof notifyChoice>;

export const statusHistoryEntry = z.object({
  id: uuid,
  from_status: status.nullable(),
  to_status: status,
  actor: z.object({ type: z.enum(['user', 'candidate', 'system']), name: z.string().nullable() }),
  notify: notifyChoice,
  created_at: timestamp,
});

export const getApplicationHistory = endpoint({
  method: 'GET',
  path: '/v1/applications/:uuid/history',
  summary: 'Every status change of the application, oldest first: who, when, from, to, and who was emailed',
  tags,
  access: { subject: 'applications', action: 'view' },
  params: uuidParams,
  response: z.object({ history: z.array(statusHistoryEntry) }),
});

const tagsResponse = z.object({ tags: z.array(z.string()) });

export const getApplicationTags = endpoint({
  method: 'GET',
  path: '/v1/applications/:uuid/tags',
  summary: "An application's tags",
  tags,
  access: { subject: 'applications', action: 'view' },
  params: uuidParams,
  response: tagsResponse,
});

export const setApplicationTags = endpoint({
  method: 'PUT',
  path: '/v1/applications/:uuid/tags',
  summary: "Replace an application's tags (lower-cased, duplicates dropped)",
  tags,
  access: { subject: 'applications', action: 'update' },
  params: uuidParams,
  body: z.strictObject({ tags: jobFieldsShape.tags.unwrap() }),
  response: tagsResponse,
});

export const seekerApplicationFeedback = feedbackFields.extend({
  created_at: timestamp,
  updated_at: timestamp,
});

export const getSeekerApplicationFeedback = endpoint({
  method: 'GET',
  path: '/v1/applications/:uuid/seeker-application-feedback',
  summary: "The candidate's feedback on the application process (null until they give it on the job board)",
  tags,
  access: { subject: 'applications', action: 'view' },
  params: uuidParams,
  response: z.object({ feedback: seekerApplicationFeedback.nullable() }),
});

export const applicationStage = z.object({
  status,
  label: z.string(),
  color: z.string(),
  position: z.number().int(),
  visible: z.boolean(),
  email_admin: z.boolean(),
  email_consultants: z.boolean(),
  email_candidate: z.boolean(),
});
export type ApplicationStage = z.infer<typeof applicationStage>;

export const listApplicationStages = endpoint({
  method: 'GET',
  path: '/v1/site/application-stages',
  summary: "The selected site's stages: every application status in order, with label, colour, visibility and who is emailed by default",
  tags,
  access: { subject: 'applications', action: 'view' },
  response: z.array(applicationStage),
});

export const pickJobs = endpoint({
  method: 'GET',
  path: '/v1/site/lookups/jobs',
  summary: "Jobs of the selected site the caller may view, by title or reference number, newest first, at most 50",
  tags,
  access: { subject: 'applications', action: 'view' },
  query: z.object({ q: z.string().trim().max(100).optional() }),
  // The reference and the employer tell apart jobs that share a title.
  response: z.array(z.object({ id: uuid, name: z.string(), reference_number: z.string().nullable(), employer_name: z.string() })),
});

