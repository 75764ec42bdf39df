import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { outboxStatuses, uploadPurposes, type OutboxStatus, type UploadPurpose } from '@hireline/contract/enums';
import { createdAt, id, oneOf, tstz } from '../columns';
import { users } from './identity';
import { seekers } from './seekers';
import { accounts, enterprises, sites } from './tenancy';

/**
 * Uploaded blobs. Owners are set null rather than cascaded so a retention job still finds the row
 * (and deletes the blob under `storage_key`) after the owner is gone.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ownerSeekerId: uuid('owner_seeker_id').references((): AnyPgColumn => seekers.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<UploadPurpose>().notNull(),
    storageKey: text('storage_key').notNull().unique('files_storage_key_unique'),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_account_created_idx').on(t.accountId, t.createdAt.desc()),
    index('files_owner_user_idx').on(t.ownerUserId),
    index('files_owner_seeker_idx').on(t.ownerSeekerId),
    oneOf('files_purpose_check', t.purpose, uploadPurposes),
    check('files_size_check', sql`${t.size} >= 0`),
  ],
);

/**
 * Append-only (trigger in the append_only migration). Rows outlive the account they describe
 * (`account_id` set null) so an account's deletion stays on record at the enterprise.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    enterpriseId: uuid('enterprise_id')
      .notNull()
      .references(() => enterprises.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    impersonatorUserId: uuid('impersonator_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's order with the id for ties and the other tenant column, so a deep page is skipped in the index alone.
    index('audit_logs_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc().nullsFirst(), t.enterpriseId),
    index('audit_logs_enterprise_created_idx').on(t.enterpriseId, t.createdAt.desc(), t.id.desc().nullsFirst(), t.accountId),
    // Led by the id: the list's subject filter often names no type (migration 0027).
    index('audit_logs_subject_idx').on(t.subjectId, t.subjectType),
    // "Impersonated only": a few entries among hundreds of thousands, in the list's order (migration 0029).
    index('audit_logs_account_impersonated_idx')
      .on(t.accountId, t.createdAt.desc(), t.id.desc().nullsFirst(), t.enterpriseId)
      .where(sql`impersonator_user_id is not null`),
    index('audit_logs_enterprise_impersonated_idx')
      .on(t.enterpriseId, t.createdAt.desc(), t.id.desc().nullsFirst(), t.accountId)
      .where(sql`impersonator_user_id is not null`),
  ],
);

/** Mail is written here inside the business transaction and delivered by a worker. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    dedupeKey: text('dedupe_key').unique('email_outbox_dedupe_key_unique'),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    // Decided when queued (platform/mail.ts): null, as on rows older than migration 0022, means MAIL_FROM's.
    fromName: text('from_name'),
    fromAddress: text('from_address'),
    replyTo: text('reply_to'),
    locale: text('locale').notNull().default('en'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_account_created_idx').on(t.accountId, t.createdAt.desc()),
    oneOf('email_outbox_status_check', t.status, outboxStatuses),
  ],
);

/**
 * The timed work of every API process (platform/scheduler.ts): a task runs when a process moves `next_run_at`
 * forward with a conditional update, so with several processes each run happens in exactly one of them.
 */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  nextRunAt: tstz('next_run_at').notNull().defaultNow(),
  lastStartedAt: tstz('last_started_at'),
  lastFinishedAt: tstz('last_finished_at'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});

/**
 * Sign-in and reset rate-limit windows (platform/rate-limit.ts), shared by every API process on one database so a
 * limit holds across processes (ADR 004). One row per key; a hit is one upsert that restarts a finished window.
 * Keys are already hashes of an address or an email, never the raw value; old rows are swept by the scheduler.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    windowStart: tstz('window_start').notNull(),
    windowEnd: tstz('window_end').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_windows_end_idx').on(t.windowEnd)],
);
