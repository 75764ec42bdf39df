import { z } from 'zod';
import { endpoint } from './endpoint';
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

/** The statuses staff may set: every one but Withdrawn. */
export const staffStatuses = applicationStatuses.filter((s) => s !== 'withdrawn');
const staffStatus = z.enum(staffStatuses as [string, ...string[]], { error: messages.invalid }).transform((s) => s as (typeof staffStatuses)[number]);

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
  /** What the caller may do now: the statuses it may move to (none once withdrawn) and the other actions. */
  actions: z.object({
    statuses: z.array(status),
    enable: z.boolean(),
    disable: z.boolean(),
    delete: z.boolean(),
    update_tags: z.boolean(),
  }),
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

export const seekerApplicationFeedback = z.object({
  rating: z.number().int().min(1).max(5),
  employer_recommended: z.boolean(),
  additional_feedback: z.string().nullable(),
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

const ids = (max: number) =>
  z
    .array(uuid)
    .min(1, { error: messages.required })
    .max(max, { error: `At most ${max} applications at once.` })
    .transform((xs) => [...new Set(xs)]);

export const MAX_BULK_APPLICATIONS = 500;

export const statusChangeBody = z.strictObject({
  ids: ids(MAX_BULK_APPLICATIONS),
  status: staffStatus,
  notify: notifyChoice,
});

export const recipient = z.object({ name: z.string().nullable(), email: z.string() });

export const previewStatusChange = endpoint({
  method: 'POST',
  path: '/v1/applications/status/preview',
  summary:
    'What a status change would do, before it is made: how many applications change and from what, which are skipped and why, who would be emailed, and the email the candidates would get',
  tags,
  access: { subject: 'applications', action: 'status' },
  body: statusChangeBody,
  response: z.object({
    to: status,
    changing: z.number().int(),
    from: z.array(z.object({ status, count: z.number().int() })),
    skipped: z.array(z.object({ id: uuid, message: z.string() })),
    recipients: z.object({ admin: z.array(recipient), consultants: z.array(recipient), candidates: z.number().int() }),
    email: z.object({ subject: z.string(), html: z.string(), text: z.string() }).nullable(),
  }),
});

export const bulkApplicationActions = ['status', 'enable', 'disable', 'delete'] as const;

export const bulkResult = z.object({
  id: uuid,
  ok: z.boolean(),
  status: status.nullable(),
  message: z.string().nullable(),
});

export const bulkApplications = endpoint({
  method: 'POST',
  path: '/v1/applications/bulk',
  summary:
    'One action on several applications; each succeeds or fails on its own. `status` needs `status` and `notify`; moving one to the status it already has changes and emails nothing.',
  tags,
  access: { subject: 'applications', action: 'view' },
  body: z
    .strictObject({
      action: z.enum(bulkApplicationActions, { error: messages.invalid }),
      ids: ids(MAX_BULK_APPLICATIONS),
      status: staffStatus.optional(),
      notify: notifyChoice.optional(),
    })
    .refine((b) => b.action !== 'status' || b.status !== undefined, { path: ['status'], error: messages.required })
    .refine((b) => b.action !== 'status' || b.notify !== undefined, { path: ['notify'], error: messages.required }),
  response: z.object({ results: z.array(bulkResult) }),
});

export const changeApplicationStatus = endpoint({
  method: 'POST',
  path: '/v1/applications/:uuid/status',
  summary: 'Move one application to another status (409 once withdrawn), emailing whom `notify` says',
  tags,
  access: { subject: 'applications', action: 'status' },
  params: uuidParams,
  body: statusChangeBody.omit({ ids: true }),
  response: applicationDetail,
});

const toggle = (action: 'enable' | 'disable', summary: string) =>
  endpoint({
    method: 'POST',
    path: `/v1/applications/:uuid/${action}`,
    summary,
    tags,
    access: { subject: 'applications', action: 'update' },
    params: uuidParams,
    response: applicationDetail,
  });

export const enableApplication = toggle('enable', 'Show a disabled application in the pipeline again');
export const disableApplication = toggle('disable', 'Set an application aside: kept and counted, marked disabled, and left out when the list asks for enabled=true');

export const deleteApplication = endpoint({
  method: 'DELETE',
  path: '/v1/applications/:uuid',
  summary: 'Delete an application permanently, with its answers, history and feedback',
  tags,
  access: { subject: 'applications', action: 'delete' },
  params: uuidParams,
  status: 204,
  response: z.null(),
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
  response: z.array(z.object({ id: uuid, name: z.string(), reference_number: z.string().nullable() })),
});

