import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@hireline/contract/endpoint';
import { errorResponse } from '@hireline/contract/common';
import { impersonationMessages } from '@hireline/contract/impersonation';
import { MFA_SETUP_REQUIRED, mfaMessages } from '@hireline/contract/mfa';
import { buildAbility, can, type AppAbility } from '@hireline/access/ability';
import type { Action, Subject } from '@hireline/access/vocabulary';
import type { AppDeps } from '../deps';
import { withRequestLimits, type RequestLimits } from '../db/request-limits';
import { withTenants, type Tenants } from '../db/tenant-context';
import { authenticate, authenticateCaller, bearerToken, type AuthContext } from './auth';
import { forbidden, HttpError, notFound, unauthenticated } from './errors';
import { authenticateSeeker, type SeekerAuth } from './seeker-sessions';
import { bindCaller, type LoggedCaller } from './request-log';
import { permissionsMapOf, scopeIdsOf, verifyScope, type Membership, type ResolvedScope } from './scope';
import type { Enterprise } from './tenancy';

export interface RequestContext {
  req: FastifyRequest;
  reply: FastifyReply;
  enterprise: Enterprise;
  scope: ResolvedScope;
  ability: AppAbility;
}

export interface AuthedContext extends RequestContext {
  auth: AuthContext;
  memberships: Membership[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's access declaration, read back by the route-access test. */
    access?: Endpoint['access'];
    /** The contract's level, read back by the same test (account and enterprise paths must declare theirs). */
    level?: Endpoint['level'];
    /** The whole contract entry, so the isolation matrix and the fuzzer cover every route without a list of their own. */
    endpoint?: Endpoint;
  }
}

type IsPublic<E> = E extends { access: { public: true } } ? true : false;
type IsSeeker<E> = E extends { access: { seeker: true } } ? true : false;
type Parts<E> = E extends Endpoint<infer P, infer Q, infer B, z.ZodType> ? { params: z.output<P>; query: z.output<Q>; body: z.output<B> } : never;

/** Public endpoints may also know a signed-in candidate (the board's report form records who reported). */
export type Ctx<E extends Endpoint> = (IsPublic<E> extends true
  ? RequestContext & { auth: AuthContext | null; memberships: Membership[]; seeker: SeekerAuth | null }
  : IsSeeker<E> extends true
    ? RequestContext & { seeker: SeekerAuth }
    : AuthedContext) &
  Parts<E>;

export type Handler<E extends Endpoint> = (ctx: Ctx<E>) => Promise<z.input<E['response']> | z.output<E['response']>>;

/** What onRequest settled, handed to the handler; weak so a finished request leaves nothing behind. */
const contexts = new WeakMap<
  FastifyRequest,
  Omit<RequestContext, 'req' | 'reply'> & { auth: AuthContext | null; memberships: Membership[]; seeker: SeekerAuth | null }
>();

const noScope = (enterpriseId: string): ResolvedScope => ({
  enterpriseId,
  accountId: null,
  siteId: null,
  employerId: null,
  employerIds: null,
});

/**
 * Registers one contract endpoint. Authentication, scope verification and the
 * endpoint's declared permission are enforced here, before the handler runs,
 * so a handler cannot forget them; handlers then check record-level rules.
 */
