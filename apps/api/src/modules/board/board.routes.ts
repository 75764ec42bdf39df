import type { FastifyInstance } from 'fastify';
import { getBoardJob, getBoardSite, listBoardJobs } from '@hireline/contract/board';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import { candidateApplicationRoutes } from './board-applications.routes';
import { candidateRoutes } from './board-candidates.routes';
import { employerRegistrationRoutes } from './board-employers.routes';
import { boardFeedRoutes } from './board-feeds.routes';
import { boardOf } from './board-host.service';
import * as service from './board.service';

/** The public board's JSON endpoints, and its feeds at the root of the board's own host. */
export function boardRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, getBoardSite, async ({ req, enterprise, query }) =>
    service.boardSite(deps, await boardOf(deps, req, enterprise.id, query.domain)),
  );

  route(app, deps, listBoardJobs, async ({ req, enterprise, query }) =>
    service.listJobs(deps, await boardOf(deps, req, enterprise.id, query.domain), query),
  );

  route(app, deps, getBoardJob, async ({ req, enterprise, query, params }) =>
    service.getJob(deps, await boardOf(deps, req, enterprise.id, query.domain), params.uuid),
  );

  candidateRoutes(app, deps);
  candidateApplicationRoutes(app, deps);
  employerRegistrationRoutes(app, deps);
  boardFeedRoutes(app, deps);
}
