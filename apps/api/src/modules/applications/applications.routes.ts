import type { FastifyInstance } from 'fastify';
import { countApplications, downloadApplicationFile, getApplication, getApplicationAnswers, getApplicationDocuments, getApplicationHistory, getApplicationTags, getSeekerApplicationFeedback, listApplications, listApplicationStages, pickJobs, setApplicationTags } from '@hireline/contract/applications';
import { bulkApplications, changeApplicationStatus, deleteApplication, disableApplication, enableApplication, previewStatusChange } from '@hireline/contract/application-actions';
import { forReading, type AppDeps } from '../../deps';
import { route } from '../../platform/route';
import * as actions from './application-actions.service';
import * as status from './application-status.service';
import * as applications from './applications.service';
import { actorOf } from '../../platform/actor';
import { listOrCsv, sendPrivateFile } from '../../platform/reply';

export function applicationRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listApplicationStages, (ctx) => applications.stages(deps, ctx.scope));
  route(app, deps, pickJobs, (ctx) => applications.pickJobs(deps, ctx.scope, ctx.query.q));

  route(app, deps, listApplications, (ctx) =>
    listOrCsv(ctx, 'applications', () => applications.listApplications(deps, ctx.scope, ctx.query), () => applications.exportCsv(forReading(deps), ctx.scope, ctx.query)),
  );
  route(app, deps, countApplications, (ctx) => applications.countByStatus(deps, ctx.scope, ctx.query));

  route(app, deps, previewStatusChange, (ctx) => status.preview(deps, ctx.scope, ctx, ctx.body));
  route(app, deps, bulkApplications, (ctx) => actions.bulk(deps, ctx.scope, actorOf(ctx), ctx.body));

  route(app, deps, getApplication, (ctx) => applications.overview(deps, ctx.scope, ctx.ability, ctx.params.uuid));
  route(app, deps, getApplicationAnswers, (ctx) => applications.answers(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, getApplicationDocuments, (ctx) => applications.documents(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, getApplicationHistory, (ctx) => applications.history(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, getSeekerApplicationFeedback, (ctx) => applications.feedback(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, getApplicationTags, (ctx) => applications.getTags(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, setApplicationTags, (ctx) => applications.setTags(deps, ctx.scope, ctx.params.uuid, ctx.body.tags));

  route(app, deps, downloadApplicationFile, async (ctx) => {
    const f = await applications.file(deps, ctx.scope, ctx.params.uuid, ctx.params.file, ctx.query.disposition);
    return sendPrivateFile(ctx, f, f.disposition);
  });

  route(app, deps, changeApplicationStatus, (ctx) => status.changeStatus(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body));
  route(app, deps, enableApplication, (ctx) => actions.setEnabled(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'enable'));
  route(app, deps, disableApplication, (ctx) => actions.setEnabled(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'disable'));
  route(app, deps, deleteApplication, async (ctx) => {
    await actions.deleteApplication(deps, ctx.scope, actorOf(ctx), ctx.params.uuid);
    return null;
  });
}
