/*
 * Every action key the API writes to the audit trail, `family.verb`. platform/audit.ts accepts only these, so a new
 * action is added here first; the portal has a label for each in every language (a test holds it to that), and its
 * action filter offers exactly these.
 */
export const auditActionsByFamily = {
  account: ['create', 'update', 'enable', 'disable', 'security_update', 'mail_sender_update', 'retention_update'],
  application: ['status', 'enabled', 'disabled', 'deleted', 'create', 'withdraw', 'feedback'],
  auth: [
    'login',
    'login_failed',
    'password_reset_requested',
    'password_reset',
    'password_changed',
    'profile_updated',
    'mfa_enabled',
    'mfa_disabled',
    'mfa_recovery_codes_regenerated',
    'mfa_failed',
    'impersonation_start',
    'impersonation_stop',
    'impersonation_refused',
  ],
  branding: ['update'],
  cms: ['token', 'secret_rotate'],
  consultant: ['create', 'update', 'enable', 'disable', 'delete', 'assign_jobs'],
  credits: ['checkout', 'purchase', 'grant', 'revoke'],
  employer: [
    'create',
    'update',
    'approve',
    'reject',
    'enable',
    'disable',
    'delete',
    'user_invite',
    'user_role',
    'user_remove',
    'user_reinvite',
    'register',
  ],
  field_options: ['update'],
  flagged_job: ['dismissed', 'taken_down'],
  job: ['posted', 'approved', 'rejected', 'expired', 'deleted', 'flag'],
  product: ['create', 'update', 'delete'],
  // What the scheduled retention sweep removed or anonymised in one account in one run, with the counts.
  retention: ['applied'],
  role: ['create', 'update', 'delete'],
  seeker: [
    'enable',
    'disable',
    'delete',
    'erase',
    'export',
    'register',
    'verify',
    'login',
    'login_failed',
    'password_reset_requested',
    'password_reset',
    'update',
    'document_add',
    'document_delete',
    'delete_self',
  ],
  settings: ['update', 'secret_rotate', 'email_template_save', 'email_template_reset'],
  site: ['create', 'update', 'domain_verify'],
  sso: ['provider_create', 'provider_update', 'provider_delete'],
  stages: ['update'],
  tiers: ['update'],
  user: [
    'invite',
    'reinvite',
    'memberships',
    'enable',
    'disable',
    'remove',
    'mfa_reset',
    'accept_invitation',
    'provision',
  ],
} as const;

type Families = typeof auditActionsByFamily;
export type AuditActionFamily = keyof Families;
export type AuditAction = { [F in AuditActionFamily]: `${F}.${Families[F][number]}` }[AuditActionFamily];

export const auditActions = Object.entries(auditActionsByFamily).flatMap(([family, verbs]) =>
  (verbs as readonly string[]).map((verb) => `${family}.${verb}` as AuditAction),
);


