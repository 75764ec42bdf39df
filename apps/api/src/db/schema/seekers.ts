import { sql } from 'drizzle-orm';
import { boolean, check, index, pgSequence, pgTable, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, searchDocument, textArray, tstz, tsvector, updatedAt } from '../columns';
import { files } from './platform';
import { accounts } from './tenancy';

/** Feeds the human-readable profile ids (`SK-000123`); one global sequence keeps them unique per account too. */
export const seekerProfileSeq = pgSequence('seeker_profile_seq', { startWith: 1, increment: 1 });

/** Candidates belong to an account and may apply on any of its sites. */
export const seekers = pgTable(
  'seekers',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    resumeFileId: uuid('resume_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    visaType: text('visa_type'),
    desiredWorkType: text('desired_work_type'),
    profileId: text('profile_id')
      .notNull()
      // SK-000123: six digits at least, more past SK-999999 (migration 0005; lpad(…, 6) alone cut 1000000 to 100000).
      .default(sql`seeker_profile_id()`),
    location: text('location'),
    tags: textArray('tags'),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: tstz('disabled_at'),
    emailVerifiedAt: tstz('email_verified_at'),
    // Set when personal data is wiped on request; the row stays so applications keep their counts.
    erasedAt: tstz('erased_at'),
    lastActiveAt: tstz('last_active_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      searchDocument([
        ['name', 'A'],
        ['email', 'A'],
        ['profile_id', 'A'],
        ['location', 'C'],
      ]),
    ),
  },
  (t) => [
    unique('seekers_account_email_unique').on(t.accountId, t.email),
    unique('seekers_account_profile_id_unique').on(t.accountId, t.profileId),
    // Each list sort's order to the last key, the id included: a page's ids are read from the index alone
    // (seekers-query.repo.ts listSeekers), however many rows its offset skips (migration 0030).
    index('seekers_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id.desc().nullsFirst()),
    index('seekers_account_name_idx').on(t.accountId, t.name, t.id),
    index('seekers_account_last_active_idx').on(t.accountId, t.lastActiveAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('seekers_search_idx').using('gin', t.search),
    index('seekers_tags_idx').using('gin', t.tags),
    // Substring search matches lower(name) LIKE lower(pattern): ILIKE lower-cases pattern and value on every row it
    // checks, which was half of a name search's page (bench/README.md). Emails are stored lower-case (check below).
    index('seekers_name_lower_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('seekers_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    check('seekers_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export const seekerDocuments = pgTable(
  'seeker_documents',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    seekerId: uuid('seeker_id')
      .notNull()
      .references(() => seekers.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references((): AnyPgColumn => files.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('document'),
    createdAt: createdAt(),
  },
  (t) => [index('seeker_documents_seeker_created_idx').on(t.seekerId, t.createdAt.desc())],
);
