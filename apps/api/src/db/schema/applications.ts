import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { applicationStatuses, type ApplicationStatus, type ScreeningQuestionType } from '@hireline/contract/enums';
import { createdAt, id, oneOf, searchDocument, textArray, tstz, tsvector, updatedAt } from '../columns';
import { employers } from './employers';
import { users } from './identity';
import { jobs } from './jobs';
import { files } from './platform';
import { seekers } from './seekers';
import { accounts, sites } from './tenancy';

/** A snapshot of each screening answer, so editing the job's questions later never rewrites history. */
export interface ApplicationAnswer {
  question_id: string;
  label: string;
  type: ScreeningQuestionType;
  answer: string | string[] | number | boolean | null;
  knocked_out: boolean;
}

export interface StatusNotify {
  admin: boolean;
  consultants: boolean;
  candidate: boolean;
}

export const applications = pgTable(
  'applications',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    employerId: uuid('employer_id')
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    seekerId: uuid('seeker_id')
      .notNull()
      .references(() => seekers.id, { onDelete: 'cascade' }),
    status: text('status').$type<ApplicationStatus>().notNull().default('applied'),
    statusChangedAt: tstz('status_changed_at').notNull().defaultNow(),
    source: text('source').notNull().default('board'),
    knockedOut: boolean('knocked_out').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    answers: jsonb('answers')
      .$type<ApplicationAnswer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    resumeFileId: uuid('resume_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    coverLetter: text('cover_letter'),
    tags: textArray('tags'),
    // Copies of the seeker's and job's names: list and search read one table, no join.
    candidateName: text('candidate_name').notNull(),
    candidateEmail: text('candidate_email').notNull(),
    jobTitle: text('job_title').notNull(),
    withdrawnAt: tstz('withdrawn_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      searchDocument([
        ['candidate_name', 'A'],
        ['candidate_email', 'A'],
        ['job_title', 'B'],
      ]),
    ),
  },
  (t) => [
    unique('applications_job_seeker_unique').on(t.jobId, t.seekerId),
    // The list's sorts (migration 0027): site first, the id for ties, the account for the policy (index-only deep pages).
    index('applications_site_created_idx').on(t.siteId, t.createdAt.desc(), t.id.desc().nullsFirst(), t.accountId),
    index('applications_site_status_changed_idx').on(t.siteId, t.statusChangedAt.desc(), t.id.desc().nullsFirst(), t.accountId),
    index('applications_site_candidate_idx').on(t.siteId, t.candidateName.desc(), t.id.desc().nullsFirst(), t.accountId),
    index('applications_site_job_title_idx').on(t.siteId, t.jobTitle.desc(), t.id.desc().nullsFirst(), t.accountId),
    // Disabled applications: few, and found only by walking the whole site without it (migration 0029).
    index('applications_site_disabled_idx')
      .on(t.siteId, t.createdAt.desc(), t.id.desc().nullsFirst(), t.accountId)
      .where(sql`not enabled`),
    // Knocked-out applications (about one in twelve), in the list's order, with their tags: a filter the site's
    // indexes cannot serve, which combined with a tag had the count read every row of the site (migration 0031).
    index('applications_site_knocked_out_idx')
      .on(t.siteId, t.createdAt.desc(), t.id.desc().nullsFirst(), t.accountId, t.tags)
      .where(sql`knocked_out`),
    index('applications_site_status_created_idx').on(t.siteId, t.status, t.createdAt.desc()),
    index('applications_job_status_created_idx').on(t.jobId, t.status, t.createdAt.desc()),
    index('applications_job_created_idx').on(t.jobId, t.createdAt.desc()),
    index('applications_seeker_created_idx').on(t.seekerId, t.createdAt.desc()),
    index('applications_employer_created_idx').on(t.employerId, t.createdAt.desc()),
    index('applications_account_idx').on(t.accountId),
    index('applications_search_idx').using('gin', t.search),
    index('applications_tags_idx').using('gin', t.tags),
    oneOf('applications_status_check', t.status, applicationStatuses),
  ],
);

export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ApplicationStatus>(),
    toStatus: text('to_status').$type<ApplicationStatus>().notNull(),
    actorUserId: uuid('actor_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    actorSeekerId: uuid('actor_seeker_id').references(() => seekers.id, { onDelete: 'set null' }),
    notify: jsonb('notify')
      .$type<StatusNotify>()
      .notNull()
      .default(sql`'{"admin":false,"consultants":false,"candidate":false}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_status_history_application_idx').on(t.applicationId, t.createdAt),
    // Deleting a candidate nulls their history actor; the index keeps that from scanning every change ever made.
    index('application_status_history_actor_seeker_idx').on(t.actorSeekerId),
    oneOf('application_status_history_from_check', t.fromStatus, applicationStatuses),
    oneOf('application_status_history_to_check', t.toStatus, applicationStatuses),
  ],
);

export const applicationFeedbacks = pgTable(
  'application_feedbacks',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .unique('application_feedbacks_application_unique')
      .references(() => applications.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    employerRecommended: boolean('employer_recommended').notNull().default(false),
    additionalFeedback: text('additional_feedback'),
    createdByUserId: uuid('created_by_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('application_feedbacks_rating_check', sql`${t.rating} between 1 and 5`)],
);

/**
 * How many applications each site and each employer has in each status, kept by a statement-level trigger on
 * `applications` (migration 0004), so the stage tabs read a handful of rows instead of counting 300,000.
 * `scope_id` is a site id or an employer id (`scope_kind` says which); ids are UUIDs, so the two never collide.
 */
export const applicationStatusCounts = pgTable(
  'application_status_counts',
  {
    scopeId: uuid('scope_id').notNull(),
    scopeKind: text('scope_kind').$type<'site' | 'employer'>().notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<ApplicationStatus>().notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scopeId, t.status] }),
    index('application_status_counts_account_idx').on(t.accountId),
    oneOf('application_status_counts_status_check', t.status, applicationStatuses),
    oneOf('application_status_counts_kind_check', t.scopeKind, ['site', 'employer'] as const),
  ],
);

/**
 * How many applications each site and each employer received per UTC day, kept by statement-level triggers on
 * `applications` (migration 0014) like the stage counts, so the dashboard's 30-day series reads at most 30 rows per
 * scope instead of grouping the site's last month of applications (9,000 of them on the benchmark's big site).
 */
export const applicationDailyCounts = pgTable(
  'application_daily_counts',
  {
    scopeId: uuid('scope_id').notNull(),
    scopeKind: text('scope_kind').$type<'site' | 'employer'>().notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scopeId, t.day] }),
    index('application_daily_counts_account_idx').on(t.accountId),
    oneOf('application_daily_counts_kind_check', t.scopeKind, ['site', 'employer'] as const),
  ],
);
