import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  booleanFilter,
  email,
  httpUrl,
  listQuery,
  manyFilter,
  optionalText,
  paginated,
  requiredString,
  timestamp,
  uuid,
  uuidParams,
} from './common';
import { employerStatuses, employerTypes } from './enums';
import { messages } from './messages';
import { formatMessage } from './message-codes';

/*
 * Employers of the selected site (DESIGN §5): staff-created ones start active, board registrations start pending
 * (on hold) until approved or rejected. Disabling one shuts its users out and unlists its live jobs; deleting one
 * removes its jobs and their applications, so an employer with credit history can only be disabled.
 */

const tags = ['employers'];

export const employerTypeLabels: Record<(typeof employerTypes)[number], string> = { business: 'Business', household: 'Household' };

export const listEmployerTypes = endpoint({
  method: 'GET',
  path: '/v1/employer-types',
  summary: 'The kinds of employer (business or household), with their labels',
  tags,
  access: { subject: 'portal', action: 'access' },
  response: z.array(z.object({ value: z.enum(employerTypes), label: z.string() })),
});

export const address = z.strictObject({
  line1: optionalText(200).optional(),
  line2: optionalText(200).optional(),
  city: optionalText(100).optional(),
  region: optionalText(100).optional(),
  postcode: optionalText(20).optional(),
  country: optionalText(100).optional(),
});

/** What staff send on create; every field but the name and type is optional, and an update sends any part of it. */
export const employerFieldsShape = {
  type: z.enum(employerTypes, { error: messages.invalid }),
  business_name: requiredString(200),
  registration_number: optionalText(64).optional(),
  industry: optionalText(100).optional(),
  website: httpUrl.nullable().optional(),
  size: optionalText(100).optional(),
  contact_name: optionalText(120).optional(),
  contact_email: email.nullable().optional(),
  phone: optionalText(40).optional(),
  address: address.nullable().optional(),
  about: optionalText(5000).optional(),
  logo_file_id: uuid.nullable().optional(),
};
export const createEmployerBody = z.strictObject(employerFieldsShape);
export const updateEmployerBody = z.strictObject(employerFieldsShape).partial();
export type EmployerFields = z.infer<typeof updateEmployerBody>;

export const employerSorts = ['-created_at', 'created_at', 'business_name', '-business_name', '-credit_balance', 'credit_balance'] as const;

export const employerListQuery = listQuery.extend({
  sort: z.enum(employerSorts, { error: messages.invalid }).default('-created_at'),
  status: manyFilter(z.enum(employerStatuses, { error: messages.invalid })).optional(),
  type: z.enum(employerTypes, { error: messages.invalid }).optional(),
  enabled: booleanFilter.optional(),
});

const image = z.object({ id: uuid, url: z.string() });

export const employerSummary = z.object({
  id: uuid,
  business_name: z.string(),
  type: z.enum(employerTypes),
  registration_number: z.string().nullable(),
  industry: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(employerStatuses),
  enabled: z.boolean(),
  credit_balance: z.number().int(),
  jobs_count: z.number().int(),
  logo: image.nullable(),
  created_at: timestamp,
});
export type EmployerSummary = z.infer<typeof employerSummary>;

/** What staff can do to an employer; the detail lists those allowed now. */
export const employerActions = ['update', 'approve', 'reject', 'enable', 'disable', 'delete', 'manage_users'] as const;
export type EmployerAction = (typeof employerActions)[number];

export const employerDetail = employerSummary.extend({
  website: z.string().nullable(),
  size: z.string().nullable(),
  address: z.object(Object.fromEntries(Object.keys(address.shape).map((k) => [k, z.string().nullable()]))).nullable(),
  about: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  approved_at: timestamp.nullable(),
  rejected_at: timestamp.nullable(),
  live_jobs_count: z.number().int(),
  applications_count: z.number().int(),
  users_count: z.number().int(),
  /** Jobs that disabling the employer unlisted and that could go live again (still unlisted, advert not ended). */
  relistable_jobs_count: z.number().int(),
  /** Why delete is not offered, when it is not (credit history), for the portal to say. */
  delete_blocked_reason: z.string().nullable(),
  allowed_actions: z.array(z.enum(employerActions)),
});
export type EmployerDetail = z.infer<typeof employerDetail>;

