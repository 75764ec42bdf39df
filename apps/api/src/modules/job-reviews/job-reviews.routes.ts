import type { FastifyInstance } from 'fastify';
import {
  dismissFlags,
  getFlaggedJob,
  jobAverageRating,
  listFlaggedJobs,
  listJobFeedbacks,
  takeDownFlaggedJob,
} from '@hireline/contract/job-reviews';
import type { AppDeps } from '../../deps';
import { route } from '../../platform/route';
import * as service from './job-reviews.service';
import { actorOf } from '../../platform/actor';

export function jobReviewRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listFlaggedJobs, ({ scope, query }) => service.listFlaggedJobs(deps.db, scope, query));

  route(app, deps, getFlaggedJob, ({ scope, params }) => service.getFlaggedJob(deps.db, scope, params.uuid));

  route(app, deps, dismissFlags, (ctx) => service.dismissFlags(deps.db, ctx.scope, actorOf(ctx), ctx.params.uuid));

  route(app, deps, takeDownFlaggedJob, (ctx) =>
    service.takeDownFlaggedJob(deps.db, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body.reason),
  );

  route(app, deps, listJobFeedbacks, ({ scope, params, query }) => service.listJobFeedbacks(deps.db, scope, params.uuid, query));

  route(app, deps, jobAverageRating, ({ scope, params }) => service.jobAverageRating(deps.db, scope, params.uuid));
}
