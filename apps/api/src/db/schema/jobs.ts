import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  applyTypes,
  flagReportStatuses,
  jobStatuses,
  screeningQuestionTypes,
  type ApplyType,
  type FlagReportStatus,
  type JobStatus,
  type ScreeningQuestionType,
} from '@hireline/contract/enums';
import { createdAt, id, oneOf, searchDocument, textArray, tstz, tsvector, updatedAt } from '../columns';
import { consultants } from './consultants';
import { employers } from './employers';
import { users } from './identity';
import { files } from './platform';
import { seekers } from './seekers';
import { accountRef as account, accounts, siteRef as site } from './tenancy';

const job = () =>
  uuid('job_id')
    .notNull()
    .references((): AnyPgColumn => jobs.id, { onDelete: 'cascade' });
const actor = (name: string) => uuid(name).references((): AnyPgColumn => users.id, { onDelete: 'set null' });

/** What an employer buys a post as; every product costs one credit (DESIGN §5). */
export const products = pgTable(
  'products',
  {
    id: id(),
    accountId: account(),
    siteId: site(),
    name: text('name').notNull(),
    description: text('description'),
    durationDays: integer('duration_days').notNull(),
    featured: boolean('featured').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_site_position_idx').on(t.siteId, t.position),
    check('products_duration_check', sql`${t.durationDays} > 0`),
    check('products_price_check', sql`${t.priceCents} >= 0`),
  ],
);

