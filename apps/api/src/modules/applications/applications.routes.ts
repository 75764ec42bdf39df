import type { FastifyInstance } from 'fastify';
import { can } from '@hireline/access/ability';
import { countApplications, downloadApplicationFile, getApplication, getApplicationAnswers, getApplicationDocuments, getApplicationHistory, getApplicationTags, getSeekerApplicationFeedback, listApplications, listApplicationStages, pickJobs, setApplicationTags } from '@hireline/contract/applications';
import { bulkApplications, changeApplicationStatus, deleteApplication, disableApplication, enableApplication, previewStatusChange } from '@hireline/contract/application-actions';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../platform/errors';
import { route, type AuthedContext } from '../../platform/route';
import * as actions from './application-actions.service';
import type { Actor } from './application-rules';
import * as status from './application-status.service';
import * as applications from './applications.service';

const actorOf = (ctx: AuthedContext): Actor => ({
  userId: ctx.auth.user.id,
  name: ctx.auth.user.name,
  enterpriseId: ctx.enterprise.id,
  impersonatorUserId: ctx.auth.impersonation?.impersonatorUserId ?? null,
  ip: ctx.req.ip,
  ability: ctx.ability,
});

/** `Accept: text/csv` asks for the list as a file (DESIGN §4). */
const wantsCsv = (accept: string | undefined) => /\btext\/csv\b/i.test(accept ?? '');

/**
 * `filename` for old clients (ASCII only, no quotes or backslashes) and RFC 5987 `filename*` with the real name;
 * the name is the uploader's, so nothing in it may break out of the header.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function applicationRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listApplicationStages, (ctx) => applications.stages(deps, ctx.scope));
  route(app, deps, pickJobs, (ctx) => applications.pickJobs(deps, ctx.scope, ctx.query.q));

  route(app, deps, listApplications, async (ctx) => {
    if (!wantsCsv(ctx.req.headers.accept)) return applications.listApplications(deps, ctx.scope, ctx.query);
    if (!can(ctx.ability, 'export', 'applications')) throw forbidden();
    const csv = await applications.exportCsv(deps, ctx.scope, ctx.query);
    const day = new Date().toISOString().slice(0, 10);
    // Sent here as text: the JSON serializer of the route's response schema does not apply to it.
    return ctx.reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="applications-${day}.csv"`)
      .send(csv) as never;
  });
  route(app, deps, countApplications, (ctx) => applications.countByStatus(deps, ctx.scope, ctx.query));

  route(app, deps, previewStatusChange, (ctx) => status.preview(deps, ctx.scope, ctx.body));
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
    // Raw bytes, sent like the CSV export; a candidate's documents are never cached by a browser or proxy.
    return ctx.reply
      .header('content-type', f.mime)
      .header('content-disposition', contentDisposition(f.disposition, f.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(f.bytes) as never;
  });

  route(app, deps, changeApplicationStatus, (ctx) => status.changeStatus(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body));
  route(app, deps, enableApplication, (ctx) => actions.setEnabled(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'enable'));
  route(app, deps, disableApplication, (ctx) => actions.setEnabled(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, 'disable'));
  route(app, deps, deleteApplication, async (ctx) => {
    await actions.deleteApplication(deps, ctx.scope, actorOf(ctx), ctx.params.uuid);
    return null;
  });
}
