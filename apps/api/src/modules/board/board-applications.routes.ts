import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  applyForJob,
  listCandidateApplications,
  putApplicationFeedback,
  putJobFeedback,
  reportJob,
  withdrawApplication,
} from '@hireline/contract/board-candidates';
import type { AppDeps } from '../../deps';
import type { SeekerAuth } from '../../platform/seeker-sessions';
import { route } from '../../platform/route';
import * as service from './board-applications.service';
import { boardOf, candidateBoardOf } from './board-host.service';
import * as reports from './board-reports.service';

/** A signed-in candidate's call on the board it names (401 for a board of another account). */
async function candidateCall(
  deps: AppDeps,
  ctx: { req: FastifyRequest; enterprise: { id: string }; seeker: SeekerAuth },
  domain: string | undefined,
): Promise<service.CandidateCall> {
  const { seeker } = ctx;
  const board = await candidateBoardOf(deps, ctx.req, ctx.enterprise.id, seeker, domain);
  return { board, seeker, enterpriseId: ctx.enterprise.id, ip: ctx.req.ip, log: ctx.req.log };
}

/** Applications, their feedback, job ratings and job reports from the board. */
export function candidateApplicationRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, applyForJob, async (ctx) => {
    return service.apply(deps, await candidateCall(deps, ctx, ctx.body.domain), ctx.params.uuid, ctx.body);
  });

  route(app, deps, listCandidateApplications, async (ctx) => service.listMine(deps, await candidateCall(deps, ctx, ctx.query.domain), ctx.query));

  route(app, deps, withdrawApplication, async (ctx) =>
    service.withdraw(deps, await candidateCall(deps, ctx, ctx.query.domain), ctx.params.uuid),
  );

  route(app, deps, putApplicationFeedback, async (ctx) =>
    service.putFeedback(deps, await candidateCall(deps, ctx, ctx.query.domain), ctx.params.uuid, ctx.body),
  );

  route(app, deps, putJobFeedback, async (ctx) =>
    reports.putJobRating(deps, await candidateCall(deps, ctx, ctx.body.domain), ctx.params.uuid, ctx.body),
  );

  route(app, deps, reportJob, async (ctx) => {
    const board = await boardOf(deps, ctx.req, ctx.enterprise.id, ctx.body.domain);
    const call = { board, seeker: ctx.seeker, enterpriseId: ctx.enterprise.id, ip: ctx.req.ip, log: ctx.req.log };
    return reports.report(deps, call, ctx.params.uuid, ctx.body);
  });
}
