import type { FastifyInstance } from 'fastify';
import { getFieldOptions, listProducts, pickConsultants, pickEmployers } from '@hireline/contract/lookups';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import * as service from './lookups.service';

export function lookupRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getFieldOptions, ({ scope }) => service.getFieldOptions(deps.db, scope));

  route(app, deps, listProducts, ({ scope }) => service.listProducts(deps.db, scope));

  route(app, deps, pickEmployers, ({ scope, query }) => service.pickEmployers(deps.db, scope, query));

  route(app, deps, pickConsultants, ({ scope, query }) => service.pickConsultants(deps.db, scope, query));
}
