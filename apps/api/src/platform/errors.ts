import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeMessage, messageCatalog as codes, type CodedMessage } from '@hireline/contract/message-codes';
import { messages } from '@hireline/contract/messages';

/** A failure the client caused or may act on. Anything else is a 500 with a request id. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly code?: string,
    readonly headers?: Record<string, string>,
    /** More fields of the answer, named in the contract's error shape (e.g. `elsewhere`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, messages.unauthenticated);
export const forbidden = () => new HttpError(403, messages.unauthorized);
export const notFound = () => new HttpError(404, messages.notFound);
export const conflict = (message: string = messages.conflict) => new HttpError(409, message);
export const invalid = (errors: Record<string, string[]>) => new HttpError(422, messages.givenDataInvalid, errors);
/** The payment provider did not answer: nothing was recorded, the same request may be retried. */
export const providerUnavailable = () =>
  new HttpError(502, codes.payment_provider_unavailable, undefined, 'payment_provider_unavailable');
/** DESIGN §4: posting without a credit; the portal offers to buy one on `code`. */
export const insufficientCredits = () => new HttpError(402, messages.insufficientCredits, undefined, 'insufficient_credits');
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, messages.tooManyRequests, undefined, 'rate_limited', {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** Beyond an account's share of the pool for searches (tenant-gate.ts): nothing ran, the same search may be retried. */
export const searchBusy = () =>
  new HttpError(503, codes.search_busy, undefined, 'search_busy', { 'retry-after': '1' });
/** PostgreSQL cancelled a statement that ran past the request's statement_timeout (db/request-limits.ts). */
export const statementTimedOut = () => new HttpError(503, codes.statement_timeout, undefined, 'statement_timeout');

/** query_canceled: a statement cut by statement_timeout (or by an operator's pg_cancel_backend). */
const QUERY_CANCELED = '57014';

/**
 * The HttpError a failure stands for: itself, one raised beneath the ORM (which wraps what the driver rejects with,
 * e.g. a search refused a connection slot), or PostgreSQL's cancel of a statement that ran too long. Null otherwise.
 */
function httpErrorOf(err: unknown): HttpError | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof HttpError) return e;
    if (e.code === QUERY_CANCELED) return statementTimedOut();
  }
  return null;
}

const notAllowed = codes.not_allowed;

/** Zod issues (as fastify-type-provider-zod reports them) → `{field: [message]}`. */
function fieldErrors(error: FastifyError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const key = field || '_';
    const list = (out[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const v of error.validation ?? []) {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (v.params as { keys?: string[] } | undefined)?.keys;
    if (v.keyword === 'unrecognized_keys' && keys) {
      for (const k of keys) add(path ? `${path}.${k}` : k, notAllowed);
    } else {
      add(path, v.message ?? messages.invalid);
    }
  }
  return out;
}

/** A field error's code: the catalogue's, or `unknown` (the client then shows the English). */
const codedField = (english: string): CodedMessage => describeMessage(english) ?? { code: 'unknown' };

/**
 * The English answer with its codes beside it (DESIGN §4): `code` and `params` name the message, `error_codes` names
 * each field error in the same order. The English stays as it was; clients that translate read the codes.
 */
export function errorBody(message: string, errors?: Record<string, string[]>, code?: string) {
  const described = describeMessage(message);
  return {
    message,
    ...(errors
      ? { errors, error_codes: Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map(codedField)])) }
      : {}),
    ...(code || described ? { code: code ?? described!.code } : {}),
    ...(described?.params ? { params: described.params } : {}),
  };
}

/**
 * One place that turns every failure into the `{message, errors?}` shape of
 * DESIGN §4. Bad input is always a 4xx with a clear message; a 500 carries
 * only a request id (details go to the log, never to the client).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const known = httpErrorOf(err);
    if (known) {
      // One found beneath the ORM (a statement cut short, a refused slot) is logged with the query it stopped.
      if (known !== err) req.log.warn({ err }, known.message);
      if (known.headers) reply.headers(known.headers);
      return reply.code(known.statusCode).send({ ...errorBody(known.message, known.errors, known.code), ...known.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Path and query junk is "not found"-like noise from the client's side, but still their input: 422.
      return reply.code(422).send(errorBody(messages.givenDataInvalid, fieldErrors(err)));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
          ? codes.invalid_json
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE'
            ? codes.body_too_large
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? codes.unsupported_media_type
              : status === 429
                ? messages.tooManyRequests
                : err.message || messages.givenDataInvalid;
      return reply.code(status).send(errorBody(message));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ ...errorBody(messages.unknownError), request_id: String(req.id) });
  });
}
