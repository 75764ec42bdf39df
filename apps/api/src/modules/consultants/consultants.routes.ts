import type { FastifyInstance } from 'fastify';
import { buildAbility, can } from '@hireline/access/ability';
import {
  assignConsultantJobs,
  createConsultant,
  deleteConsultant,
  disableConsultant,
  enableConsultant,
  getConsultant,
  listConsultants,
  updateConsultant,
} from '@hireline/contract/consultants';
import { forReading, type AppDeps } from '../../deps';
import { actorOf as requestActor } from '../../platform/actor';
import { listOrCsv } from '../../platform/reply';
import { route, type AuthedContext } from '../../platform/route';
import { permissionsMapOf } from '../../platform/scope';
import * as consultants from './consultants.service';

/** The request's actor, who may also be asked about the account's other sites (their memberships there). */
const actorOf = (ctx: AuthedContext): consultants.Actor => {
  const permissions = permissionsMapOf(ctx.memberships);
  return {
    ...requestActor(ctx),
    mayAt: (siteId, action) => can(buildAbility(permissions, { accountId: ctx.scope.accountId, siteId }), action, 'consultants'),
  };
};

export function consultantRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listConsultants, (ctx) =>
    listOrCsv(
      ctx,
      'consultants',
      () => consultants.listConsultants(deps, ctx.scope, ctx.query),
      () => consultants.exportConsultantsCsv(forReading(deps), ctx.scope, ctx.query),
    ),
  );

  route(app, deps, createConsultant, (ctx) => consultants.createConsultant(deps, ctx.scope, actorOf(ctx), ctx.body));

  route(app, deps, getConsultant, (ctx) => consultants.getConsultant(deps, ctx.scope, actorOf(ctx), ctx.params.uuid));

  route(app, deps, updateConsultant, (ctx) => consultants.updateConsultant(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body));

  route(app, deps, enableConsultant, (ctx) => consultants.enableConsultant(deps, ctx.scope, actorOf(ctx), ctx.params.uuid));
  route(app, deps, disableConsultant, (ctx) => consultants.disableConsultant(deps, ctx.scope, actorOf(ctx), ctx.params.uuid));

  route(app, deps, deleteConsultant, async (ctx) => {
    await consultants.deleteConsultant(deps, ctx.scope, actorOf(ctx), ctx.params.uuid);
    return null;
  });

  route(app, deps, assignConsultantJobs, (ctx) =>
    consultants.assignJobs(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body.job_ids),
  );
}
