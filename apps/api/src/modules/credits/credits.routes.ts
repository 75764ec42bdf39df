import type { FastifyInstance } from 'fastify';
import {
  adjustCredits,
  cancelSandboxSession,
  completeSandboxSession,
  confirmPurchase,
  createPurchase,
  getBalance,
  getPurchase,
  getSandboxSession,
  listCreditActions,
  listDiscountTiers,
  listLedger,
  previewPurchase,
  stripeWebhook,
} from '@hireline/contract/credits';
import { forReading, type AppDeps } from '../../deps';
import { actorOf } from '../../platform/actor';
import { requestIdentity } from '../../platform/idempotency';
import { listOrCsv } from '../../platform/reply';
import { route, type AuthedContext } from '../../platform/route';
import * as credits from './credits.service';
import * as payments from './payments.service';
import * as purchases from './purchases.service';

/** The request's actor, with the email a payment provider's checkout is addressed to. */
export const creditActorOf = (ctx: AuthedContext) => ({ ...actorOf(ctx), email: ctx.auth.user.email });

/** `hooks.spendOnJob` comes from the jobs module (server.ts wires it): a paid direct payment posts its job. */
export function creditRoutes(app: FastifyInstance, deps: AppDeps, hooks: purchases.SettleHooks) {
  route(app, deps, getBalance, (ctx) => credits.getBalance(deps, ctx.scope));
  route(app, deps, listLedger, (ctx) =>
    listOrCsv(ctx, 'credits', () => credits.listLedger(deps, ctx.scope, ctx.query), () => credits.exportLedgerCsv(forReading(deps), ctx.scope, ctx.query)),
  );
  route(app, deps, listCreditActions, async () => credits.creditActionOptions());
  route(app, deps, listDiscountTiers, (ctx) => credits.listTiers(deps, ctx.scope));
  route(app, deps, previewPurchase, (ctx) => credits.preview(deps, ctx.scope, ctx.query.quantity));
  route(app, deps, adjustCredits, (ctx) => credits.adjust(deps, ctx.scope, creditActorOf(ctx), ctx.body, requestIdentity(ctx.req, ctx.scope, deps.config.appSecret)));

  route(app, deps, createPurchase, (ctx) => purchases.buyCredits(deps, ctx.scope, creditActorOf(ctx), ctx.body, requestIdentity(ctx.req, ctx.scope, deps.config.appSecret)));
  route(app, deps, getPurchase, (ctx) => purchases.getPurchase(deps, ctx.scope, ctx.params.uuid));
  route(app, deps, confirmPurchase, (ctx) => purchases.confirmPurchase(deps, ctx.scope, ctx.params.uuid, hooks));

  route(app, deps, getSandboxSession, (ctx) => payments.sandboxSession(deps, ctx.params.session));
  route(app, deps, completeSandboxSession, (ctx) => payments.decideSandbox(deps, ctx.params.session, 'complete', hooks));
  route(app, deps, cancelSandboxSession, (ctx) => payments.decideSandbox(deps, ctx.params.session, 'cancel', hooks));

  // Stripe signs the exact bytes it sent: this route alone keeps its JSON body raw.
  app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    route(raw, deps, stripeWebhook, (ctx) => {
      const signature = ctx.req.headers['stripe-signature'];
      const body = Buffer.isBuffer(ctx.req.body) ? ctx.req.body : Buffer.from('');
      return payments.stripeWebhook(deps, body, Array.isArray(signature) ? signature[0] : signature, hooks);
    });
  });
}
