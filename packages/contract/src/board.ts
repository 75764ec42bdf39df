import { z } from 'zod';
import { endpoint } from './endpoint';
import { manyFilter, timestamp, uuid, uuidParams } from './common';
import { applyTypes, screeningQuestionTypes } from './enums';
import { messages } from './messages';

/*
 * The public job board's read side. Every endpoint answers for the board whose domain is `?domain=` (the board's own
 * host when absent): an unknown host, an account's portal domain, a disabled site or one with its board off is 404.
 * Only live adverts of that one site ever appear, and nothing staff-only (notes, consultants, credits, knock-out
 * answers) is part of any shape here: the response schemas strip whatever they do not name.
 */

const tags = ['board'];
const access = { public: true } as const;

/** The board's host; the request's Host header when not given (the board calls from its own domain). */
const domain = z.string().trim().min(1).max(253).optional();

export const boardOption = z.object({ value: z.string(), label: z.string() });
export const boardFacet = boardOption.extend({ count: z.number().int() });

export const boardSite = z.object({
  name: z.string(),
  locale: z.string(),
  currency: z.string(),
  /** Live adverts on the board now. */
  live_jobs: z.number().int(),
  /** The site's enabled field options in its order, each with how many live adverts carry it (zeros included). */
  filters: z.object({
    work_types: z.array(boardFacet),
    classifications: z.array(boardFacet),
    pay_types: z.array(boardFacet),
  }),
  /** The site's account's periods a candidate is told on the privacy notice, in days (contract retention.ts). */
  retention: z.object({ application_days: z.number().int(), candidate_days: z.number().int() }),
});
export type BoardSite = z.infer<typeof boardSite>;

export const payPeriods = ['hour', 'day', 'week', 'month', 'year'] as const;

/**
 * How many of each period make a year, for comparing pay across periods (the board's minimum pay filter is a yearly
 * amount): full time of 40 hours and 5 days a week, 52 weeks a year. Pay whose period is unknown counts as is.
 */
export const periodsPerYear: Record<(typeof payPeriods)[number], number> = { hour: 2080, day: 260, week: 52, month: 12, year: 1 };

/** The advertised pay range in integer cents; `period` is what one amount pays for, when the pay type says. */
export const boardPay = z.object({
  min_cents: z.number().int().nullable(),
  max_cents: z.number().int().nullable(),
  currency: z.string(),
  type: boardOption.nullable(),
  period: z.enum(payPeriods).nullable(),
});

export const boardJobSummary = z.object({
  id: uuid,
  title: z.string(),
  employer: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  location: z.string().nullable(),
  work_type: boardOption.nullable(),
  classification: boardOption.nullable(),
  /** Null when the advert shows no pay range. */
  pay: boardPay.nullable(),
  /** The start of the description as plain text. */
  summary: z.string(),
  key_selling_points: z.array(z.string()),
  featured: z.boolean(),
  published_at: timestamp,
  expires_at: timestamp.nullable(),
});
export type BoardJobSummary = z.infer<typeof boardJobSummary>;

/** Google's employment types (schema.org JobPosting as Google for Jobs reads it). */
export const googleEmploymentTypes = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
] as const;
export const googleSalaryUnits = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;

const ldAddress = z.object({
  '@type': z.literal('PostalAddress'),
  addressLocality: z.string().optional(),
  addressRegion: z.string().optional(),
  addressCountry: z.string().optional(),
});

