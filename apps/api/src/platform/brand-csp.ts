import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';

/*
 * A tenant's stylesheet may live on its own https origin (branding.stylesheet.path). The fixed CSP that helmet sets
 * would block it, so every response for a host gets that host's brand stylesheet origin added to `style-src`, and
 * only that brand's: another tenant's origin never loads on this host. The brand is looked up per host like the
 * branding endpoint does, through the same cache. A stylesheet uploaded here is same-origin and needs nothing.
 */

const STYLE_SRC = /(^|;)\s*style-src([^;]*)/;

/** The policy with `origin` added to its `style-src` (unchanged when it has none). */
export function withStyleOrigin(policy: string, origin: string): string {
  return policy.replace(STYLE_SRC, (_all, lead: string, sources: string) => `${lead}style-src${sources} ${origin}`);
}

/** Origins that can only come from what an admin saved are plain `scheme://host[:port]`; anything else is dropped. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$|^http:\/\/\[::1\](?::\d{1,5})?$/i;

export function registerBrandCsp(app: FastifyInstance, deps: AppDeps) {
  app.addHook('onSend', async (req, reply) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy !== 'string' || !req.host) return;
    // A call with a bearer token is an API call, never a page the browser renders: it keeps the fixed policy and
    // costs no branding lookup.
    if (req.headers.authorization) return;
    // A page carries no enterprise header: the deployment's key says whose hosts these are, as for the board.
    const key = req.headers['x-af-eid'];
    const enterprise = await deps.resolveEnterprise(typeof key === 'string' ? key : deps.config.enterpriseKey).catch(() => null);
    if (!enterprise) return;
    const origin = await deps.branding.stylesheetOrigin(enterprise.id, req.host);
    if (origin && ORIGIN.test(origin)) reply.header('content-security-policy', withStyleOrigin(policy, origin));
  });
}
