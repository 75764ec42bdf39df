import { sql } from 'drizzle-orm';
import { notificationChannels, type NotificationChannel } from '@hireline/contract/notification-events';
import { index, jsonb, pgTable, primaryKey, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz, updatedAt } from '../columns';
import { users } from './identity';
import { accounts, sites } from './tenancy';

/**
 * A user's inbox. `account_id` is null only for enterprise-level notices (e.g. to an enterprise admin
 * about the enterprise itself); the inbox is always read by `user_id`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    link: text('link'),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    notifiedAt: tstz('notified_at').notNull().defaultNow(),
    readAt: tstz('read_at'),
    /** One notification per event, subject and recipient: a sweep or a retried request that runs twice adds nothing. */
    dedupeKey: text('dedupe_key').unique('notifications_dedupe_key_unique'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_notified_idx').on(t.userId, t.notifiedAt.desc()),
    // The unread badge: a small partial index instead of scanning the whole inbox.
    index('notifications_user_unread_idx')
      .on(t.userId, t.notifiedAt.desc())
      .where(sql`read_at is null`),
    index('notifications_account_idx').on(t.accountId),
  ],
);

export type { NotificationChannel };

export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull().default('both'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.event] }),
    oneOf('notification_preferences_channel_check', t.channel, notificationChannels),
  ],
);