/** A schema.org JobPosting for a `<script type="application/ld+json">` on the job's page (Google for Jobs). */
export const jobPostingLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('JobPosting'),
  title: z.string(),
  /** HTML, as Google asks. */
  description: z.string(),
  datePosted: z.string(),
  validThrough: z.string().optional(),
  employmentType: z.enum(googleEmploymentTypes).optional(),
  hiringOrganization: z.object({
    '@type': z.literal('Organization'),
    name: z.string(),
    sameAs: z.string().optional(),
    logo: z.string().optional(),
  }),
  jobLocation: z.object({ '@type': z.literal('Place'), address: ldAddress }).optional(),
  /** Remote adverts: where applicants may work from. */
  jobLocationType: z.literal('TELECOMMUTE').optional(),
  applicantLocationRequirements: z.object({ '@type': z.literal('Country'), name: z.string() }).optional(),
  baseSalary: z
    .object({
      '@type': z.literal('MonetaryAmount'),
      currency: z.string(),
      value: z.object({
        '@type': z.literal('QuantitativeValue'),
        value: z.number().optional(),
        minValue: z.number().optional(),
        maxValue: z.number().optional(),
        unitText: z.enum(googleSalaryUnits),
      }),
    })
    .optional(),
  identifier: z.object({ '@type': z.literal('PropertyValue'), name: z.string(), value: z.string() }),
  directApply: z.boolean(),
  url: z.string().optional(),
});
export type JobPostingLd = z.infer<typeof jobPostingLd>;

/** What the application form asks; which answers knock an applicant out is never part of it. */
export const boardQuestion = z.object({
  id: uuid,
  question: z.string(),
  type: z.enum(screeningQuestionTypes),
  options: z.array(z.string()),
  required: z.boolean(),
});

export const boardJobDetail = boardJobSummary.extend({
  reference_number: z.string().nullable(),
  /** Sanitised HTML. */
  description: z.string(),
  banner_url: z.string().nullable(),
  employer: z.object({ name: z.string(), logo_url: z.string().nullable(), website: z.string().nullable() }),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  /** `internal`: the board's own form; `url`: send the seeker to `url`; `email`: apply by email to `email`. */
  apply: z.object({ type: z.enum(applyTypes), url: z.string().nullable(), email: z.string().nullable() }),
  screening_questions: z.array(boardQuestion),
  json_ld: jobPostingLd,
});
export type BoardJobDetail = z.infer<typeof boardJobDetail>;

export const boardSorts = ['-published_at', 'published_at', 'relevance'] as const;

export const boardJobsQuery = z.object({
  domain,
  page: z.coerce.number({ error: messages.invalid }).int().min(1).default(1),
  per_page: z.coerce.number({ error: messages.invalid }).int().min(1).max(50).default(20),
  q: z.string().trim().max(200).optional(),
  /** Newest first unless asked; `relevance` (the default with `q`) ranks by how well the text matches. */
  sort: z.enum(boardSorts, { error: messages.invalid }).optional(),
  /** Field option values; repeat to accept any of several. */
  work_type: manyFilter(z.string().max(100)).optional(),
  classification: manyFilter(z.string().max(100)).optional(),
  pay_type: manyFilter(z.string().max(100)).optional(),
  /** Text the location contains (case-insensitive). */
  location: z.string().trim().max(200).optional(),
  /**
   * In cents a year: adverts whose pay reaches at least this (the top of their range, or the bottom when only that is
   * given), an hourly, daily, weekly or monthly amount counted as a year's pay (`periodsPerYear`).
   */
  pay_min: z.coerce.number({ error: messages.invalid }).int().min(0).max(1_000_000_000).optional(),
});

const boardPageMeta = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });

export const getBoardSite = endpoint({
  method: 'GET',
  path: '/v1/board/site',
  summary: "The board's site: name, locale, filter options with counts of live adverts",
  tags,
  access,
  query: z.object({ domain }),
  response: boardSite,
});

export const listBoardJobs = endpoint({
  method: 'GET',
  path: '/v1/board/jobs',
  summary: "The board's live adverts, searched (`q`), filtered, sorted and paged (at most 50 a page)",
  tags,
  access,
  query: boardJobsQuery,
  response: z.object({ data: z.array(boardJobSummary), meta: boardPageMeta }),
});

export const getBoardJob = endpoint({
  method: 'GET',
  path: '/v1/board/jobs/:uuid',
  summary: 'One live advert of the board with its description, how to apply, screening questions and JSON-LD',
  tags,
  access,
  params: uuidParams,
  query: z.object({ domain }),
  response: boardJobDetail,
});
