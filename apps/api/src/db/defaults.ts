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
