import { z } from 'zod';
import { endpoint } from './endpoint';
import { booleanFilter, dateFilter, listQuery, paginated, timestamp, uuid } from './common';
import { messages } from './messages';

/*
 * The audit trail (DESIGN §10): sign-ins, impersonation and every change staff make, written by the API in the same
 * transaction as the change. Read-only by design: the table refuses UPDATE and DELETE (migration 0002), and there is
 * no endpoint to edit or delete an entry. Account admins read their account's entries (`/{account}/audit`); enterprise
 * staff read every account's, plus the entries of no account (sign-ins, failed sign-ins), at `/enterprise/audit`.
 */

const tags = ['audit'];

export const auditSorts = ['-created_at', 'created_at'] as const;
export type AuditSort = (typeof auditSorts)[number];

/** An action key (`job.posted`) or, ending with a dot, a family of them (`job.`). */
const actionFilter = z
  .string({ error: messages.invalid })
  .trim()
  .toLowerCase()
  .max(100, { error: messages.invalid })
  .regex(/^([a-z0-9_]+(\.[a-z0-9_]+)*\.?)?$/, { error: messages.invalid })
  .transform((v) => v || undefined);

/** Trimmed text up to `max` characters; blank is no filter. */
const shortText = (max: number) =>
  z
    .string({ error: messages.invalid })
    .trim()
    .max(max, { error: messages.invalid })
    .transform((v) => v || undefined);

export const auditListQuery = listQuery.pick({ page: true, per_page: true }).extend({
  sort: z.enum(auditSorts, { error: messages.invalid }).default('-created_at'),
  /** Free text found anywhere in the action key or the subject id (case-insensitive). */
  q: listQuery.shape.q,
  /** A user id: entries where they acted, or acted as someone else while impersonating them. */
  actor: uuid.optional(),
  /** Part of an email address, matched like `actor` against the person acting and the staff impersonating. */
  actor_email: shortText(254).optional(),
  /** `true`: only what was done during an impersonation (an impersonator is recorded). */
  impersonated_only: booleanFilter.optional(),
  /** Exact (`job.posted`), or a prefix when it ends with a dot (`job.` is every job action). */
  action: actionFilter.optional(),
  /** Exact: `job`, `employer`, `user`, `account`, `site`, `session`… */
  subject_type: shortText(50).optional(),
  /** Exact. */
  subject_id: shortText(100).optional(),
  /** Entries on or after this day (UTC). */
  from: dateFilter.optional(),
  /** Entries on or before this day (UTC). */
  to: dateFilter.optional(),
  /** `csv`: the filtered list as CSV, as `Accept: text/csv` asks (for a link, which cannot set headers). */
  format: z.enum(['csv'], { error: messages.invalid }).optional(),
});

export const enterpriseAuditListQuery = auditListQuery.extend({
  /** One account of the enterprise. */
  account: uuid.optional(),
});

const person = z.object({ id: uuid, name: z.string(), email: z.string() });

export const auditLogEntry = z.object({
  id: uuid,
  created_at: timestamp,
  /** `subject.verb` (`job.posted`, `user.invite`, `auth.login`); the portal names the ones it knows. */
  action: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  /**
   * The name of what the entry is about: a person (a user once they accepted the account, a candidate), a job, an
   * employer, a site, an account, an application ("Candidate · Job"), a consultant, a product, a purchase (the
   * employer's), a role, a sign-in provider; null when it has none to show.
   */
  subject_name: z.string().nullable(),
  /** The entry is about a record that no longer exists (deleted or erased): shown as such, never as a bare id. */
  subject_deleted: z.boolean(),
  /** Who acted (the person being impersonated, during an impersonation); null when unknown or since deleted. */
  actor: person.nullable(),
  /** The staff member who was impersonating `actor`, when one was. */
  impersonator: person.nullable(),
  ip: z.string().nullable(),
  /** What the change was about, as the action recorded it (names, old and new values, counts). */
  data: z.record(z.string(), z.unknown()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const enterpriseAuditLogEntry = auditLogEntry.extend({
  /** The account the entry belongs to; null for the enterprise's own (sign-ins, enterprise administration). */
  account: z.object({ id: uuid, name: z.string() }).nullable(),
});
export type EnterpriseAuditLogEntry = z.infer<typeof enterpriseAuditLogEntry>;

export const listAccountAuditLogs = endpoint({
  method: 'GET',
  path: '/v1/accounts/audit-logs',
  summary:
    "The selected account's audit trail, newest first, filtered (who, action, subject, days, impersonation) and paged; " +
    '`Accept: text/csv` (or `format=csv`) exports the filtered list',
  tags,
  level: 'account',
  access: { subject: 'audit', action: 'view' },
  query: auditListQuery,
  response: paginated(auditLogEntry),
});

export const listEnterpriseAuditLogs = endpoint({
  method: 'GET',
  path: '/v1/enterprise/audit-logs',
  summary:
    "The enterprise's audit trail across all its accounts (or one), newest first, filtered and paged; " +
    '`Accept: text/csv` (or `format=csv`) exports the filtered list',
  tags,
  level: 'enterprise',
  access: { subject: 'audit', action: 'view' },
  query: enterpriseAuditListQuery,
  response: paginated(enterpriseAuditLogEntry),
});
