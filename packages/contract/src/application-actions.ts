import { z } from 'zod';
import { endpoint } from './endpoint';
import { uuid, uuidParams } from './common';
import { applicationStatuses } from './enums';
import { applicationDetail, notifyChoice } from './applications';
import { messages } from './messages';
import { formatMessage } from './message-codes';

/*
 * What staff do to applications: move them between statuses (previewed first, singly or in bulk, emailing whom
 * `notify` says), enable, disable and delete. Reading them is in applications.ts.
 */

const tags = ['applications'];
const status = z.enum(applicationStatuses, { error: messages.invalid });

/** The statuses staff may set: every one but Withdrawn. */
export const staffStatuses = applicationStatuses.filter((s) => s !== 'withdrawn');
const staffStatus = z.enum(staffStatuses as [string, ...string[]], { error: messages.invalid }).transform((s) => s as (typeof staffStatuses)[number]);

const ids = (max: number) =>
  z
    .array(uuid)
    .min(1, { error: messages.required })
    .max(max, { error: formatMessage('applications.bulk_limit', { max }) })
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
    'One action on several applications; each succeeds or fails on its own. `status` needs `status` and `notify`; moving one to the status it already has changes and emails nothing, and none moves to a stage the site hides.',
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
  summary: 'Move one application to another status (409 once withdrawn, 422 to a stage the site hides), emailing whom `notify` says',
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