export interface JobLink {
  label: string;
  url: string;
}

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    accountId: account(),
    siteId: site(),
    employerId: uuid('employer_id')
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    consultantId: uuid('consultant_id').references(() => consultants.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    status: text('status').$type<JobStatus>().notNull().default('draft'),
    // The flagged marker of DESIGN §5 is `open_reports > 0`, kept in step with flagged_job_reports.
    openReports: integer('open_reports').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    title: text('title').notNull(),
    referenceNumber: text('reference_number'),
    description: text('description').notNull().default(''),
    descriptionText: text('description_text').notNull().default(''),
    workType: text('work_type'),
    payType: text('pay_type'),
    payMinCents: integer('pay_min_cents'),
    payMaxCents: integer('pay_max_cents'),
    salaryMinCents: integer('salary_min_cents'),
    salaryMaxCents: integer('salary_max_cents'),
    currency: text('currency').notNull().default('USD'),
    classification: text('classification'),
    location: text('location'),
    keySellingPoints: textArray('key_selling_points'),
    links: jsonb('links')
      .$type<JobLink[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    bannerFileId: uuid('banner_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    advertStartAt: tstz('advert_start_at'),
    advertEndAt: tstz('advert_end_at'),
    applyType: text('apply_type').$type<ApplyType>().notNull().default('internal'),
    applicationUrl: text('application_url'),
    applicationEmails: textArray('application_emails'),
    tags: textArray('tags'),
    postedAt: tstz('posted_at'),
    approvedAt: tstz('approved_at'),
    rejectedAt: tstz('rejected_at'),
    rejectionReason: text('rejection_reason'),
    expiredAt: tstz('expired_at'),
    unlistedAt: tstz('unlisted_at'),
    clonedFromId: uuid('cloned_from_id').references((): AnyPgColumn => jobs.id, { onDelete: 'set null' }),
    createdByUserId: actor('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      searchDocument([
        ['title', 'A'],
        ['reference_number', 'A'],
        ['location', 'B'],
        ['description_text', 'C'],
      ]),
    ),
  },
  (t) => [
    // The list's sorts (migration 0027): site first, the id for ties, the account for the policy (index-only deep
    // pages). The nullable dates sort nulls last both ways, so each has an index per direction.
    index('jobs_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc().nullsFirst(), t.accountId),
    index('jobs_site_title_idx').on(t.siteId, t.title.desc(), t.id.desc().nullsFirst(), t.accountId),
    index('jobs_site_status_idx').on(t.siteId, t.status.desc(), t.id.desc().nullsFirst(), t.accountId),
    index('jobs_site_advert_end_idx').on(t.siteId, t.advertEndAt, t.id, t.accountId),
    index('jobs_site_advert_end_desc_idx').on(t.siteId, t.advertEndAt.desc(), t.id.desc().nullsFirst(), t.accountId),
    index('jobs_site_posted_idx').on(t.siteId, t.postedAt, t.id, t.accountId),
    index('jobs_site_posted_desc_idx').on(t.siteId, t.postedAt.desc(), t.id.desc().nullsFirst(), t.accountId),
    index('jobs_site_status_created_idx').on(t.siteId, t.status, t.createdAt.desc()),
    index('jobs_employer_created_idx').on(t.employerId, t.createdAt.desc()),
    index('jobs_account_idx').on(t.accountId),
    index('jobs_consultant_idx').on(t.consultantId),
    index('jobs_product_idx').on(t.productId),
    // The public board: live jobs of a site in the order it lists them, newest publication first (the expression is
    // board-jobs.repo.ts's publishedAt, which the planner must see verbatim), so a page stops after its rows instead
    // of sorting every live advert of the site; read backwards for oldest first.
    index('jobs_site_board_published_idx')
      .on(t.siteId, sql`(coalesce(greatest(${t.postedAt}, ${t.approvedAt}, ${t.advertStartAt}), ${t.createdAt})) desc`, t.id.desc().nullsFirst())
      .where(sql`status = 'live'`),
    index('jobs_site_flagged_idx')
      .on(t.siteId, t.createdAt.desc())
      .where(sql`open_reports > 0`),
    // The expiry sweep: adverts that are still running.
    index('jobs_advert_end_idx')
      .on(t.advertEndAt)
      .where(sql`status in ('live', 'unlisted')`),
    index('jobs_tags_idx').using('gin', t.tags),
    index('jobs_search_idx').using('gin', t.search),
    index('jobs_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    oneOf('jobs_status_check', t.status, jobStatuses),
    oneOf('jobs_apply_type_check', t.applyType, applyTypes),
    check('jobs_open_reports_check', sql`${t.openReports} >= 0`),
    check(
      'jobs_pay_range_check',
      sql`${t.payMinCents} is null or ${t.payMaxCents} is null or ${t.payMinCents} <= ${t.payMaxCents}`,
    ),
    check(
      'jobs_salary_range_check',
      sql`${t.salaryMinCents} is null or ${t.salaryMaxCents} is null or ${t.salaryMinCents} <= ${t.salaryMaxCents}`,
    ),
    check(
      'jobs_advert_dates_check',
      sql`${t.advertStartAt} is null or ${t.advertEndAt} is null or ${t.advertStartAt} <= ${t.advertEndAt}`,
    ),
  ],
);

export const screeningQuestions = pgTable(
  'screening_questions',
  {
    id: id(),
    accountId: account(),
    jobId: job(),
    position: integer('position').notNull().default(0),
    type: text('type').$type<ScreeningQuestionType>().notNull(),
    label: text('label').notNull(),
    required: boolean('required').notNull().default(false),
    options: textArray('options'),
    // Answers that mark an application Unsuccessful on arrival; null = no knock-out.
    knockoutAnswers: jsonb('knockout_answers').$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('screening_questions_job_idx').on(t.jobId, t.position),
    oneOf('screening_questions_type_check', t.type, screeningQuestionTypes),
  ],
);

export const jobStatusHistory = pgTable(
  'job_status_history',
  {
    id: id(),
    accountId: account(),
    jobId: job(),
    fromStatus: text('from_status').$type<JobStatus>(),
    toStatus: text('to_status').$type<JobStatus>().notNull(),
    actorUserId: actor('actor_user_id'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_status_history_job_idx').on(t.jobId, t.createdAt),
    oneOf('job_status_history_from_check', t.fromStatus, jobStatuses),
    oneOf('job_status_history_to_check', t.toStatus, jobStatuses),
  ],
);

export const jobFeedbacks = pgTable(
  'job_feedbacks',
  {
    id: id(),
    accountId: account(),
    siteId: site(),
    jobId: job(),
    seekerId: uuid('seeker_id').references((): AnyPgColumn => seekers.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    // Null: the candidate did not say (feedback given before the question existed, or left unanswered).
    employerRecommended: boolean('employer_recommended'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_feedbacks_job_created_idx').on(t.jobId, t.createdAt.desc()),
    index('job_feedbacks_site_created_idx').on(t.siteId, t.createdAt.desc()),
    // Deleting or erasing a candidate nulls these; without an index that is a scan of the whole table.
    index('job_feedbacks_seeker_idx').on(t.seekerId),
    check('job_feedbacks_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const flaggedJobReports = pgTable(
  'flagged_job_reports',
  {
    id: id(),
    accountId: account(),
    siteId: site(),
    jobId: job(),
    reason: text('reason').notNull(),
    additionalComments: text('additional_comments'),
    reporterEmail: text('reporter_email'),
    reporterSeekerId: uuid('reporter_seeker_id').references((): AnyPgColumn => seekers.id, { onDelete: 'set null' }),
    status: text('status').$type<FlagReportStatus>().notNull().default('open'),
    resolvedAt: tstz('resolved_at'),
    resolvedByUserId: actor('resolved_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('flagged_job_reports_site_status_created_idx').on(t.siteId, t.status, t.createdAt.desc()),
    index('flagged_job_reports_job_status_idx').on(t.jobId, t.status),
    index('flagged_job_reports_reporter_seeker_idx').on(t.reporterSeekerId),
    oneOf('flagged_job_reports_status_check', t.status, flagReportStatuses),
  ],
);

/**
 * How many jobs each site and each employer has in each status, kept by statement-level triggers on `jobs`
 * (migration 0013, as application_status_counts is for applications), so the dashboard reads a handful of rows
 * instead of visiting every job of a 100,000-job site. `scope_id` is a site id or an employer id (`scope_kind` says
 * which); ids are UUIDs, so the two never collide.
 */
export const jobStatusCounts = pgTable(
  'job_status_counts',
  {
    scopeId: uuid('scope_id').notNull(),
    scopeKind: text('scope_kind').$type<'site' | 'employer'>().notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<JobStatus>().notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scopeId, t.status] }),
    index('job_status_counts_account_idx').on(t.accountId),
    oneOf('job_status_counts_status_check', t.status, jobStatuses),
    oneOf('job_status_counts_kind_check', t.scopeKind, ['site', 'employer'] as const),
  ],
);
