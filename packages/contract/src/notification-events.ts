/**
 * What people are told about (spec §1 notifications). Each event reaches its recipients in-app, by email, both or
 * neither, as each recipient chose in their profile (default: both), rendered from the site's template for the
 * recipient's language.
 */
export const notificationEvents = [
  'application.created',
  'application.knocked_out',
  'job.pending',
  'job.approved',
  'job.rejected',
  'job.flagged',
  'job.expiring',
  'job.expired',
  'employer.pending',
  'credit.purchased',
  'credit.low_balance',
  'invitation.accepted',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

export const notificationChannels = ['both', 'in_app', 'email', 'none'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The placeholders each event's template may use, besides `{{site_name}}` and `{{recipient_name}}`. */
export const templateVariables: Record<NotificationEvent, readonly string[]> = {
  'application.created': ['candidate_name', 'job_title'],
  'application.knocked_out': ['candidate_name', 'job_title'],
  'job.pending': ['job_title', 'employer_name'],
  'job.approved': ['job_title'],
  'job.rejected': ['job_title', 'reason'],
  'job.flagged': ['job_title', 'reason'],
  'job.expiring': ['job_title', 'end_date'],
  'job.expired': ['job_title'],
  'employer.pending': ['employer_name'],
  'credit.purchased': ['employer_name', 'quantity', 'balance'],
  'credit.low_balance': ['employer_name', 'balance'],
  'invitation.accepted': ['invitee_name', 'invitee_email'],
};

export const commonTemplateVariables = ['site_name', 'recipient_name'] as const;
