import { applicationStatuses, type ApplicationStatus } from './enums';
import { notificationEvents, templateVariables, type NotificationEvent } from './notification-events';

/*
 * Every email the product sends, by kind: the notification events (which people choose a channel for) and the
 * transactional mails (sign-in links, registrations, decisions, candidates' status emails). Each kind has built-in
 * wording in every portal language, a site may reword it per language (Settings → Email templates), and each kind
 * declares the placeholders its wording may use besides `{{site_name}}` and `{{recipient_name}}`.
 *
 * Every placeholder value is escaped when it is filled in, except the ones in `htmlTemplateVariables`: those are
 * pre-rendered HTML the code builds from escaped values (a list of applications), usable in the body only.
 */

export const emailKindGroups = ['notifications', 'sign_in', 'employers', 'candidates', 'application_status'] as const;
export type EmailKindGroup = (typeof emailKindGroups)[number];

const statusKinds = applicationStatuses.map((s) => `application.status.${s}` as const);
export type CandidateStatusKind = `application.status.${ApplicationStatus}`;

export const transactionalVariables = {
  'user.invited': ['inviter_name', 'scope_label'],
  'auth.password_reset': [],
  'user.mfa_reset': ['admin_name'],
  'employer.register_existing': [],
  'employer.registered': ['employer_name'],
  'employer.welcome': ['employer_name'],
  'employer.approved': ['employer_name'],
  'employer.declined': ['employer_name', 'reason'],
  'seeker.verify_email': [],
  'seeker.already_registered': [],
  'seeker.password_reset': [],
  ...(Object.fromEntries(statusKinds.map((k) => [k, ['job_title', 'status_label']])) as Record<CandidateStatusKind, string[]>),
  'application.status.admin': ['actor_name', 'status_label', 'application_list'],
  'application.status.consultant': ['actor_name', 'status_label', 'application_list'],
  'application.withdrawn': ['candidate_name', 'job_title'],
  'application.received': ['job_title', 'employer_name'],
} satisfies Record<string, readonly string[]>;

export type TransactionalKind = keyof typeof transactionalVariables;
export type EmailKind = NotificationEvent | TransactionalKind;

export const emailKinds = [...notificationEvents, ...(Object.keys(transactionalVariables) as TransactionalKind[])] as [EmailKind, ...EmailKind[]];

/** The placeholders of each kind, besides the common ones. */
export const emailKindVariables: Record<EmailKind, readonly string[]> = { ...templateVariables, ...transactionalVariables };

/** Placeholders whose value is HTML built by the code (with escaped values), filled in as is; body only. */
export const htmlTemplateVariables: readonly string[] = ['application_list'];

export const isNotificationEvent = (k: string): k is NotificationEvent => (notificationEvents as readonly string[]).includes(k);
export const isEmailKind = (k: string): k is EmailKind => (emailKinds as readonly string[]).includes(k);

export function emailKindGroup(k: EmailKind): EmailKindGroup {
  if (isNotificationEvent(k)) return 'notifications';
  if (k.startsWith('application.')) return 'application_status';
  if (k.startsWith('seeker.')) return 'candidates';
  if (k.startsWith('employer.')) return 'employers';
  return 'sign_in';
}

/** The candidate's email for an application moving to `status`. */
export const candidateStatusKind = (status: ApplicationStatus): CandidateStatusKind => `application.status.${status}`;
