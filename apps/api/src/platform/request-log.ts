import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
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
 * every later log line of the request, "request completed" included: RequestLog writes it through the same child
 * logger, so one `setBindings` here reaches it, and an operator can filter a tenant's or a person's traffic without joining
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

/**
 * One line per request where Fastify writes two ("incoming request", then "request completed"): at info level the
 * pair cost as much Node CPU as a small list's JSON, and the first line says nothing the second does not once it
 * names the method, the URL (redacted by the `req` serializer), the route's template, the status and the time taken.
 * The caller's ids come from bindCaller's bindings. A 5xx answer is logged at warn so that it shows at the quieter
 * levels; a thrown failure keeps its own error line with its stack (errors.ts), and Fastify's other lines (stream
 * errors, serializer failures) are left as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(req)) return;
    const fields = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.warn(fields, 'request completed');
    else reply.log.info(fields, 'request completed');
  }
}
