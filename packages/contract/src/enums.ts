/** Shared enumerations of the domain (DESIGN §5). The database stores these exact values. */

export const jobStatuses = ['draft', 'pending', 'live', 'unlisted', 'expired', 'rejected'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const applicationStatuses = [
  'applied',
  'registered',
  'new',
  'invited',
  'screening',
  'shortlisted',
  'interviewed',
  'offered',
  'unsuccessful',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const employerTypes = ['business', 'household'] as const;
export type EmployerType = (typeof employerTypes)[number];

export const employerStatuses = ['pending', 'active', 'rejected'] as const;
export type EmployerStatus = (typeof employerStatuses)[number];

export const creditActions = ['purchase', 'post', 'refund', 'grant', 'revoke', 'expire'] as const;
export type CreditAction = (typeof creditActions)[number];

export const purchaseStatuses = ['pending', 'paid', 'cancelled', 'failed'] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];

export const screeningQuestionTypes = ['text', 'long_text', 'yes_no', 'single_choice', 'multiple_choice', 'number'] as const;
export type ScreeningQuestionType = (typeof screeningQuestionTypes)[number];

export const applyTypes = ['internal', 'url', 'email'] as const;
export type ApplyType = (typeof applyTypes)[number];

export const fieldOptionKinds = [
  'work_type',
  'pay_type',
  'classification',
  'industry',
  'employer_size',
  'visa_type',
  'apply_type',
] as const;
export type FieldOptionKind = (typeof fieldOptionKinds)[number];

export const flagReportStatuses = ['open', 'dismissed', 'actioned'] as const;
export type FlagReportStatus = (typeof flagReportStatuses)[number];

export const outboxStatuses = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const uploadPurposes = ['resume', 'document', 'banner', 'logo', 'avatar'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

export const roleLevels = ['enterprise', 'account', 'site', 'employer'] as const;
export type RoleLevel = (typeof roleLevels)[number];

export const impersonationTypes = ['user', 'seeker', 'applicant'] as const;
export type ImpersonationType = (typeof impersonationTypes)[number];

/** Languages a user can choose for the portal and their emails (spec §1: en, fr, ar). */
export const userLocales = ['en', 'fr', 'ar'] as const;
export type UserLocale = (typeof userLocales)[number];
