import type { FastifyInstance } from 'fastify';
import { listEmailTemplates, previewEmailTemplate, resetEmailTemplate, saveEmailTemplate } from '@hireline/contract/email-templates';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../platform/actor';
import { route } from '../../platform/route';
import * as templates from './email-templates.service';

export function emailTemplateRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listEmailTemplates, (ctx) => templates.listTemplates(deps, ctx.scope));
  route(app, deps, saveEmailTemplate, (ctx) =>
    templates.saveTemplate(deps, ctx.scope, actorOf(ctx), ctx.params.event, ctx.params.locale, ctx.body),
  );
  route(app, deps, resetEmailTemplate, async (ctx) => {
    await templates.resetTemplate(deps, ctx.scope, actorOf(ctx), ctx.params.event, ctx.params.locale);
    return null;
  });
  route(app, deps, previewEmailTemplate, (ctx) => templates.previewTemplate(deps, ctx.scope, ctx.params.event, ctx.params.locale, ctx.body));
}
