import { z } from 'zod';
import { endpoint } from './endpoint';
import { booleanFilter, email, listQuery, optionalText, paginated, requiredString, timestamp, uuid, uuidParams } from './common';
import { messages } from './messages';
import { formatMessage } from './message-codes';

/*
 * Consultants: the recruiters shown on jobs. A consultant belongs to an account and works on one or more of its sites;
 * staff manage them from a site (`/{account}/{site}/consultants`), so every endpoint reads and changes the consultants
 * working on the selected site, and one who does not work there is "not found". Their jobs and applications are the
 * jobs and applications lists filtered by `consultant_id`. Disabling takes a consultant out of the job form's picker
 * (GET /v1/site/lookups/consultants); the jobs they are on keep them.
 */

const tags = ['consultants'];

/** An optional email address: `''` or null clears it, anything else must be valid (stored lower-cased). */
const optionalEmail = z
  .string({ error: messages.invalid })
  .trim()
  .nullable()
  .transform((v) => v || null)
  .pipe(email.nullable());

/** A missing list is "required", anything but a list "invalid". */
const idList = (max: number, code: 'consultants.too_many_sites' | 'consultants.too_many_jobs') =>
  z
    .array(uuid, { error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) })
    .min(1, { error: messages.required })
    .max(max, { error: formatMessage(code, { max }) });

export const consultantSorts = ['name', '-name', 'created_at', '-created_at'] as const;

export const consultantListQuery = listQuery.extend({
  sort: z.enum(consultantSorts, { error: messages.invalid }).default('name'),
  enabled: booleanFilter.optional(),
});

const siteRef = z.object({ id: uuid, name: z.string() });

export const consultantSummary = z.object({
  id: uuid,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  /** A signed URL of the photo (platform/files), or null. */
  photo: z.string().nullable(),
  enabled: z.boolean(),
  /** Every site of the account the consultant works on, by name. */
  sites: z.array(siteRef),
  /** Their jobs on the selected site (what GET /v1/jobs?consultant_id= lists). */
  jobs_count: z.number().int(),
  created_at: timestamp,
});
export type ConsultantSummary = z.infer<typeof consultantSummary>;

/** What staff can do to a consultant; the detail lists those allowed now. */
export const consultantActions = ['update', 'enable', 'disable', 'delete', 'assign_jobs'] as const;
export type ConsultantAction = (typeof consultantActions)[number];

export const consultantDetail = consultantSummary.extend({
  photo_file_id: uuid.nullable(),
  /** The portal login linked to the consultant, when they have one; never changed through these endpoints. */
  user_id: uuid.nullable(),
  /** Applications to their jobs on the selected site (what GET /v1/applications?consultant_id= lists). */
  applications_count: z.number().int(),
  updated_at: timestamp,
  /**
   * What the caller may do to the consultant now: their state allows it and the caller holds the permission (deleting:
   * at every site they work on; assigning jobs: `jobs.update` too).
   */
  allowed_actions: z.array(z.enum(consultantActions)),
});
export type ConsultantDetail = z.infer<typeof consultantDetail>;

export const consultantFieldsShape = {
  name: requiredString(120),
  email: optionalEmail.optional(),
  phone: optionalText(50).optional(),
  title: optionalText(120).optional(),
  /** An uploaded image (`POST /v1/forms/upload-file`, purpose `avatar`) of the account; null removes the photo. */
  photo_file_id: uuid.nullable().optional(),
  /** Sites of the selected account the consultant works on; on update the list replaces the set. */
  site_ids: idList(100, 'consultants.too_many_sites'),
};

export const createConsultantBody = z.strictObject(consultantFieldsShape);
export const updateConsultantBody = z.strictObject(consultantFieldsShape).partial();
export type ConsultantInput = z.input<typeof createConsultantBody>;

export const listConsultants = endpoint({
  method: 'GET',
  path: '/v1/consultants',
  summary:
    'Consultants working on the selected site, filtered, searched (name, email, title), sorted and paged; ' +
    '`Accept: text/csv` exports the filtered list',
  tags,
  access: { subject: 'consultants', action: 'view' },
  query: consultantListQuery,
  response: paginated(consultantSummary),
});

export const createConsultant = endpoint({
  method: 'POST',
  path: '/v1/consultants',
  summary: 'Add a consultant to the account, working on the given sites (the email, when given, unique among its consultants)',
  tags,
  access: { subject: 'consultants', action: 'create' },
  body: createConsultantBody,
  status: 201,
  response: consultantDetail,
});

export const getConsultant = endpoint({
  method: 'GET',
  path: '/v1/consultants/:uuid',
  summary: 'One consultant working on the selected site, with their jobs and applications there counted and the actions allowed now',
  tags,
  access: { subject: 'consultants', action: 'view' },
  params: uuidParams,
  response: consultantDetail,
});

export const updateConsultant = endpoint({
  method: 'PATCH',
  path: '/v1/consultants/:uuid',
  summary: "Change a consultant's fields; `site_ids`, when given, replaces their sites (never with none)",
  tags,
  access: { subject: 'consultants', action: 'update' },
  params: uuidParams,
  body: updateConsultantBody,
  response: consultantDetail,
});

export const enableConsultant = endpoint({
  method: 'POST',
  path: '/v1/consultants/:uuid/enable',
  summary: 'Enable a consultant: the job form offers them again',
  tags,
  access: { subject: 'consultants', action: 'update' },
  params: uuidParams,
  response: consultantDetail,
});

export const disableConsultant = endpoint({
  method: 'POST',
  path: '/v1/consultants/:uuid/disable',
  summary: 'Disable a consultant: the job form no longer offers them; the jobs they are on keep them',
  tags,
  access: { subject: 'consultants', action: 'update' },
  params: uuidParams,
  response: consultantDetail,
});

export const deleteConsultant = endpoint({
  method: 'DELETE',
  path: '/v1/consultants/:uuid',
  summary: 'Delete a consultant; their jobs stay, without a consultant',
  tags,
  access: { subject: 'consultants', action: 'delete' },
  params: uuidParams,
  status: 204,
  response: z.null(),
});

export const assignConsultantJobs = endpoint({
  method: 'POST',
  path: '/v1/consultants/:uuid/jobs',
  summary: 'Make the consultant the consultant of these jobs of the selected site (also needs `jobs.update`)',
  tags,
  access: { subject: 'consultants', action: 'update' },
  params: uuidParams,
  body: z.strictObject({ job_ids: idList(200, 'consultants.too_many_jobs') }),
  response: z.object({ assigned: z.number().int() }),
});
