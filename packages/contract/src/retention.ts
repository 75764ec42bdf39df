import { z } from 'zod';
import { endpoint } from './endpoint';
import { formatMessage } from './message-codes';
import { messages } from './messages';

/*
 * How long the account keeps records it no longer needs, in days (issue 29 §5). Past its period the scheduler
 * deletes an audit entry, a sent email and a notification; it anonymises an unsuccessful or withdrawn application
 * (counted still in reports) and a candidate with no sign-in and no application in the period (the same erasure a
 * privacy request does). Candidates read the last two periods on the board's privacy notice.
 */

const tags = ['accounts'];
const access = { subject: 'accounts', action: 'update' } as const;

export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 3650;

export const retentionDefaults = {
  audit_days: 730,
  mail_days: 90,
  notification_days: 365,
  application_days: 730,
  candidate_days: 1095,
} as const;

export const retentionFields = ['audit_days', 'mail_days', 'notification_days', 'application_days', 'candidate_days'] as const;
export type RetentionField = (typeof retentionFields)[number];

export const retentionDaysMessage = formatMessage('retention.days', { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS });

const days = z
  .number({ error: (issue) => (issue.input === undefined ? messages.required : retentionDaysMessage) })
  .int({ error: retentionDaysMessage })
  .min(RETENTION_MIN_DAYS, { error: retentionDaysMessage })
  .max(RETENTION_MAX_DAYS, { error: retentionDaysMessage });

export const accountRetention = z.object({
  /** Audit entries of the account. */
  audit_days: z.number().int(),
  /** Email sent to the account's people and candidates, after it was sent. */
  mail_days: z.number().int(),
  /** In-app notifications of the account's staff. */
  notification_days: z.number().int(),
  /** Unsuccessful or withdrawn applications, after their last change: then anonymised. */
  application_days: z.number().int(),
  /** Candidates with no sign-in and no application for this long: then erased. */
  candidate_days: z.number().int(),
});
export type AccountRetention = z.infer<typeof accountRetention>;

export const getAccountRetention = endpoint({
  method: 'GET',
  path: '/v1/accounts/retention',
  summary: "How long the selected account keeps audit entries, sent mail, notifications, closed applications and inactive candidates",
  tags,
  level: 'account',
  access,
  response: accountRetention,
});

export const updateAccountRetentionBody = z.strictObject({
  audit_days: days.optional(),
  mail_days: days.optional(),
  notification_days: days.optional(),
  application_days: days.optional(),
  candidate_days: days.optional(),
});

export const updateAccountRetention = endpoint({
  method: 'PATCH',
  path: '/v1/accounts/retention',
  summary: "Change the account's retention periods; the next scheduled sweep applies them",
  tags,
  level: 'account',
  access,
  body: updateAccountRetentionBody,
  response: accountRetention,
});
