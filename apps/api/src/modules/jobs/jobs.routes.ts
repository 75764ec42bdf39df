import type { FastifyInstance } from 'fastify';
import { can } from '@hireline/access/ability';
import {
  approveJob,
  bulkJobs,
  cloneJob,
  createJob,
  deleteJob,
  expireJob,
  getJob,
  getJobApplications,
  getJobTags,
  listJobs,
  listJobsOnHold,
  listJobStatuses,
  postJob,
  rejectJob,
  relistJob,
  setJobTags,
  unlistJob,
  updateJob,
} from '@hireline/contract/jobs';
import { payJobDirectly } from '@hireline/contract/credits';
import { forReading, type AppDeps } from '../../deps';
import { requestIdentity } from '../../platform/idempotency';
import { route } from '../../platform/route';
import * as edit from './job-edit.service';
import * as pay from './job-pay.service';
import * as lifecycle from './job-lifecycle.service';
import * as posting from './job-post.service';
import { statusList } from './job-present';
import * as jobs from './jobs.service';
import { actorOf } from '../../platform/actor';
import { forbidden } from '../../platform/errors';
import { listOrCsv } from '../../platform/reply';

export function jobRoutes(app: FastifyInstance, deps: AppDeps) {
  // Static paths are registered first; Fastify prefers static segments over `:uuid` whatever the order.
  route(app, deps, listJobStatuses, async () => statusList());

  route(app, deps, listJobsOnHold, (ctx) => jobs.listOnHold(deps, ctx.scope, ctx.ability, ctx.query));

  route(app, deps, bulkJobs, (ctx) => lifecycle.bulk(deps, ctx.scope, actorOf(ctx), ctx.body));

  route(app, deps, listJobs, (ctx) =>
    listOrCsv(ctx, 'jobs', () => jobs.listJobs(deps, ctx.scope, ctx.ability, ctx.query), () => jobs.exportJobsCsv(forReading(deps), ctx.scope, ctx.ability, ctx.query)),
  );

  route(app, deps, createJob, (ctx) => edit.createJob(deps, ctx.scope, actorOf(ctx), ctx.body));

  route(app, deps, getJob, (ctx) => jobs.getJob(deps, ctx.scope, ctx.ability, ctx.params.uuid));

  route(app, deps, updateJob, (ctx) => edit.updateJob(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body));

  route(app, deps, deleteJob, async (ctx) => {
    await lifecycle.deleteJob(deps, ctx.scope, actorOf(ctx), ctx.params.uuid);
    return null;
  });

  route(app, deps, postJob, (ctx) =>
    posting.postJob(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body ?? {}, requestIdentity(ctx.req, ctx.scope, deps.config.appSecret)),
  );

  route(app, deps, payJobDirectly, (ctx) => {
    // The route checks the purchase; posting the job it pays for needs the right to post too.
    if (!can(ctx.ability, 'create', 'jobs')) throw forbidden();
    return pay.payForJob(deps, ctx.scope, { ...actorOf(ctx), email: ctx.auth.user.email }, ctx.params.uuid, ctx.body ?? {}, requestIdentity(ctx.req, ctx.scope, deps.config.appSecret));
  });

  route(app, deps, approveJob, (ctx) => lifecycle.changeStatus(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'approve'));
  route(app, deps, rejectJob, (ctx) => lifecycle.changeStatus(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'reject', ctx.body.reason));
  route(app, deps, unlistJob, (ctx) => lifecycle.changeStatus(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'unlist'));
  route(app, deps, relistJob, (ctx) => lifecycle.changeStatus(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'relist'));
  route(app, deps, expireJob, (ctx) => lifecycle.changeStatus(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'expire'));

  route(app, deps, cloneJob, (ctx) => edit.cloneJob(deps, ctx.scope, actorOf(ctx), ctx.params.uuid));

  route(app, deps, getJobTags, (ctx) => edit.getTags(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, setJobTags, (ctx) => edit.setTags(deps, ctx.scope, ctx.params.uuid, ctx.body.tags));

  route(app, deps, getJobApplications, (ctx) => jobs.jobApplications(deps, ctx.scope, ctx.params.uuid));
}
