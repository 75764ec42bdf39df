import type { FastifyInstance } from 'fastify';
import { can } from '@hireline/access/ability';
import {
  deleteSeeker,
  disableSeeker,
  downloadSeekerFile,
  enableSeeker,
  eraseSeeker,
  exportSeeker,
  getSeeker,
  getSeekerTags,
  listSeekerApplications,
  listSeekers,
  listSeekerSortOptions,
  setSeekerTags,
} from '@hireline/contract/seekers';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../platform/errors';
import { route, type AuthedContext } from '../../platform/route';
import * as lifecycle from './seeker-lifecycle.service';
import { contentDisposition } from './seeker-present';
import * as privacy from './seeker-privacy.service';
import * as seekers from './seekers.service';

const actorOf = (ctx: AuthedContext): lifecycle.Actor => ({
  userId: ctx.auth.user.id,
  enterpriseId: ctx.enterprise.id,
  impersonatorUserId: ctx.auth.impersonation?.impersonatorUserId ?? null,
  ip: ctx.req.ip,
  ability: ctx.ability,
});

/** `Accept: text/csv` asks for the list as a file (DESIGN §4). */
const wantsCsv = (accept: string | undefined) => /\btext\/csv\b/i.test(accept ?? '');

export function seekerRoutes(app: FastifyInstance, deps: AppDeps) {
  // Static paths first for the reader; Fastify prefers static segments over `:uuid` whatever the order.
  route(app, deps, listSeekerSortOptions, async (ctx) => seekers.sortOptions(ctx.scope));

  route(app, deps, listSeekers, async (ctx) => {
    if (!wantsCsv(ctx.req.headers.accept)) return seekers.listSeekers(deps, ctx.scope, ctx.query);
    if (!can(ctx.ability, 'export', 'seekers')) throw forbidden();
    const csv = await seekers.exportSeekersCsv(deps, ctx.scope, ctx.query);
    const day = new Date().toISOString().slice(0, 10);
    // Sent here as text: the JSON serializer of the route's response schema does not apply to it.
    return ctx.reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="seekers-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv) as never;
  });

  route(app, deps, getSeeker, (ctx) => seekers.getSeeker(deps, ctx.scope, ctx.ability, ctx.params.uuid));

  route(app, deps, listSeekerApplications, (ctx) => seekers.seekerApplications(deps, ctx.scope, ctx.params.uuid, ctx.query));

  route(app, deps, getSeekerTags, (ctx) => seekers.getTags(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, setSeekerTags, (ctx) => lifecycle.setTags(deps, ctx.scope, ctx.params.uuid, ctx.body.tags));

  route(app, deps, enableSeeker, (ctx) => lifecycle.enableSeeker(deps, ctx.scope, actorOf(ctx), ctx.params.uuid));
  route(app, deps, disableSeeker, (ctx) => lifecycle.disableSeeker(deps, ctx.scope, actorOf(ctx), ctx.params.uuid));

  route(app, deps, deleteSeeker, async (ctx) => {
    await lifecycle.deleteSeeker(deps, ctx.scope, actorOf(ctx), ctx.params.uuid);
    return null;
  });

  route(app, deps, exportSeeker, (ctx) => privacy.exportSeeker(deps, ctx.scope, actorOf(ctx), ctx.params.uuid));
  route(app, deps, eraseSeeker, (ctx) => privacy.eraseSeeker(deps, ctx.scope, actorOf(ctx), ctx.params.uuid, ctx.body.reason));

  route(app, deps, downloadSeekerFile, async (ctx) => {
    const file = await seekers.profileFile(deps, ctx.scope, ctx.params.uuid, ctx.params.file);
    // Raw bytes, not JSON. Personal documents: never cached, never sniffed into something the browser would run.
    return ctx.reply
      .header('content-type', file.mime)
      .header('content-disposition', contentDisposition(ctx.query.disposition, file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes) as never;
  });
}
