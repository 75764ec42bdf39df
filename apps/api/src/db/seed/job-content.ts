import type { JobLink } from '../schema/jobs';
import {
  classifications,
  jobTags,
  requirements,
  responsibilities,
  sellingPoints,
  titlesByClassification,
} from './catalog';
import type { SeedContext } from './context';
import type { SeedEmployer } from './employers';

/** The words of one advert: title, pay, description, extras. Dates and status live in jobs.ts. */
export interface JobContent {
  title: string;
  classification: string;
  workType: string;
  payType: string;
  payMinCents: number;
  payMaxCents: number;
  salaryMinCents: number;
  salaryMaxCents: number;
  description: string;
  descriptionText: string;
  keySellingPoints: string[];
  links: JobLink[];
  tags: string[];
  applyType: 'internal' | 'url' | 'email';
  applicationUrl: string | null;
  applicationEmails: string[];
}

const householdJobs = [
  ['Nanny', 'education'],
  ['Live-out Carer', 'healthcare'],
  ['Housekeeper', 'hospitality'],
  ['Gardener', 'construction'],
  ['Personal Assistant', 'administration'],
] as const;

const HOURS_PER_YEAR = 1976;
const DAYS_PER_YEAR = 230;
const classificationValues = classifications.map(([v]) => v);

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function escapeHtml(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function jobContent(ctx: SeedContext, employer: SeedEmployer, healthcareSite: boolean): JobContent {
  const { rng } = ctx;
  let title: string;
  let classification: string;
  if (employer.type === 'household') {
    [title, classification] = rng.pick(householdJobs);
  } else {
    const industry = classificationValues.includes(employer.industry) ? employer.industry : null;
    classification =
      healthcareSite || (industry && rng.chance(0.6))
        ? healthcareSite
          ? 'healthcare'
          : industry!
        : rng.pick(classificationValues);
    title = rng.pick(titlesByClassification[classification]!.titles);
  }
  const band = titlesByClassification[classification]!.band;
  const workType =
    employer.type === 'household'
      ? rng.pick(['part_time', 'casual'])
      : rng.weighted([
          ['full_time', 8],
          ['part_time', 2],
          ['contract', 2],
          ['casual', 1],
          ['temporary', 1],
          ['internship', 1],
        ] as const);
  const payType =
    workType === 'casual' || workType === 'temporary' || employer.type === 'household'
      ? 'hourly'
      : workType === 'contract'
        ? rng.pick(['daily', 'hourly'])
        : 'annual';
  if (workType === 'internship') title = `${title} Intern`;

  const annualMin = roundTo(band[0] + rng.next() * (band[1] - band[0]) * 0.6, 1000);
  const annualMax = Math.min(band[1], annualMin + roundTo(5000 + rng.next() * 25_000, 1000));
  const perUnit = payType === 'hourly' ? HOURS_PER_YEAR : payType === 'daily' ? DAYS_PER_YEAR : 1;
  const step = payType === 'hourly' ? 0.5 : payType === 'daily' ? 10 : 1000;
  const payMin = roundTo(annualMin / perUnit, step);
  const payMax = Math.max(payMin, roundTo(annualMax / perUnit, step));

  const duties = rng.sample(responsibilities, 4);
  const needs = rng.sample(requirements, 3);
  const intro = `${employer.name} is looking for a ${title.toLowerCase()} to join the team${employer.type === 'household' ? ' at home' : ''}. This is a ${workType.replace('_', '-')} role with a supportive team and room to grow.`;
  const description = [
    `<p>${escapeHtml(intro)}</p>`,
    '<p><strong>What you will do</strong></p>',
    `<ul>${duties.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>`,
    '<p><strong>What you bring</strong></p>',
    `<ul>${needs.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>`,
    '<p>Apply today; we review applications as they arrive.</p>',
  ].join('');
  const descriptionText = [
    intro,
    'What you will do',
    ...duties,
    'What you bring',
    ...needs,
    'Apply today; we review applications as they arrive.',
  ].join('\n');

  const applyType =
    employer.type === 'household'
      ? 'internal'
      : rng.weighted([
          ['internal', 8],
          ['url', 1],
          ['email', 1],
        ] as const);
  return {
    title,
    classification,
    workType,
    payType,
    payMinCents: Math.round(payMin * 100),
    payMaxCents: Math.round(payMax * 100),
    salaryMinCents: roundTo(payMin * perUnit, 1000) * 100,
    salaryMaxCents: roundTo(payMax * perUnit, 1000) * 100,
    description,
    descriptionText,
    keySellingPoints: rng.sample(sellingPoints, 3),
    links:
      employer.type === 'business' && rng.chance(0.5)
        ? [{ label: `About ${employer.name}`, url: `https://www.${employer.domain}/about` }]
        : [],
    tags: rng.sample(jobTags, rng.int(0, 2)),
    applyType,
    applicationUrl: applyType === 'url' ? `https://www.${employer.domain}/careers` : null,
    applicationEmails: applyType === 'email' ? [`careers@${employer.domain}`] : [],
  };
}