export const listEmployers = endpoint({
  method: 'GET',
  path: '/v1/employers',
  summary:
    "The selected site's employers (an employer user: their own), filtered, searched (business name, registration number, contact), sorted and paged; `Accept: text/csv` exports the filtered list",
  tags,
  access: { subject: 'employers', action: 'view' },
  query: employerListQuery,
  response: paginated(employerSummary),
});

export const listEmployersOnHold = endpoint({
  method: 'GET',
  path: '/v1/employers/on-hold',
  summary: 'Employer registrations awaiting approval on the selected site, oldest first',
  tags,
  access: { subject: 'employers', action: 'approve' },
  query: listQuery.pick({ page: true, per_page: true, q: true }),
  response: paginated(employerSummary),
});

export const createEmployer = endpoint({
  method: 'POST',
  path: '/v1/employers',
  summary: 'Create an employer on the selected site; staff-created employers start active',
  tags,
  access: { subject: 'employers', action: 'create' },
  body: createEmployerBody,
  status: 201,
  response: employerDetail,
});

export const getEmployer = endpoint({
  method: 'GET',
  path: '/v1/employers/:uuid',
  summary: 'An employer with its counts and the actions allowed now',
  tags,
  access: { subject: 'employers', action: 'view' },
  params: uuidParams,
  response: employerDetail,
});

export const updateEmployer = endpoint({
  method: 'PATCH',
  path: '/v1/employers/:uuid',
  summary: "Change an employer's details (any subset of the create fields)",
  tags,
  access: { subject: 'employers', action: 'update' },
  params: uuidParams,
  body: updateEmployerBody,
  response: employerDetail,
});

export const rejectionReason = requiredString(1000);

export const approveEmployer = endpoint({
  method: 'POST',
  path: '/v1/employers/:uuid/approve',
  summary: 'Approve a registration on hold: the employer becomes active, its users can sign in and are emailed',
  tags,
  access: { subject: 'employers', action: 'approve' },
  params: uuidParams,
  response: employerDetail,
});

export const rejectEmployer = endpoint({
  method: 'POST',
  path: '/v1/employers/:uuid/reject',
  summary: 'Reject a registration on hold with a reason, which is emailed to the registrant',
  tags,
  access: { subject: 'employers', action: 'approve' },
  params: uuidParams,
  body: z.strictObject({ reason: rejectionReason }),
  response: employerDetail,
});

export const MAX_BULK_EMPLOYERS = 100;

export const reviewEmployers = endpoint({
  method: 'POST',
  path: '/v1/employers/on-hold/review',
  summary: 'Approve or reject several registrations on hold; each succeeds or fails on its own',
  tags,
  access: { subject: 'employers', action: 'approve' },
  body: z
    .strictObject({
      action: z.enum(['approve', 'reject'], { error: messages.invalid }),
      ids: z
        .array(uuid)
        .min(1, { error: messages.required })
        .max(MAX_BULK_EMPLOYERS, { error: formatMessage('too_many_at_once', { max: MAX_BULK_EMPLOYERS }) }),
      reason: rejectionReason.optional(),
    })
    .refine((b) => b.action !== 'reject' || b.reason !== undefined, { path: ['reason'], error: messages.required }),
  response: z.object({
    results: z.array(z.object({ id: uuid, ok: z.boolean(), status: z.enum(employerStatuses).nullable(), message: z.string().nullable() })),
  }),
});

export const enableEmployer = endpoint({
  method: 'POST',
  path: '/v1/employers/:uuid/enable',
  summary: 'Enable an employer: its users can sign in again; with `relist`, the jobs disabling it unlisted go live again',
  tags,
  access: { subject: 'employers', action: 'update' },
  params: uuidParams,
  // Absent when the portal sends nothing (a plain enable).
  body: z.strictObject({ relist: z.boolean({ error: messages.invalid }).optional() }).nullish(),
  response: employerDetail,
});

export const disableEmployer = endpoint({
  method: 'POST',
  path: '/v1/employers/:uuid/disable',
  summary: "Disable an employer: its users are signed out and cannot sign in, and its live jobs are unlisted",
  tags,
  access: { subject: 'employers', action: 'update' },
  params: uuidParams,
  response: employerDetail,
});

export const deleteEmployer = endpoint({
  method: 'DELETE',
  path: '/v1/employers/:uuid',
  summary:
    'Delete an employer for good with its jobs and their applications (409 for one with credit history: disable it instead)',
  tags,
  access: { subject: 'employers', action: 'delete' },
  params: uuidParams,
  status: 204,
  response: z.null(),
});
