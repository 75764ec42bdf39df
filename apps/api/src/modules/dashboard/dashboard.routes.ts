import type { FastifyInstance } from 'fastify';
import { getDashboard } from '@hireline/contract/dashboard';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { siteDashboard } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getDashboard, ({ scope }) => siteDashboard(deps.readDb, scope));
}