export function route<E extends Endpoint>(app: FastifyInstance, deps: AppDeps, endpoint: E, handler: Handler<E>) {
  const url = `/portal${endpoint.path}`;
  // 503: a statement past the request's timeout, or a search beyond its account's share (errors.ts).
  const errors = { 400: errorResponse, 401: errorResponse, 402: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse, 429: errorResponse, 503: errorResponse };
  const interactive: RequestLimits = { statementTimeoutMs: deps.config.statementTimeoutMs };
  const options: RouteOptions = {
    method: endpoint.method,
    url,
    // Read back by the route-access test: every API route must declare its access (and its level where the path says);
    // the security suite walks the entries themselves.
    config: { access: endpoint.access, level: endpoint.level, endpoint },
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...('public' in endpoint.access ? {} : { security: [{ bearer: [] }] }),
      response: { [endpoint.status ?? 200]: endpoint.response, ...errors, ...(endpoint.unavailable ? { 503: endpoint.unavailable } : {}) },
    },
    // Who is calling is settled before the body is even parsed: enterprise (400), token (401), scope (404),
    // permission (403). Validation (422) comes after, so strangers learn nothing about an endpoint's input.
    onRequest: async (req) => {
      // Whatever is settled below is named on the request's log lines, even when a later check refuses the caller.
      const who: LoggedCaller = {};
      try {
        await withRequestLimits(interactive, () => settle(req, who));
      } finally {
        bindCaller(req, who);
      }
    },
    handler: async (req, reply) => {
      const settled = contexts.get(req)!;
      const ctx = { ...settled, req, reply, params: req.params, query: req.query, body: req.body } as unknown as Ctx<E>;
      // The handler's queries see only the caller's accounts, whatever filter they forget (ADR 012).
      // …and under the request's limits: a statement timeout, and for a search its account's share of the pool.
      const limits = isSearch(endpoint, req) ? searchLimits(deps, settled) : interactive;
      const result = await withTenants(tenantsOf(endpoint, settled), () => withRequestLimits(limits, () => handler(ctx)));
      // A readiness probe answers 503 itself; every other status is the endpoint's.
      if (!(endpoint.unavailable && reply.statusCode === 503)) reply.code(endpoint.status ?? 200);
      if (endpoint.status === 204) return reply.send();
      return result;
    },
  };
  async function settle(req: FastifyRequest, who: LoggedCaller) {
    const enterprise = endpoint.withoutEnterprise
      ? ({ id: '', key: '', name: '' } satisfies Enterprise)
      : await deps.resolveEnterprise(headerValue(req, 'x-af-eid'));
    const token = bearerToken(req);
    let auth: AuthContext | null = null;
    let memberships: Membership[] = [];
    let seeker: SeekerAuth | null = null;
    let scope = noScope(enterprise.id);
    const idleMs = deps.config.sessionIdleMs;
    if ('public' in endpoint.access) {
      // Public endpoints still recognise a signed-in caller, staff or candidate (the board), but never require one.
      if (token && endpoint.path.startsWith('/v1/board/')) seeker = await authenticateSeeker(deps.db, token, enterprise.id, idleMs).catch(() => null);
      else if (token) auth = await authenticate(deps.db, token, enterprise.id, idleMs).catch(() => null);
      who.auth = auth;
      who.seeker = seeker;
    } else if ('seeker' in endpoint.access) {
      // A candidate's board session: a staff token is no candidate and answers 401 like no token at all.
      if (!token) throw unauthenticated();
      seeker = await authenticateSeeker(deps.db, token, enterprise.id, idleMs);
      who.seeker = seeker;
    } else {
      if (!token) throw unauthenticated();
      const ids = endpoint.level === 'enterprise' ? null : scopeIdsOf(req, endpoint.level === 'account');
      const caller = await authenticateCaller(deps.db, token, enterprise.id, idleMs, ids);
      auth = caller.auth;
      who.auth = auth;
      memberships = caller.memberships;
      // Until the person sets two-step sign-in up (an account requires it), only the setup and what it needs answer.
      if (auth.mfaSetupRequired && !endpoint.duringMfaSetup) throw new HttpError(403, mfaMessages.setupRequired, undefined, MFA_SETUP_REQUIRED);
      if (ids) scope = verifyScope(enterprise.id, memberships, ids, caller.chain);
      who.scope = scope;
      // An account-level endpoint acts on the account as a whole, so without one selected there is nothing to act on.
      if (endpoint.level === 'account' && !scope.accountId) throw notFound();
    }
    // For `level: 'account'` the scope was resolved from the account header alone, so ctx.scope is the verified
    // account with siteId, employerId and employerIds null, and this ability counts enterprise and account
    // permissions only: a site or employer role never reaches account-wide things, in the check below or in any
    // rule the handler applies with ctx.ability.
    const ability = buildAbility(permissionsMapOf(memberships), scope);
    if ('subject' in endpoint.access) {
      const { subject, action } = endpoint.access;
      if (!can(ability, action as Action, subject as Subject)) throw forbidden();
    }
    if (endpoint.notWhileImpersonating && (auth?.impersonation || seeker?.impersonation)) {
      throw new HttpError(403, impersonationMessages.whileImpersonating);
    }
    contexts.set(req, { enterprise, auth, memberships, scope, ability, seeker });
  }
  app.route(options);
}

/**
 * The accounts whose rows a handler may see: a candidate's own account; a staff member's accounts (every account
 * for the enterprise's own staff, whose work spans them and creates new ones); everything for public endpoints,
 * which find their tenant from the host and serve only what is public.
 */
function tenantsOf(endpoint: Endpoint, c: { memberships: Membership[]; seeker: SeekerAuth | null }): Tenants {
  if ('public' in endpoint.access) return '*';
  if ('seeker' in endpoint.access) return [c.seeker!.seeker.accountId];
  if (c.memberships.some((m) => m.scopeType === 'enterprise')) return '*';
  return [...new Set(c.memberships.map((m) => m.accountId).filter((id): id is string => id !== null))];
}

/**
 * The heavy reads: the app bar's search and every staff list asked for a text search (`q`), which match across whole
 * tables where a plain list reads one index range. The board's public search is left to its own flood guard per
 * address (deps.trafficLimiter): it belongs to no signed-in account.
 */
function isSearch(endpoint: Endpoint, req: FastifyRequest): boolean {
  if (endpoint.method !== 'GET' || 'public' in endpoint.access || 'seeker' in endpoint.access) return false;
  const q = (req.query as { q?: unknown } | undefined)?.q;
  return typeof q === 'string' && q.trim() !== '';
}

/** A search's limits: each connection it checks out first takes a slot of its account's (else its enterprise's) share. */
function searchLimits(deps: AppDeps, c: { enterprise: Enterprise; scope: ResolvedScope }): RequestLimits {
  const key = c.scope.accountId ?? `enterprise:${c.enterprise.id}`;
  return { statementTimeoutMs: deps.config.statementTimeoutMs, slot: () => deps.searchGate.acquire(key) };
}

/**
 * The selected account of a `level: 'account'` endpoint, which route() has verified (404 before the handler runs
 * when none is selected). Null here means the endpoint lacks that level, a bug to surface rather than a 404 to hide.
 */
export function accountOf(scope: ResolvedScope): string {
  if (!scope.accountId) throw new Error("accountOf() on an endpoint not declared level: 'account'");
  return scope.accountId;
}

export function headerValue(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
