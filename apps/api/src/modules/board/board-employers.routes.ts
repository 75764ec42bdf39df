import type { FastifyInstance } from 'fastify';
import { registerEmployer } from '@hireline/contract/board-employers';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { boardOf } from './board-host.service';
import * as service from './board-employers.service';

/** An employer registering on the board with its first user. */
export function employerRegistrationRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, registerEmployer, async ({ req, enterprise, body }) =>
    service.registerEmployer(deps, await boardOf(deps, req, enterprise.id, body.domain), enterprise.id, body, req.ip, req.log),
  );
}
