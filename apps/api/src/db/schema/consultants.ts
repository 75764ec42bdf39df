import { boolean, index, pgTable, primaryKey, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns';
import { users } from './identity';
import { files } from './platform';
import { accounts, sites } from './tenancy';

/** Recruiters shown on jobs; `user_id` links one to a portal login when they have one. */
export const consultants = pgTable(
  'consultants',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    title: text('title'),
    photoFileId: uuid('photo_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('consultants_account_created_idx').on(t.accountId, t.createdAt.desc()),
    unique('consultants_account_user_unique').on(t.accountId, t.userId),
  ],
);

export const consultantSites = pgTable(
  'consultant_sites',
  {
    consultantId: uuid('consultant_id')
      .notNull()
      .references(() => consultants.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.consultantId, t.siteId] }), index('consultant_sites_site_idx').on(t.siteId)],
);
