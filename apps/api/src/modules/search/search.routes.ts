import type { FastifyInstance } from 'fastify';
import { siteSearch } from '@hireline/contract/search';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { searchSite } from './search.service';

export function searchRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, siteSearch, ({ scope, ability, query }) => searchSite(deps.readDb, scope, ability, query.q, query.limit));
}
