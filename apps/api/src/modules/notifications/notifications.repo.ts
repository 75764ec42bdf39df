import { and, count, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, notifications, type NotificationChannel } from '../../db/schema/notifications';
import { newestFirst } from '../../platform/order';
import { runShaped, shapeKey, type Bound } from '../../platform/prepared';

/**
 * Whose inbox and how much of it: always the caller's own rows; with an account selected, that account's
 * notifications and those that belong to no account (enterprise-level notices).
 */
export interface Inbox {
  userId: string;
  accountId: string | null;
}

/** Leads with user_id so every query rides notifications_user_notified_idx or its unread partial twin. */
function visible(inbox: Bound<Inbox>): SQL {
  return and(
    eq(notifications.userId, inbox.userId),
    inbox.accountId ? or(eq(notifications.accountId, inbox.accountId), isNull(notifications.accountId)) : undefined,
  )!;
}

const columns = {
  id: notifications.id,
  event: notifications.event,
  subject: notifications.subject,
  content: notifications.content,
  link: notifications.link,
  notified_at: notifications.notifiedAt,
  read_at: notifications.readAt,
};

const present = <T extends { notified_at: Date; read_at: Date | null }>(r: T) => ({
  ...r,
  notified_at: r.notified_at.toISOString(),
  read_at: r.read_at?.toISOString() ?? null,
  read: r.read_at !== null,
});

/**
 * The page, its total and the unread count, each a prepared statement of the inbox's shape (with or without an
 * account, which rows): the bell polls this every 30 s on every open tab (platform/prepared.ts).
 */
export async function listInbox(db: DbOrTx, inbox: Inbox, page: number, perPage: number, unreadOnly?: boolean) {
  const values = { userId: inbox.userId, accountId: inbox.accountId ?? undefined };
  const key = shapeKey('inbox', values, unreadOnly);
  const conditions = () => {
    const scope = visible({ userId: sql.placeholder('userId'), accountId: inbox.accountId ? sql.placeholder('accountId') : null });
    const unread = and(scope, isNull(notifications.readAt));
    return { unread, where: unreadOnly === true ? unread : unreadOnly === false ? and(scope, isNotNull(notifications.readAt)) : scope };
  };
  const [rows, [total], [unreadCount]] = await Promise.all([
    runShaped(
      db,
      `${key}|page`,
      () =>
        db
          .select(columns)
          .from(notifications)
          .where(conditions().where)
          .orderBy(...newestFirst(notifications.notifiedAt, notifications.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      { ...values, limit: perPage, offset: (page - 1) * perPage },
    ),
    runShaped(db, `${key}|total`, () => db.select({ n: count() }).from(notifications).where(conditions().where), values),
    runShaped(db, `${key}|unread`, () => db.select({ n: count() }).from(notifications).where(conditions().unread), values),
  ]);
  return {
    data: rows.map(present),
    meta: { page, per_page: perPage, total: total?.n ?? 0, unread: unreadCount?.n ?? 0 },
  };
}

export async function findNotification(db: DbOrTx, inbox: Inbox, id: string) {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.id, id), visible(inbox)))
    .limit(1);
  return row ? present(row) : null;
}

/** Marking read keeps the first read time; marking unread clears it. */
export async function setRead(db: DbOrTx, inbox: Inbox, id: string, read: boolean) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(and(eq(notifications.id, id), visible(inbox)))
    .returning(columns);
  return row ? present(row) : null;
}

export async function markAllRead(db: DbOrTx, inbox: Inbox) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(visible(inbox), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: DbOrTx, inbox: Inbox, id: string) {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), visible(inbox)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** The user's stored choices; events without a row are `both`. */
export async function preferencesOf(db: DbOrTx, userId: string) {
  return db
    .select({ event: notificationPreferences.event, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function savePreferences(db: DbOrTx, userId: string, prefs: { event: string; channel: NotificationChannel }[]) {
  await db
    .insert(notificationPreferences)
    .values(prefs.map((p) => ({ userId, event: p.event, channel: p.channel })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.event],
      set: { channel: sql`excluded.channel`, updatedAt: new Date() },
    });
}
