import type { FastifyInstance } from 'fastify';
import {
  createEnterpriseAccount,
  disableEnterpriseAccount,
  enableEnterpriseAccount,
  getEnterpriseAccount,
  listEnterpriseAccounts,
  updateEnterpriseAccount,
} from '@hireline/contract/enterprise';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../platform/actor';
import { route } from '../../platform/route';
import * as service from './enterprise.service';

export function enterpriseRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listEnterpriseAccounts, (ctx) => service.listAccounts(deps, ctx.enterprise.id, ctx.query));
  route(app, deps, createEnterpriseAccount, (ctx) => service.createAccount(deps, actorOf(ctx), ctx.body));
  route(app, deps, getEnterpriseAccount, (ctx) => service.getAccount(deps, ctx.enterprise.id, ctx.params.id));
  route(app, deps, updateEnterpriseAccount, (ctx) => service.updateAccount(deps, actorOf(ctx), ctx.params.id, ctx.body));
  route(app, deps, enableEnterpriseAccount, (ctx) => service.setEnabled(deps, actorOf(ctx), ctx.params.id, true));
  route(app, deps, disableEnterpriseAccount, (ctx) => service.setEnabled(deps, actorOf(ctx), ctx.params.id, false));
}
