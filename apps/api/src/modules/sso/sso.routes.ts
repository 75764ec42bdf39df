import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contract from '@hireline/contract/sso';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../platform/actor';
import { HttpError } from '../../platform/errors';
import { accountOf, route } from '../../platform/route';
import { clientOf } from '../../platform/sessions';
import * as providers from './providers.service';
import { finishSignIn, loginErrorLocation, providersOfHost, SsoError, startSignIn } from './sso.service';

/** Ties a callback to the browser that started it (login CSRF); lives as long as the sealed state. */
const COOKIE = 'hireline_sso';
const COOKIE_PATH = '/portal/auth/oauth';

const bindingCookie = (value: string, secure: boolean, maxAge = 600) =>
  `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

function cookieOf(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === COOKIE) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** This request's own origin, as the browser sees it (X-Forwarded-* honoured only behind TRUST_PROXY); default port dropped. */
function originOf(req: FastifyRequest): string {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return `${req.protocol}://${req.hostname}`;
  }
}

/** A browser opening the page itself (its Accept asks for HTML first), not a script asking for JSON. */
const isNavigation = (req: FastifyRequest) => /^\s*text\/html/i.test(req.headers.accept ?? '');

/** What a refusal says: its message, or its one field's first message (a redirect that leaves the portal). */
function refusal(err: HttpError): string {
  const [first] = Object.values(err.errors ?? {}).flat();
  return first ?? err.message;
}

/** A browser is never shown JSON for a sign-in that failed: it goes back to the login page, which says why. */
function backToLogin(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (err instanceof SsoError) req.log.warn({ reason: err.reason, detail: err.detail instanceof Error ? err.detail.message : undefined }, 'sso sign-in refused');
  else req.log.error({ err }, 'sso sign-in failed');
  const message = err instanceof SsoError ? err.message : contract.ssoMessages.failed;
  return reply.header('cache-control', 'no-store').redirect(loginErrorLocation(message), 302);
}

export function ssoRoutes(app: FastifyInstance, deps: AppDeps) {
  // The selected account's providers, for its admins.
  route(app, deps, contract.listAccountOAuthProviders, (ctx) => providers.listProviders(deps, accountOf(ctx.scope)));
  route(app, deps, contract.createOAuthProvider, (ctx) => providers.createProvider(deps, accountOf(ctx.scope), actorOf(ctx), ctx.body));
  route(app, deps, contract.updateOAuthProvider, (ctx) =>
    providers.updateProvider(deps, accountOf(ctx.scope), actorOf(ctx), ctx.params.id, ctx.body),
  );
  route(app, deps, contract.deleteOAuthProvider, async (ctx) => {
    await providers.deleteProvider(deps, accountOf(ctx.scope), actorOf(ctx), ctx.params.id);
    return null;
  });

  route(app, deps, contract.listOAuthProviders, ({ enterprise, query, req }) => providersOfHost(deps, enterprise.id, query.domain ?? req.hostname));

  // The browser's two legs answer redirects, not JSON, so they are registered by hand; their access is the contract's.
  const { startOAuth, oauthCallback } = contract;
  app.get(
    `/portal${startOAuth.path}`,
    { config: { access: startOAuth.access }, schema: { summary: startOAuth.summary, tags: startOAuth.tags } },
    async (req, reply) => {
      const { provider } = req.params as { provider: string };
      const { redirect } = req.query as { redirect?: unknown };
      try {
        const started = await startSignIn(deps, {
          slug: provider,
          host: req.hostname,
          origin: originOf(req),
          // A repeated or odd value is refused like any path that is not this site's.
          redirect: redirect === undefined ? undefined : typeof redirect === 'string' ? redirect : '//',
        });
        return reply
          .header('set-cookie', bindingCookie(started.cookie, req.protocol === 'https'))
          .header('cache-control', 'no-store')
          .redirect(started.location, 302);
      } catch (err) {
        // Unknown provider (404) and a bad redirect (422) answer as the contract says to a client that asked for
        // JSON; a browser navigating here is shown the branded login page saying why instead of the raw answer. The
        // provider failing goes back either way.
        if (err instanceof SsoError) return backToLogin(req, reply, err);
        if (err instanceof HttpError && err.statusCode < 500 && isNavigation(req)) return backToLogin(req, reply, new SsoError(refusal(err), 'refused'));
        throw err;
      }
    },
  );

  app.get(
    `/portal${oauthCallback.path}`,
    {
      config: { access: oauthCallback.access },
      schema: { summary: oauthCallback.summary, tags: oauthCallback.tags },
      // The request line carries the provider's code: kept out of the access log (refusals are still logged, sign-ins audited).
      logLevel: 'warn',
    },
    async (req, reply) => {
      const { provider } = req.params as { provider: string };
      // Used once, whatever happens next.
      reply.header('set-cookie', bindingCookie('', req.protocol === 'https', 0));
      try {
        const location = await finishSignIn(deps, {
          slug: provider,
          query: req.query as Record<string, unknown>,
          cookie: cookieOf(req),
          origin: originOf(req),
          client: clientOf(req),
        });
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      } catch (err) {
        return backToLogin(req, reply, err);
      }
    },
  );
}
