import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/*
 * Links carry credentials in their query: reset and confirmation links (`?token=`), signed file URLs (`?signature=`),
 * single sign-on callbacks (`?code=…&state=…`). Whoever reads the request log must not be able to replay them, so
 * every URL and error text that reaches a log line has the values of such parameters replaced. Names are matched by
 * what they contain (`access_token`, `id_token`, `reset_token`…), so a parameter added later is covered too.
 */

const SECRET_PARAM = /([?&;][^=&#\s"'<>]*(?:token|signature|code|state|password|secret|key)[^=&#\s"'<>]*=)[^&#\s"'<>]*/gi;

export const REDACTED = '[redacted]';

/** The text with the values of credential-like query parameters replaced. */
export function redactQuery(text: string): string {
  return text.replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** Pino serializers the server's logger uses: the request's URL and any error's message and stack are redacted. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactQuery(req.url),
      // The template (`/portal/v1/jobs/:id`) groups a route's lines whatever ids its URLs carry.
      route: req.routeOptions?.url,
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket ? req.socket.remotePort : undefined,
    };
  },
  err(err: Error) {
    const out = stdSerializers.err(err);
    return { ...out, type: out.type, message: redactQuery(out.message ?? ''), stack: redactQuery(out.stack ?? '') };
  },
};
