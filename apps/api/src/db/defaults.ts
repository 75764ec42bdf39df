import type { ApplicationStatus } from '@hireline/contract/enums';

/** JSON shapes and defaults of the settings columns, apart from the tables so non-table code can import them. */

export interface FormSetting {
  enabled: boolean;
  handler: 'internal' | 'webhook';
  url?: string | null;
  secret?: string | null;
}

export interface SiteSettings {
  timezone: string;
  locale: string;
  job_approval_required: boolean;
  employer_approval_required: boolean;
  price_per_credit_cents: number;
  currency: string;
  forms: {
    application: FormSetting;
    employer_registration: FormSetting;
    job_report: FormSetting;
    feedback: FormSetting;
  };
}

/** What a site starts with when it is created without settings; the demo seed overrides per site. */
export const defaultSiteSettings: SiteSettings = {
  timezone: 'UTC',
  locale: 'en-US',
  job_approval_required: false,
  employer_approval_required: false,
  price_per_credit_cents: 4900,
  currency: 'USD',
  forms: {
    application: { enabled: true, handler: 'internal' },
    employer_registration: { enabled: true, handler: 'internal' },
    job_report: { enabled: true, handler: 'internal' },
    feedback: { enabled: true, handler: 'internal' },
  },
};

export interface ApplicationStageDefault {
  status: ApplicationStatus;
  label: string;
  color: string;
  emailAdmin: boolean;
  emailConsultants: boolean;
  emailCandidate: boolean;
}

/**
 * The stages a site starts with (DESIGN §5): every application status in order, all shown, and who is emailed by
 * default when an application moves there. The seed writes these rows; the API answers them for a site without any.
 */
export const defaultApplicationStages: readonly ApplicationStageDefault[] = [
  { status: 'applied', label: 'Applied', color: '#7367F0', emailAdmin: false, emailCandidate: false, emailConsultants: true },
  { status: 'registered', label: 'Registered', color: '#00BAD1', emailAdmin: false, emailCandidate: false, emailConsultants: false },
  { status: 'new', label: 'New', color: '#28C76F', emailAdmin: false, emailCandidate: false, emailConsultants: true },
  { status: 'invited', label: 'Invited', color: '#FF9F43', emailAdmin: false, emailCandidate: false, emailConsultants: false },
  { status: 'screening', label: 'Screening', color: '#4B7BEC', emailAdmin: false, emailCandidate: false, emailConsultants: false },
  { status: 'shortlisted', label: 'Shortlisted', color: '#A55EEA', emailAdmin: false, emailCandidate: true, emailConsultants: true },
  { status: 'interviewed', label: 'Interviewed', color: '#20BF6B', emailAdmin: false, emailCandidate: true, emailConsultants: true },
  { status: 'offered', label: 'Offered', color: '#0F9D58', emailAdmin: false, emailCandidate: true, emailConsultants: true },
  { status: 'unsuccessful', label: 'Unsuccessful', color: '#EA5455', emailAdmin: false, emailCandidate: true, emailConsultants: false },
  { status: 'withdrawn', label: 'Withdrawn', color: '#808390', emailAdmin: false, emailCandidate: false, emailConsultants: true },
];
