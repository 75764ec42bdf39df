import type { BoardJobDetail, googleEmploymentTypes, googleSalaryUnits, JobPostingLd } from '@hireline/contract/board';
import type { BoardJobRow } from './board-jobs.repo';

/* The schema.org JobPosting of an advert, with the fields Google for Jobs requires and recommends. */

type EmploymentType = (typeof googleEmploymentTypes)[number];
type SalaryUnit = (typeof googleSalaryUnits)[number];

/**
 * Google's employment type for a work type. Work types are the site's own list, so the value and its label are read
 * by their words (`full_time`/`Full time`, `Casual`, `Contract`…); a work type that says none of them is OTHER.
 * Casual work is paid by the shift with no set hours, which is Google's PER_DIEM.
 */
export function employmentTypeOf(workType: { value: string; label: string } | null): EmploymentType | undefined {
  if (!workType) return undefined;
  const words = `${workType.value} ${workType.label}`.toLowerCase().replace(/[^a-z]+/g, ' ');
  const rules: Array<[RegExp, EmploymentType]> = [
    [/\bfull ?time\b|\bpermanent\b/, 'FULL_TIME'],
    [/\bpart ?time\b/, 'PART_TIME'],
    [/\bcontract|\bfreelanc|\bcontractor/, 'CONTRACTOR'],
    [/\btemp/, 'TEMPORARY'],
    [/\bintern/, 'INTERN'],
    [/\bvolunt/, 'VOLUNTEER'],
    [/\bcasual\b|\bper diem\b/, 'PER_DIEM'],
  ];
  return rules.find(([re]) => re.test(words))?.[1] ?? 'OTHER';
}

const units: Record<string, SalaryUnit> = { hour: 'HOUR', day: 'DAY', week: 'WEEK', month: 'MONTH', year: 'YEAR' };

export interface Place {
  city: string | null;
  region: string | null;
  /** ISO 3166 code, when known. */
  country: string | null;
  remote: boolean;
}

/** The region subtag of a locale (`en-US` → `US`): where a board without better information is. */
export function countryOfLocale(locale: string | null): string | null {
  const m = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(locale ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

/**
 * An advert's location is one line of text (`Boston, MA`, `Sydney, NSW`, `Remote (US)`): town first, then region,
 * then optionally country. The country otherwise comes from the employer's address, else the board's locale.
 */
export function placeOf(location: string | null, employerCountry: string | null, locale: string | null): Place {
  const text = (location ?? '').trim();
  const remote = /\bremote\b/i.test(text);
  const inBrackets = /\(([A-Za-z]{2})\)/.exec(text)?.[1]?.toUpperCase() ?? null;
  const parts = remote ? [] : text.split(',').map((p) => p.trim()).filter(Boolean);
  const country = (parts.length >= 3 ? parts[2] : null) ?? inBrackets ?? employerCountry ?? countryOfLocale(locale);
  return { city: parts[0] ?? null, region: parts[1] ?? null, country: country || null, remote };
}

const cents = (n: number | null) => (n === null ? undefined : n / 100);

function baseSalary(pay: BoardJobDetail['pay']): JobPostingLd['baseSalary'] {
  if (!pay) return undefined;
  const unitText = units[pay.period ?? ''];
  // Without a period an amount means nothing to Google, which then rejects the whole salary.
  if (!unitText) return undefined;
  const [min, max] = [cents(pay.min_cents), cents(pay.max_cents)];
  const amount =
    min !== undefined && max !== undefined && min !== max ? { minValue: min, maxValue: max } : { value: (max ?? min)! };
  return { '@type': 'MonetaryAmount', currency: pay.currency, value: { '@type': 'QuantitativeValue', ...amount, unitText } };
}

const absolute = (origin: string, url: string | null) => (url === null ? undefined : url.startsWith('/') ? `${origin}${url}` : url);

export function jobPostingLd(
  job: Omit<BoardJobDetail, 'json_ld'>,
  row: Pick<BoardJobRow, 'employerCountry'>,
  c: { site: { name: string; locale: string | null }; origin: string },
): JobPostingLd {
  const place = placeOf(job.location, row.employerCountry, c.site.locale);
  const address = {
    '@type': 'PostalAddress' as const,
    ...(place.city && { addressLocality: place.city }),
    ...(place.region && { addressRegion: place.region }),
    ...(place.country && { addressCountry: place.country }),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.published_at,
    ...(job.expires_at && { validThrough: job.expires_at }),
    ...(job.work_type && { employmentType: employmentTypeOf(job.work_type) }),
    hiringOrganization: {
      '@type': 'Organization',
      name: job.employer.name,
      ...(job.employer.website && { sameAs: job.employer.website }),
      ...(job.employer.logo_url && { logo: absolute(c.origin, job.employer.logo_url) }),
    },
    ...(place.remote
      ? {
          jobLocationType: 'TELECOMMUTE' as const,
          ...(place.country && { applicantLocationRequirements: { '@type': 'Country' as const, name: place.country } }),
        }
      : Object.keys(address).length > 1 && { jobLocation: { '@type': 'Place' as const, address } }),
    ...(baseSalary(job.pay) && { baseSalary: baseSalary(job.pay) }),
    identifier: { '@type': 'PropertyValue', name: c.site.name, value: job.reference_number ?? job.id },
    directApply: job.apply.type === 'internal',
    url: `${c.origin}/jobs/${job.id}`,
  };
}
