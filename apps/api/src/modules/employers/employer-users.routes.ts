import type { FastifyInstance } from 'fastify';
import {
  inviteEmployerUser,
  listEmployerUsers,
  removeEmployerUser,
  resendEmployerInvitation,
  updateEmployerUser,
} from '@hireline/contract/employer-users';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../platform/actor';
import { abilityAt } from '../../platform/role-grant';
import { route, type AuthedContext } from '../../platform/route';
import * as users from './employer-users.service';

/** The caller's ability at the employer of the path, where the roles they give or change count. */
const atEmployer = (ctx: AuthedContext, employerId: string) =>
  abilityAt(ctx.memberships, { accountId: ctx.scope.accountId, siteId: ctx.scope.siteId, employerId });

export function employerUserRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listEmployerUsers, (ctx) => users.listUsers(deps, ctx.scope, ctx.params.employer));
  route(app, deps, inviteEmployerUser, (ctx) => users.invite(deps, ctx.scope, actorOf(ctx), atEmployer(ctx, ctx.params.employer), ctx.params.employer, ctx.body));
  route(app, deps, updateEmployerUser, (ctx) =>
    users.changeRole(deps, ctx.scope, actorOf(ctx), atEmployer(ctx, ctx.params.employer), ctx.params.employer, ctx.params.user, ctx.body.role),
  );
  route(app, deps, removeEmployerUser, async (ctx) => {
    await users.remove(deps, ctx.scope, actorOf(ctx), atEmployer(ctx, ctx.params.employer), ctx.params.employer, ctx.params.user);
    return null;
  });
  route(app, deps, resendEmployerInvitation, (ctx) =>
    users.resendInvitation(deps, ctx.scope, actorOf(ctx), ctx.params.employer, ctx.params.user),
  );
}
