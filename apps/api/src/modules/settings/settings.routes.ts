import type { FastifyInstance } from 'fastify';
import { createSiteProduct, deleteSiteProduct, listSiteProducts, updateSiteProduct } from '@hireline/contract/site-products';
import {
  getSiteSettings,
  issueCmsToken,
  rotateCmsSecret,
  listSiteFieldOptions,
  replaceApplicationStages,
  replaceDiscountTiers,
  replaceFieldOptions,
  rotateFormSecret,
  updateSiteSettings,
} from '@hireline/contract/site-settings';
import {
  createSite,
  getAccountBranding,
  getSiteDomainVerification,
  listSites,
  updateAccountBranding,
  updateSite,
  verifySiteDomain,
} from '@hireline/contract/sites';
import { getAccountMailSender, updateAccountMailSender } from '@hireline/contract/mail-sender';
import { getAccountSecurity, updateAccountSecurity } from '@hireline/contract/mfa';
import { getAccountRetention, updateAccountRetention } from '@hireline/contract/retention';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../platform/actor';
import { accountOf, route } from '../../platform/route';
import * as branding from './account-branding.service';
import * as mailSender from './account-mail-sender.service';
import * as retention from './account-retention.service';
import * as security from './account-security.service';
import * as catalog from './catalog.service';
import { issueCmsToken as issueToken, rotateCmsSecret as rotateSecret } from './cms-token';
import * as products from './products.service';
import * as settings from './site-settings.service';
import * as siteDomains from './site-domains.service';
import * as sites from './sites.service';

export function settingsRoutes(app: FastifyInstance, deps: AppDeps) {
  // The selected account's own: its sites and its branding, `level: 'account'` in the contract.
  route(app, deps, listSites, (ctx) => sites.listSites(deps, accountOf(ctx.scope), ctx.query));
  route(app, deps, createSite, (ctx) => sites.createSite(deps, accountOf(ctx.scope), actorOf(ctx), ctx.body));
  route(app, deps, updateSite, (ctx) => sites.updateSite(deps, accountOf(ctx.scope), actorOf(ctx), ctx.params.id, ctx.body));
  route(app, deps, getSiteDomainVerification, (ctx) => siteDomains.getVerification(deps, accountOf(ctx.scope), ctx.params.id));
  route(app, deps, verifySiteDomain, (ctx) => siteDomains.verifyDomain(deps, accountOf(ctx.scope), actorOf(ctx), ctx.params.id));
  route(app, deps, getAccountBranding, (ctx) => branding.getBranding(deps, accountOf(ctx.scope), actorOf(ctx)));
  route(app, deps, updateAccountBranding, (ctx) => branding.updateBranding(deps, accountOf(ctx.scope), actorOf(ctx), ctx.body));
  route(app, deps, getAccountSecurity, (ctx) => security.getSecurity(deps, accountOf(ctx.scope)));
  route(app, deps, updateAccountSecurity, (ctx) => security.updateSecurity(deps, accountOf(ctx.scope), actorOf(ctx), ctx.body));
  route(app, deps, getAccountMailSender, (ctx) => mailSender.getMailSender(deps, accountOf(ctx.scope)));
  route(app, deps, updateAccountMailSender, (ctx) => mailSender.updateMailSender(deps, accountOf(ctx.scope), actorOf(ctx), ctx.body));
  route(app, deps, getAccountRetention, (ctx) => retention.getRetention(deps, accountOf(ctx.scope)));
  route(app, deps, updateAccountRetention, (ctx) => retention.updateRetention(deps, accountOf(ctx.scope), actorOf(ctx), ctx.body));

  // The selected site's settings and lists.
  route(app, deps, getSiteSettings, (ctx) => settings.getSettings(deps, ctx.scope));
  route(app, deps, updateSiteSettings, (ctx) => settings.updateSettings(deps, ctx.scope, actorOf(ctx), ctx.body));
  route(app, deps, rotateFormSecret, (ctx) => settings.rotateSecret(deps, ctx.scope, actorOf(ctx), ctx.params.form));
  route(app, deps, replaceApplicationStages, (ctx) => catalog.replaceStages(deps, ctx.scope, actorOf(ctx), ctx.body));
  route(app, deps, listSiteFieldOptions, (ctx) => catalog.listFieldOptions(deps, ctx.scope));
  route(app, deps, replaceFieldOptions, (ctx) => catalog.replaceFieldOptions(deps, ctx.scope, actorOf(ctx), ctx.params.kind, ctx.body));
  route(app, deps, replaceDiscountTiers, (ctx) => catalog.replaceTiers(deps, ctx.scope, actorOf(ctx), ctx.body));

  route(app, deps, listSiteProducts, (ctx) => products.listProducts(deps, ctx.scope));
  route(app, deps, createSiteProduct, (ctx) => products.createProduct(deps, ctx.scope, actorOf(ctx), ctx.body));
  route(app, deps, updateSiteProduct, (ctx) => products.updateProduct(deps, ctx.scope, actorOf(ctx), ctx.params.id, ctx.body));
  route(app, deps, deleteSiteProduct, async (ctx) => {
    await products.deleteProduct(deps, ctx.scope, actorOf(ctx), ctx.params.id);
    return null;
  });

  route(app, deps, issueCmsToken, (ctx) => issueToken(deps, ctx.scope, actorOf(ctx)));
  route(app, deps, rotateCmsSecret, (ctx) => rotateSecret(deps, ctx.scope, actorOf(ctx)));
}
