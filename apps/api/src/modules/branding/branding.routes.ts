import type { FastifyInstance } from 'fastify';
import { getBranding } from '@hireline/contract/branding';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';

export function brandingRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getBranding, ({ enterprise, query }) => deps.branding.byDomain(enterprise.id, query.domain));
}
