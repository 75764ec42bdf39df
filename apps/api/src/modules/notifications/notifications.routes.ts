import type { FastifyInstance } from 'fastify';
import {
  deleteNotification,
  getNotification,
  getNotificationPreferences,
  listNotifications,
  readAllNotifications,
  updateNotification,
  updateNotificationPreferences,
} from '@hireline/contract/notifications';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import * as service from './notifications.service';

export function notificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const inbox = (ctx: { auth: { user: { id: string } }; scope: { accountId: string | null } }) =>
    service.inboxOf(ctx.auth.user.id, ctx.scope.accountId);

  route(app, deps, listNotifications, (ctx) => service.listInbox(deps.db, inbox(ctx), ctx.query));

  // A person's own choices, the same in every account they work in.
  route(app, deps, getNotificationPreferences, (ctx) => service.preferences(deps.db, ctx.auth.user.id));

  route(app, deps, updateNotificationPreferences, (ctx) => service.updatePreferences(deps.db, ctx.auth.user.id, ctx.body.preferences));

  route(app, deps, readAllNotifications, (ctx) => service.markAllRead(deps.db, inbox(ctx)));

  route(app, deps, getNotification, (ctx) => service.getNotification(deps.db, inbox(ctx), ctx.params.uuid));

  route(app, deps, updateNotification, (ctx) => service.markRead(deps.db, inbox(ctx), ctx.params.uuid, ctx.body.read));

  route(app, deps, deleteNotification, async (ctx) => {
    await service.deleteNotification(deps.db, inbox(ctx), ctx.params.uuid);
    return null;
  });
}
