import { notificationEvents, type NotificationChannel, type NotificationEvent } from '@hireline/contract/notification-events';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import * as repo from './notifications.repo';
import type { Inbox } from './notifications.repo';

export type { Inbox };

/** The caller's inbox in the resolved scope; anyone else's notification, or another account's, is "not found". */
export function inboxOf(userId: string, accountId: string | null): Inbox {
  return { userId, accountId };
}

export function listInbox(db: DbOrTx, inbox: Inbox, q: { page: number; per_page: number; unread?: boolean }) {
  return repo.listInbox(db, inbox, q.page, q.per_page, q.unread);
}

export async function getNotification(db: DbOrTx, inbox: Inbox, id: string) {
  const row = await repo.findNotification(db, inbox, id);
  if (!row) throw notFound();
  return row;
}

export async function markRead(db: DbOrTx, inbox: Inbox, id: string, read: boolean) {
  const row = await repo.setRead(db, inbox, id, read);
  if (!row) throw notFound();
  return row;
}

export async function markAllRead(db: DbOrTx, inbox: Inbox) {
  return { updated: await repo.markAllRead(db, inbox) };
}

export async function deleteNotification(db: DbOrTx, inbox: Inbox, id: string) {
  if (!(await repo.deleteNotification(db, inbox, id))) throw notFound();
}

/** Every event, each with the user's channel (their choice, or `both`), in the catalogue's order. */
export async function preferences(db: DbOrTx, userId: string) {
  const chosen = new Map((await repo.preferencesOf(db, userId)).map((p) => [p.event, p.channel]));
  return { data: notificationEvents.map((event) => ({ event, channel: chosen.get(event) ?? ('both' as const) })) };
}

export async function updatePreferences(db: DbOrTx, userId: string, prefs: { event: NotificationEvent; channel: NotificationChannel }[]) {
  // The last choice for an event wins when a client sends it twice.
  await repo.savePreferences(db, userId, [...new Map(prefs.map((p) => [p.event, p])).values()]);
  return preferences(db, userId);
}
