import { formatMessage, messageCatalog as codes } from './message-codes';

/*
 * The messages of the API's administration modules (users, roles, employers, the enterprise, site settings, seekers,
 * applications, email templates), by the names the API and its tests use. The English lives in the catalogue.
 */

export const userMessages = {
  alreadyMember: codes['users.already_member'],
  notYourself: codes['users.not_yourself'],
  notInvited: codes['users.not_invited'],
  stillInvited: codes['users.still_invited'],
  invitationSent: codes['users.invitation_sent'],
  isDisabled: codes['users.is_disabled'],
  alreadyEnabled: codes['users.already_enabled'],
  alreadyDisabled: codes['users.already_disabled'],
  accessElsewhere: codes['users.access_elsewhere'],
  roleLevel: codes['users.role_level'],
  duplicate: codes['users.duplicate'],
} as const;

export const lastAdminMessages = {
  lastAdmin: codes['users.last_admin'],
  adminRoleKeepsAll: codes['users.admin_role_keeps_all'],
} as const;

export const mfaResetMessages = { notOn: codes['mfa.not_on_for_person'] } as const;

export const roleMessages = {
  unknownPermissions: (list: string[]) => formatMessage('roles.unknown_permissions', { permissions: list.join(', ') }),
  nameTaken: codes['roles.name_taken'],
  builtIn: codes['roles.built_in'],
  inUse: codes['roles.in_use'],
} as const;

export const employerMessages = {
  hasCredits: codes['employers.has_credits'],
  notOnHold: codes['employers.not_on_hold'],
  alreadyEnabled: codes['employers.already_enabled'],
  alreadyDisabled: codes['employers.already_disabled'],
  nameTaken: codes['employers.name_taken'],
  notOwnEmployer: codes['employers.not_own_employer'],
} as const;

export const employerUserMessages = {
  alreadyMember: codes['employer_users.already_member'],
  notYourself: codes['employer_users.not_yourself'],
  notInvited: codes['users.not_invited'],
  invitationSent: codes['users.invitation_sent'],
} as const;

export const enterpriseMessages = {
  slugTaken: codes['enterprise.slug_taken'],
  domainTaken: codes['enterprise.domain_taken'],
  alreadyEnabled: codes['enterprise.already_enabled'],
  alreadyDisabled: codes['enterprise.already_disabled'],
} as const;

export const settingsMessages = {
  slugTaken: codes['sites.slug_taken'],
  domainTaken: codes['sites.domain_taken'],
  notWebhook: codes['settings.not_webhook'],
  applyTypeFixed: (values: readonly string[]) => formatMessage('settings.apply_type_fixed', { values: values.join(', ') }),
} as const;

export const seekerMessages = {
  cannotEnable: codes['seekers.cannot_enable'],
  alreadyDisabled: codes['seekers.already_disabled'],
  erased: codes['seekers.erased'],
  alreadyErased: codes['seekers.already_erased'],
} as const;

export const applicationMessages = {
  withdrawnFinal: codes['applications.withdrawn_final'],
  unchanged: codes['applications.unchanged'],
  stageHidden: codes['applications.stage_hidden'],
} as const;

export const jobMessages = {
  endBeforeStart: codes['jobs.end_before_start'],
  endInPast: codes['jobs.end_in_past'],
  employerFixed: codes['jobs.employer_fixed'],
  productFixed: codes['jobs.product_fixed'],
} as const;

export const creditMessages = {
  /** More credits to revoke than the employer has. */
  revokeOverBalance: (balance: number) =>
    formatMessage(balance === 1 ? 'credits.revoke_over_balance_one' : 'credits.revoke_over_balance', { balance }),
} as const;

/** A placeholder an email template's kind does not have; both are shown with their braces, as authors type them. */
export const unknownPlaceholderMessage = (name: string, allowed: readonly string[]) =>
  formatMessage('email_templates.unknown_placeholder', { placeholder: `{{${name}}}`, allowed: allowed.map((v) => `{{${v}}}`).join(', ') });
