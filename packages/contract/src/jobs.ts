import { z } from 'zod';
import { endpoint } from './endpoint';
import { listQuery, paginated, requiredString, uuid, uuidParams } from './common';
import { applicationStatuses, jobStatuses } from './enums';
import { createJobBody, jobDetail, jobFieldsShape, jobListQuery, jobSummary, updateJobBody } from './job-model';
import { messages } from './messages';
import { formatMessage } from './message-codes';

const tags = ['jobs'];

export const listJobs = endpoint({
  method: 'GET',
  path: '/v1/jobs',
  summary: "The selected site's jobs (an employer user: their employer's), filtered, searched, sorted and paged; `Accept: text/csv` exports the filtered list",
  tags,
  access: { subject: 'jobs', action: 'view' },
  query: jobListQuery,
  response: paginated(jobSummary),
});

export const createJob = endpoint({
  method: 'POST',
  path: '/v1/jobs',
  summary: 'Start a job as a draft (the posting wizard saves the rest as the user goes)',
  tags,
  access: { subject: 'jobs', action: 'create' },
  body: createJobBody,
  status: 201,
  response: jobDetail,
});

export const getJob = endpoint({
  method: 'GET',
  path: '/v1/jobs/:uuid/detail',
  summary: 'One job with every field, its screening questions, status history and the actions allowed now',
  tags,
  access: { subject: 'jobs', action: 'view' },
  params: uuidParams,
  response: jobDetail,
});

export const updateJob = endpoint({
  method: 'PATCH',
  path: '/v1/jobs/:uuid',
  summary: 'Change fields of a job (screening questions, when given, replace the list); not once expired or rejected',
  tags,
  access: { subject: 'jobs', action: 'update' },
  params: uuidParams,
  body: updateJobBody,
  response: jobDetail,
});

export const deleteJob = endpoint({
  method: 'DELETE',
  path: '/v1/jobs/:uuid',
  summary: 'Delete a job permanently, with its applications (from any status)',
  tags,
  access: { subject: 'jobs', action: 'delete' },
  params: uuidParams,
  status: 204,
  response: z.null(),
});

export const postJob = endpoint({
  method: 'POST',
  path: '/v1/jobs/:uuid/post',
  summary:
    "Post a draft: spends one of the employer's credits in the same transaction; live, or on hold when the site requires approval. 402 without credits. Send an Idempotency-Key.",
  tags,
  access: { subject: 'jobs', action: 'create' },
  params: uuidParams,
  // Optional: a draft that already has its product needs no body at all.
  body: z.strictObject({ product_id: uuid.optional() }).nullish(),
  response: jobDetail.extend({ credits_spent: z.number().int(), credit_balance: z.number().int() }),
});

const transition = (action: 'approve' | 'unlist' | 'relist' | 'expire', summary: string) =>
  endpoint({
    method: 'POST',
    path: `/v1/jobs/:uuid/${action}`,
    summary,
    tags,
    access: { subject: 'jobs', action: action === 'approve' ? 'approve' : 'status' },
    params: uuidParams,
    response: jobDetail,
  });

export const approveJob = transition('approve', 'Approve a job on hold: it goes live');
export const unlistJob = transition('unlist', 'Hide a live job from the board (reversible with relist)');
export const relistJob = transition('relist', 'Show an unlisted job on the board again');
export const expireJob = transition('expire', 'End a live or unlisted advert now (irreversible)');

export const rejectReason = z.strictObject({ reason: requiredString(1000) });

export const rejectJob = endpoint({
  method: 'POST',
  path: '/v1/jobs/:uuid/reject',
  summary: 'Reject a job on hold with a reason: the spent credit is refunded and the employer is emailed',
  tags,
  access: { subject: 'jobs', action: 'approve' },
  params: uuidParams,
  body: rejectReason,
  response: jobDetail,
});

export const cloneJob = endpoint({
  method: 'POST',
  path: '/v1/jobs/:uuid/clone',
  summary: 'Copy a job into a new draft with no product and no advert dates',
  tags,
  access: { subject: 'jobs', action: 'create' },
  params: uuidParams,
  status: 201,
  response: jobDetail,
});

export const bulkJobActions = ['unlist', 'relist', 'expire', 'delete', 'approve', 'reject'] as const;

export const bulkJobs = endpoint({
  method: 'POST',
  path: '/v1/jobs/bulk',
  summary: 'Apply one action to several jobs; each job succeeds or fails on its own (409 rules per job)',
  tags,
  access: { subject: 'jobs', action: 'view' },
  body: z
    .strictObject({
      action: z.enum(bulkJobActions, { error: messages.invalid }),
      ids: z.array(uuid).min(1, { error: messages.required }).max(100, { error: formatMessage('jobs.bulk_limit', { max: 100 }) }),
      reason: z.string().trim().max(1000).optional(),
    })
    .refine((b) => b.action !== 'reject' || Boolean(b.reason), { path: ['reason'], error: messages.required }),
  response: z.object({
    results: z.array(z.object({ id: uuid, ok: z.boolean(), status: z.enum(jobStatuses).nullable(), message: z.string().nullable() })),
  }),
});

export const listJobsOnHold = endpoint({
  method: 'GET',
  path: '/v1/jobs/on-hold',
  summary: 'Jobs awaiting approval on the selected site, oldest first',
  tags,
  access: { subject: 'jobs', action: 'approve' },
  query: listQuery.pick({ page: true, per_page: true, q: true }),
  response: paginated(jobSummary),
});

export const listJobStatuses = endpoint({
  method: 'GET',
  path: '/v1/job-statuses',
  summary: 'The job statuses with their labels, in lifecycle order',
  tags,
  access: { subject: 'jobs', action: 'view' },
  response: z.array(z.object({ value: z.enum(jobStatuses), label: z.string() })),
});

const tagsResponse = z.object({ tags: z.array(z.string()) });

export const getJobTags = endpoint({
  method: 'GET',
  path: '/v1/jobs/:uuid/tags',
  summary: "A job's tags",
  tags,
  access: { subject: 'jobs', action: 'view' },
  params: uuidParams,
  response: tagsResponse,
});

export const setJobTags = endpoint({
  method: 'PUT',
  path: '/v1/jobs/:uuid/tags',
  summary: "Replace a job's tags (lower-cased, duplicates dropped)",
  tags,
  access: { subject: 'jobs', action: 'update' },
  params: uuidParams,
  body: z.strictObject({ tags: jobFieldsShape.tags.unwrap() }),
  response: tagsResponse,
});

export const getJobApplications = endpoint({
  method: 'GET',
  path: '/v1/jobs/:uuid/applications',
  summary: "How many applications a job has in each status (every status listed, zeros included)",
  tags,
  access: { subject: 'jobs', action: 'view' },
  params: uuidParams,
  response: z.object({
    total: z.number().int(),
    by_status: z.array(z.object({ status: z.enum(applicationStatuses), count: z.number().int() })),
  }),
});
