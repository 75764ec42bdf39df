import { z } from 'zod';
import { endpoint } from './endpoint';
import { applicationSummary, fileParams, fileQuery, fileRef } from './applications';
import { booleanFilter, listQuery, manyFilter, paginated, timestamp, uuid, uuidParams } from './common';
import { jobFieldsShape, tag } from './job-model';
import { messages } from './messages';

/*
 * Candidates. A seeker belongs to an account and may apply on any of its sites (DESIGN §5), so the list is the
 * selected account's candidates, read by staff with `seekers.view` in the selected scope. Disabling is final: the
 * API refuses to enable a seeker again. Privacy requests: export everything held on a seeker, or erase them
 * (personal data removed, applications kept anonymised for the counts, the erasure audited).
 */

const tags = ['seekers'];

export const seekerSorts = ['-created_at', 'created_at', 'name', '-name', '-last_active_at', 'profile_id'] as const;

export const seekerListQuery = listQuery.extend({
  sort: z.enum(seekerSorts, { error: messages.invalid }).default('-created_at'),
  desired_work_type: z.string().max(100).optional(),
  visa_type: z.string().max(100).optional(),
  tags: manyFilter(tag).optional(),
  enabled: booleanFilter.optional(),
});

export const seekerSummary = z.object({
  id: uuid,
  profile_id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  visa_type: z.string().nullable(),
  desired_work_type: z.string().nullable(),
  tags: z.array(z.string()),
  enabled: z.boolean(),
  erased: z.boolean(),
  created_at: timestamp,
  last_active_at: timestamp.nullable(),
});
export type SeekerSummary = z.infer<typeof seekerSummary>;

export const listSeekerSortOptions = endpoint({
  method: 'GET',
  path: '/v1/seekers/sort-options',
  summary: 'The ways the seekers list can be sorted, with their labels',
  tags,
  access: { subject: 'seekers', action: 'view' },
  response: z.array(z.object({ value: z.enum(seekerSorts), label: z.string() })),
});

export const listSeekers = endpoint({
  method: 'GET',
  path: '/v1/seekers',
  summary:
    "The selected account's candidates, filtered, searched (name, email, profile id), sorted and paged; `Accept: text/csv` exports the filtered list",
  tags,
  access: { subject: 'seekers', action: 'view' },
  query: seekerListQuery,
  response: paginated(seekerSummary),
});

/** What staff can do to a seeker; the profile lists those allowed now. */
export const seekerActions = ['enable', 'disable', 'delete', 'export', 'erase', 'update_tags'] as const;
export type SeekerAction = (typeof seekerActions)[number];

export const seekerDetail = seekerSummary.extend({
  email_verified_at: timestamp.nullable(),
  disabled_at: timestamp.nullable(),
  erased_at: timestamp.nullable(),
  resume: fileRef.nullable(),
  documents: z.array(fileRef),
  applications_count: z.number().int(),
  /** What the caller may do now; disabling and erasing are final. */
  allowed_actions: z.array(z.enum(seekerActions)),
});
export type SeekerDetail = z.infer<typeof seekerDetail>;

export const getSeeker = endpoint({
  method: 'GET',
  path: '/v1/seekers/:uuid/profile',
  summary: "A seeker's profile: contact, resume, documents, visa type, desired work type, profile id, and the actions allowed now",
  tags,
  access: { subject: 'seekers', action: 'view' },
  params: uuidParams,
  response: seekerDetail,
});

export const listSeekerApplications = endpoint({
  method: 'GET',
  path: '/v1/seekers/:uuid/job-applications',
  summary: "A seeker's applications on the selected site, newest first",
  tags,
  access: { subject: 'seekers', action: 'view' },
  params: uuidParams,
  query: listQuery.pick({ page: true, per_page: true }),
  response: paginated(applicationSummary),
});

const tagsResponse = z.object({ tags: z.array(z.string()) });

export const getSeekerTags = endpoint({
  method: 'GET',
  path: '/v1/seekers/:uuid/tags',
  summary: "A seeker's tags",
  tags,
  access: { subject: 'seekers', action: 'view' },
  params: uuidParams,
  response: tagsResponse,
});

export const setSeekerTags = endpoint({
  method: 'PUT',
  path: '/v1/seekers/:uuid/tags',
  summary: "Replace a seeker's tags (lower-cased, duplicates dropped)",
  tags,
  access: { subject: 'seekers', action: 'update' },
  params: uuidParams,
  body: z.strictObject({ tags: jobFieldsShape.tags.unwrap() }),
  response: tagsResponse,
});

export const enableSeeker = endpoint({
  method: 'POST',
  path: '/v1/seekers/:uuid/enable',
  summary: 'Enable a seeker who was never disabled (409 for one who was: disabling is irreversible)',
  tags,
  access: { subject: 'seekers', action: 'update' },
  params: uuidParams,
  response: seekerDetail,
});

export const disableSeeker = endpoint({
  method: 'POST',
  path: '/v1/seekers/:uuid/disable',
  summary: 'Disable a seeker for good: they can no longer sign in or apply, and cannot be enabled again',
  tags,
  access: { subject: 'seekers', action: 'update' },
  params: uuidParams,
  response: seekerDetail,
});

export const deleteSeeker = endpoint({
  method: 'DELETE',
  path: '/v1/seekers/:uuid',
  summary: 'Delete a seeker permanently, with all their applications and documents',
  tags,
  access: { subject: 'seekers', action: 'delete' },
  params: uuidParams,
  status: 204,
  response: z.null(),
});

export const exportSeeker = endpoint({
  method: 'GET',
  path: '/v1/seekers/:uuid/export',
  summary:
    'Everything held on a seeker, as JSON (a privacy request): profile, documents, applications with answers, history and feedback, job feedback and reports',
  tags,
  access: { subject: 'seekers', action: 'export' },
  params: uuidParams,
  // The same document the candidate downloads on the board; a key left out here would be dropped from the answer.
  response: z.object({
    exported_at: timestamp,
    seeker: seekerSummary.extend({ email_verified_at: timestamp.nullable(), disabled_at: timestamp.nullable() }),
    documents: z.array(fileRef),
    applications: z.array(z.record(z.string(), z.unknown())),
    job_feedback: z.array(z.record(z.string(), z.unknown())),
    reports: z.array(z.record(z.string(), z.unknown())),
  }),
});

export const eraseSeeker = endpoint({
  method: 'POST',
  path: '/v1/seekers/:uuid/erase',
  summary:
    "Erase a seeker's personal data for a privacy request: name, email, phone, documents and answers removed, applications kept anonymised; audited, irreversible",
  tags,
  access: { subject: 'seekers', action: 'delete' },
  params: uuidParams,
  body: z.strictObject({
    reason: z.string({ error: messages.required }).trim().min(1, { error: messages.required }).max(1000),
  }),
  response: seekerDetail,
});

export const downloadSeekerFile = endpoint({
  method: 'GET',
  path: '/v1/seekers/:uuid/files/:file',
  summary: "One of the seeker's documents (or resume), with its content type",
  tags,
  access: { subject: 'seekers', action: 'view' },
  params: fileParams,
  query: fileQuery,
  response: z.unknown().describe('The file bytes'),
});
