import type { FastifyInstance } from 'fastify';
import {
  createAccountRole,
  deleteAccountRole,
  disableAccountUser,
  enableAccountUser,
  inviteAccountUser,
  listAccountRoles,
  listAccountUsers,
  removeAccountUser,
  replaceAccountUserMemberships,
  resendAccountInvitation,
  updateAccountRole,
} from '@hireline/contract/account-users';
import type { Endpoint } from '@hireline/contract/endpoint';
import { resetAccountUserMfa } from '@hireline/contract/mfa';
import { forReading, type AppDeps } from '../../deps';
import { listOrCsv } from '../../platform/reply';
import { route, type AuthedContext, type Ctx, type Handler } from '../../platform/route';
import { accountActor, type AccountActor } from './user.policy';
import * as lifecycle from './account-user-lifecycle.service';
import { resetMfa } from './account-user-mfa.service';
import * as users from './account-users.service';
import * as roles from './roles.service';

/** A route of the account's users screen (`level: 'account'`): the handler gets the caller as they stand at the account alone. */
function accountRoute<E extends Endpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: E,
  handler: (ctx: Ctx<E>, actor: AccountActor) => ReturnType<Handler<E>>,
) {
  route(app, deps, endpoint, (ctx) => handler(ctx, accountActor(ctx as unknown as AuthedContext)));
}

export function accountUserRoutes(app: FastifyInstance, deps: AppDeps) {
  accountRoute(app, deps, listAccountUsers, (ctx, actor) =>
    listOrCsv(ctx, 'users', () => users.listUsers(deps, actor, ctx.query), () => users.exportCsv(forReading(deps), actor, ctx.query)),
  );
  accountRoute(app, deps, inviteAccountUser, (ctx, actor) => users.invite(deps, actor, ctx.body));
  accountRoute(app, deps, replaceAccountUserMemberships, (ctx, actor) =>
    users.replaceMemberships(deps, actor, ctx.params.user, ctx.body.memberships),
  );
  accountRoute(app, deps, disableAccountUser, (ctx, actor) => lifecycle.setEnabled(deps, actor, ctx.params.user, false));
  accountRoute(app, deps, enableAccountUser, (ctx, actor) => lifecycle.setEnabled(deps, actor, ctx.params.user, true));
  accountRoute(app, deps, removeAccountUser, async (ctx, actor) => {
    await lifecycle.remove(deps, actor, ctx.params.user);
    return null;
  });
  accountRoute(app, deps, resendAccountInvitation, (ctx, actor) => users.resendInvitation(deps, actor, ctx.params.user));
  accountRoute(app, deps, resetAccountUserMfa, async (ctx, actor) => {
    await resetMfa(deps, actor, ctx.params.user);
    return null;
  });
}

export function accountRoleRoutes(app: FastifyInstance, deps: AppDeps) {
  accountRoute(app, deps, listAccountRoles, (_ctx, actor) => roles.listRoles(deps, actor));
  accountRoute(app, deps, createAccountRole, (ctx, actor) => roles.createRole(deps, actor, ctx.body));
  accountRoute(app, deps, updateAccountRole, (ctx, actor) => roles.updateRole(deps, actor, ctx.params.id, ctx.body));
  accountRoute(app, deps, deleteAccountRole, async (ctx, actor) => {
    await roles.deleteRole(deps, actor, ctx.params.id);
    return null;
  });
}
