import type { ApplicationStatus, FieldOptionKind } from '@hireline/contract/enums';

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

export type FieldOptionDefault = readonly [value: string, label: string];

const classifications: readonly FieldOptionDefault[] = [
  ['accounting', 'Accounting'],
  ['administration', 'Administration & Office Support'],
  ['construction', 'Construction'],
  ['education', 'Education & Training'],
  ['engineering', 'Engineering'],
  ['healthcare', 'Healthcare & Medical'],
  ['hospitality', 'Hospitality & Tourism'],
  ['information_technology', 'Information Technology'],
  ['marketing', 'Marketing & Communications'],
  ['retail', 'Retail & Consumer Products'],
  ['sales', 'Sales'],
  ['transport_logistics', 'Transport & Logistics'],
];

/**
 * The pick lists a site starts with (DESIGN §5 field options), `[value, label]` in order. The seed writes them for the
 * demo sites and the API for a site created in the portal.
 */
export const defaultFieldOptions: Record<FieldOptionKind, readonly FieldOptionDefault[]> = {
  work_type: [
    ['full_time', 'Full time'],
    ['part_time', 'Part time'],
    ['contract', 'Contract'],
    ['casual', 'Casual'],
    ['temporary', 'Temporary'],
    ['internship', 'Internship'],
  ],
  pay_type: [
    ['annual', 'Annual salary'],
    ['hourly', 'Hourly rate'],
    ['daily', 'Daily rate'],
  ],
  classification: classifications,
  industry: [
    ['construction', 'Construction'],
    ['education', 'Education'],
    ['energy', 'Energy & Resources'],
    ['engineering', 'Engineering'],
    ['financial_services', 'Financial Services'],
    ['healthcare', 'Healthcare'],
    ['hospitality', 'Hospitality'],
    ['information_technology', 'Information Technology'],
    ['manufacturing', 'Manufacturing'],
    ['marketing', 'Marketing & Media'],
    ['professional_services', 'Professional Services'],
    ['real_estate', 'Real Estate'],
    ['retail', 'Retail'],
    ['transport_logistics', 'Transport & Logistics'],
    ['household', 'Private household'],
  ],
  employer_size: [
    ['1-10', '1–10 employees'],
    ['11-50', '11–50 employees'],
    ['51-200', '51–200 employees'],
    ['201-1000', '201–1,000 employees'],
    ['1000+', 'More than 1,000 employees'],
  ],
  visa_type: [
    ['citizen', 'Citizen'],
    ['permanent_resident', 'Permanent resident'],
    ['work_visa', 'Work visa'],
    ['student_visa', 'Student visa'],
    ['requires_sponsorship', 'Requires sponsorship'],
  ],
  apply_type: [
    ['internal', 'Apply on this site'],
    ['url', 'Apply on an external website'],
    ['email', 'Apply by email'],
  ],
};

export interface ProductDefault {
  name: string;
  description: string;
  durationDays: number;
  featured: boolean;
}

/** The job products a site starts with; each is priced at the site's price per credit (every post costs one credit). */
export const defaultProducts: readonly ProductDefault[] = [
  { name: 'Standard', description: 'Listed for 30 days in search results.', durationDays: 30, featured: false },
  {
    name: 'Featured',
    description: 'Listed for 30 days and highlighted at the top of search results.',
    durationDays: 30,
    featured: true,
  },
  {
    name: 'Premium',
    description: 'Featured for 60 days, with the employer logo on the advert.',
    durationDays: 60,
    featured: true,
  },
];

export interface DiscountTierDefault {
  minQuantity: number;
  maxQuantity: number | null;
  /** Basis points: 1000 = 10 %. */
  discountBps: number;
}

/** The bulk discounts a site starts with: 1–9 none, 10–24 10 %, 25–49 15 %, 50+ 20 %. */
export const defaultDiscountTiers: readonly DiscountTierDefault[] = [
  { minQuantity: 1, maxQuantity: 9, discountBps: 0 },
  { minQuantity: 10, maxQuantity: 24, discountBps: 1000 },
  { minQuantity: 25, maxQuantity: 49, discountBps: 1500 },
  { minQuantity: 50, maxQuantity: null, discountBps: 2000 },
];
