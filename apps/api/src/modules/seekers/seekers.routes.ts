import type { FastifyInstance } from 'fastify';
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
import { forReading, type AppDeps } from '../../deps';
import { route } from '../../platform/route';
import * as lifecycle from './seeker-lifecycle.service';
import * as privacy from './seeker-privacy.service';
import * as seekers from './seekers.service';
import { actorOf } from '../../platform/actor';
import { listOrCsv, sendPrivateFile } from '../../platform/reply';

export function seekerRoutes(app: FastifyInstance, deps: AppDeps) {
  // Static paths first for the reader; Fastify prefers static segments over `:uuid` whatever the order.
  route(app, deps, listSeekerSortOptions, async (ctx) => seekers.sortOptions(ctx.scope));

  route(app, deps, listSeekers, (ctx) =>
    listOrCsv(ctx, 'seekers', () => seekers.listSeekers(deps, ctx.scope, ctx.query), () => seekers.exportSeekersCsv(forReading(deps), ctx.scope, ctx.query)),
  );

  route(app, deps, getSeeker, (ctx) => seekers.getSeeker(deps, ctx.scope, ctx.ability, ctx.params.uuid));

  route(app, deps, listSeekerApplications, (ctx) => seekers.seekerApplications(deps, ctx.scope, ctx.params.uuid, ctx.query));

  route(app, deps, getSeekerTags, (ctx) => seekers.getTags(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, setSeekerTags, (ctx) => lifecycle.setTags(deps, ctx.scope, ctx, ctx.params.uuid, ctx.body.tags));

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
    return sendPrivateFile(ctx, file, ctx.query.disposition);
  });
}
