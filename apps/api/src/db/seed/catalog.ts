import { defaultApplicationStages, defaultFieldOptions } from '../defaults';

/** Demo job content. What every site starts with (field options, stages, products, tiers) lives in db/defaults.ts. */

export const classifications = defaultFieldOptions.classification;

/** Kept under its old name for the seed's applications; the list itself lives in db/defaults.ts, shared with the API. */
export const stageDefaults = defaultApplicationStages;

/** Job titles per classification, with an annual salary band in whole currency units. */
export const titlesByClassification: Record<string, { titles: readonly string[]; band: readonly [number, number] }> = {
  accounting: {
    titles: [
      'Senior Accountant',
      'Accounts Payable Officer',
      'Payroll Specialist',
      'Financial Analyst',
      'Tax Associate',
    ],
    band: [55_000, 120_000],
  },
  administration: {
    titles: ['Office Manager', 'Executive Assistant', 'Receptionist', 'Administration Officer', 'Data Entry Clerk'],
    band: [42_000, 85_000],
  },
  construction: {
    titles: ['Site Supervisor', 'Project Engineer', 'Carpenter', 'Estimator', 'Health & Safety Officer'],
    band: [55_000, 130_000],
  },
  education: {
    titles: [
      'Primary School Teacher',
      'Early Childhood Educator',
      'Learning Designer',
      'Tutor',
      'Training Coordinator',
    ],
    band: [45_000, 95_000],
  },
  engineering: {
    titles: ['Mechanical Engineer', 'Electrical Engineer', 'Civil Engineer', 'Process Engineer', 'Maintenance Planner'],
    band: [75_000, 150_000],
  },
  healthcare: {
    titles: [
      'Registered Nurse',
      'Physiotherapist',
      'Medical Receptionist',
      'Pharmacy Assistant',
      'Aged Care Worker',
      'Dental Assistant',
    ],
    band: [48_000, 125_000],
  },
  hospitality: {
    titles: ['Head Chef', 'Restaurant Manager', 'Barista', 'Front Office Supervisor', 'Event Coordinator'],
    band: [38_000, 85_000],
  },
  information_technology: {
    titles: [
      'Senior Software Engineer',
      'Frontend Developer',
      'DevOps Engineer',
      'IT Support Analyst',
      'Data Engineer',
      'Product Designer',
    ],
    band: [80_000, 185_000],
  },
  marketing: {
    titles: [
      'Digital Marketing Manager',
      'Content Writer',
      'SEO Specialist',
      'Brand Manager',
      'Social Media Coordinator',
    ],
    band: [55_000, 130_000],
  },
  retail: {
    titles: [
      'Store Manager',
      'Visual Merchandiser',
      'Retail Assistant',
      'Inventory Controller',
      'Assistant Store Manager',
    ],
    band: [36_000, 80_000],
  },
  sales: {
    titles: [
      'Account Executive',
      'Business Development Manager',
      'Inside Sales Representative',
      'Key Account Manager',
      'Sales Engineer',
    ],
    band: [55_000, 150_000],
  },
  transport_logistics: {
    titles: [
      'Warehouse Supervisor',
      'Forklift Operator',
      'Fleet Coordinator',
      'Supply Chain Analyst',
      'Delivery Driver',
    ],
    band: [42_000, 105_000],
  },
};

/** Titles a household employer advertises. */
export const householdTitles = ['Nanny', 'Live-out Carer', 'Housekeeper', 'Gardener', 'Personal Assistant'] as const;

export const sellingPoints = [
  'Flexible working hours',
  'Hybrid: three days in the office',
  'Generous parental leave',
  'Annual performance bonus',
  'Paid professional development',
  'Modern, central office',
  'Employee wellbeing program',
  'Salary packaging available',
  'Clear path to promotion',
  'Company vehicle provided',
  'Four-day week pilot',
  'Free on-site parking',
] as const;

export const jobTags = [
  'urgent',
  'hybrid',
  'remote-friendly',
  'graduate',
  'immediate-start',
  'senior',
  'visa-sponsorship',
  'weekend-work',
] as const;
export const seekerTags = [
  'shortlist-later',
  'strong-communicator',
  'relocating',
  'bilingual',
  'graduate',
  'referred',
  'senior',
  'available-now',
] as const;
export const applicationTags = [
  'top-pick',
  'follow-up',
  'phone-screened',
  'references-checked',
  'salary-mismatch',
] as const;

export const responsibilities = [
  'Own day-to-day delivery and keep stakeholders informed of progress',
  'Work closely with a friendly, experienced team',
  'Maintain accurate records and meet compliance requirements',
  'Identify improvements and help put them into practice',
  'Support and mentor newer team members',
  'Deliver an excellent experience to every customer',
  'Prepare clear reports for management',
  'Follow safe work practices at all times',
] as const;

export const requirements = [
  'Relevant qualification or equivalent experience',
  'Strong written and verbal communication',
  'A positive, can-do attitude',
  'Attention to detail and good time management',
  'Confidence with everyday software tools',
  'Current driver’s licence',
  'Right to work in the country',
] as const;

export const flagReasons = [
  ['Misleading pay information', 'The advertised pay range does not match what was offered at interview.'],
  ['Suspected scam', 'The recruiter asked me to pay for training before starting.'],
  ['Discriminatory language', 'The advert asks for applicants of a particular age.'],
  ['Job no longer available', 'I called and they said the position was filled weeks ago.'],
] as const;

export const jobFeedbackComments = [
  'Clear advert and a quick reply from the employer.',
  'The application form was easy to complete.',
  'Would have liked the salary range to be clearer.',
  'Great description of the team and the role.',
  'Never heard back after applying.',
] as const;
