import { z } from 'zod';
import { endpoint } from './endpoint';
import { booleanFilter, emptyResponse, listQuery, pageMeta, timestamp, uuid, uuidParams } from './common';
import { messages } from './messages';
import { notificationChannels, notificationEvents } from './notification-events';

/** The caller's own inbox, narrowed to the selected account (plus notices that belong to no account). */
const tags = ['notifications'];

export const notification = z.object({
  id: uuid,
  /** What happened, e.g. `application.created`, `job.pending`. */
  event: z.string(),
  subject: z.string(),
  content: z.string(),
  /** A portal path to open (e.g. `/acme/jobs/applications/…/overview`), or null. */
  link: z.string().nullable(),
  notified_at: timestamp,
  read_at: timestamp.nullable(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const listNotifications = endpoint({
  method: 'GET',
  path: '/v1/notifications/inbox',
  summary: "The caller's notifications, newest first, with their unread count for the bell",
  tags,
  access: { subject: 'notifications', action: 'view' },
  query: listQuery.pick({ page: true, per_page: true }).extend({ unread: booleanFilter.optional() }),
  response: z.object({
    data: z.array(notification),
    meta: pageMeta.extend({
      /** Unread notifications of the caller in this scope, whatever the filter. */
      unread: z.number().int(),
    }),
  }),
});

export const getNotification = endpoint({
  method: 'GET',
  path: '/v1/notifications/:uuid',
  summary: 'One notification of the caller',
  tags,
  access: { subject: 'notifications', action: 'view' },
  params: uuidParams,
  response: notification,
});

export const updateNotification = endpoint({
  method: 'PATCH',
  path: '/v1/notifications/:uuid',
  summary: 'Mark one notification read or unread',
  tags,
  access: { subject: 'notifications', action: 'update' },
  params: uuidParams,
  body: z.strictObject({
    read: z.boolean({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) }),
  }),
  response: notification,
});

export const readAllNotifications = endpoint({
  method: 'POST',
  path: '/v1/notifications/inbox/read-all',
  summary: "Mark every unread notification of the caller in this scope read; returns how many changed",
  tags,
  access: { subject: 'notifications', action: 'update' },
  response: z.object({ updated: z.number().int() }),
});

export const deleteNotification = endpoint({
  method: 'DELETE',
  path: '/v1/notifications/:uuid',
  summary: 'Delete one notification of the caller (permanent)',
  tags,
  access: { subject: 'notifications', action: 'delete' },
  params: uuidParams,
  status: 204,
  response: emptyResponse,
});

/** Each event with the caller's channel for it (`both` until they choose). */
export const notificationPreference = z.object({
  event: z.enum(notificationEvents),
  channel: z.enum(notificationChannels),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;

export const getNotificationPreferences = endpoint({
  method: 'GET',
  path: '/v1/notifications/preferences',
  summary: 'How the caller hears about each event: in-app, email, both or none',
  tags,
  access: { subject: 'notifications', action: 'view' },
  response: z.object({ data: z.array(notificationPreference) }),
});

export const updateNotificationPreferences = endpoint({
  method: 'PUT',
  path: '/v1/notifications/preferences',
  summary: "Set the caller's channel for some or all events; events left out keep theirs",
  tags,
  access: { subject: 'notifications', action: 'update' },
  body: z.strictObject({
    preferences: z
      .array(z.strictObject({ event: z.enum(notificationEvents, { error: messages.invalid }), channel: z.enum(notificationChannels, { error: messages.invalid }) }))
      .min(1, { error: messages.required })
      .max(notificationEvents.length * 2),
  }),
  response: z.object({ data: z.array(notificationPreference) }),
});
