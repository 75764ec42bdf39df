import type { FastifyInstance } from 'fastify';
import {
  approveEmployer,
  createEmployer,
  deleteEmployer,
  disableEmployer,
  enableEmployer,
  getEmployer,
  listEmployers,
  listEmployersOnHold,
  listEmployerTypes,
  rejectEmployer,
  reviewEmployers,
  updateEmployer,
} from '@hireline/contract/employers';
import { forReading, type AppDeps } from '../../deps';
import { actorOf } from '../../platform/actor';
import { listOrCsv } from '../../platform/reply';
import { route } from '../../platform/route';
import * as lifecycle from './employer-lifecycle.service';
import * as employers from './employers.service';

export function employerRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listEmployerTypes, async () => employers.employerTypeList());

  route(app, deps, listEmployers, (ctx) =>
    listOrCsv(ctx, 'employers', () => employers.listEmployers(deps, ctx.scope, ctx.query), () => employers.exportCsv(forReading(deps), ctx.scope, ctx.query)),
  );
  route(app, deps, listEmployersOnHold, (ctx) => employers.listOnHold(deps, ctx.scope, ctx.query));
  route(app, deps, reviewEmployers, (ctx) => {
    const { action, ids, reason } = ctx.body;
    return lifecycle.reviewMany(deps, ctx.scope, actorOf(ctx), ids, action === 'reject' ? { action, reason: reason! } : { action });
  });

  route(app, deps, createEmployer, (ctx) => employers.createEmployer(deps, ctx.scope, actorOf(ctx), ctx.body));
  route(app, deps, getEmployer, (ctx) => employers.getEmployer(deps, ctx.scope, ctx.ability, ctx.params.uuid));
  route(app, deps, updateEmployer, (ctx) => employers.updateEmployer(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body));

  route(app, deps, approveEmployer, (ctx) => lifecycle.review(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, { action: 'approve' }));
  route(app, deps, rejectEmployer, (ctx) =>
    lifecycle.review(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, { action: 'reject', reason: ctx.body.reason }),
  );
  route(app, deps, enableEmployer, (ctx) => lifecycle.setEnabled(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, true, ctx.body ?? {}));
  route(app, deps, disableEmployer, (ctx) => lifecycle.setEnabled(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, false));
  route(app, deps, deleteEmployer, async (ctx) => {
    await lifecycle.deleteEmployer(deps, ctx.scope, actorOf(ctx), ctx.params.uuid);
    return null;
  });
}
