import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './auth';
import type { ResolvedScope } from './scope';
import type { SeekerAuth } from './seeker-sessions';

/** Who a request turned out to be, as far as route() got before answering. */
export interface LoggedCaller {
  auth?: AuthContext | null;
  seeker?: SeekerAuth | null;
  scope?: ResolvedScope;
}

/**
 * Names the tenant (account, site) and the actor (user or candidate, and the staff member impersonating them) on
 * every later log line of the request, "request completed" included: Fastify logs it through the same child logger,
 * so one `setBindings` here reaches it, and an operator can filter a tenant's or a person's traffic without joining
 * the log to the sessions table. Ids only: names and emails are personal data the log need not hold.
 */
export function bindCaller(req: FastifyRequest, who: LoggedCaller) {
  const bindings: Record<string, string> = {};
  const accountId = who.scope?.accountId ?? who.seeker?.seeker.accountId;
  if (accountId) bindings.accountId = accountId;
  if (who.scope?.siteId) bindings.siteId = who.scope.siteId;
  if (who.auth) bindings.userId = who.auth.user.id;
  if (who.seeker) bindings.seekerId = who.seeker.seeker.id;
  const impersonator = who.auth?.impersonation?.impersonatorUserId ?? who.seeker?.impersonation?.impersonatorUserId;
  if (impersonator) bindings.impersonatorId = impersonator;
  // Pino's child loggers have setBindings; the silent logger of `logger: false` has nothing to bind.
  const log = req.log as typeof req.log & { setBindings?: (b: Record<string, string>) => void };
  if (Object.keys(bindings).length > 0) log.setBindings?.(bindings);
}
