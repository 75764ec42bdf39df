import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@hireline/contract/endpoint';
import { messages } from '@hireline/contract/messages';
import { endpointUrl } from '@hireline/contract/http';
import type { MessageParams } from '@hireline/contract/message-codes';
import { signInRoute, signOutRoute, type EndpointRoute } from './endpoint-routes';
import { session } from './session';
import { snackbar } from './snackbar';
import { translateMessage, type MessageRef } from './messages';

// URL building is shared with the job board (packages/contract/src/http.ts); re-exported for the portal's callers.
export { API_PREFIX, buildPath, endpointUrl, toQueryString } from '@hireline/contract/http';

// The API rewrites this placeholder when it serves index.html; the Vite dev server does not.
const ENTERPRISE_PLACEHOLDER = '%AF_EID%';

type IsNever<T> = [T] extends [never] ? true : false;
/** One request part: absent when the endpoint has no schema for it, optional when every field is optional. */
export type Part<K extends string, T> =
  IsNever<T> extends true ? { [P in K]?: never } : Partial<T> extends T ? { [P in K]?: T } : { [P in K]: T };

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * The answer to this very request when it was sent before the app started (public/early.js, early-requests.ts);
   * null or a network failure there: the request is sent as usual.
   */
  sent?: Promise<Response | null>;
  headers?: Record<string, string>;
  /** Send the selected account/site/employer headers (default true). */
  scoped?: boolean;
}

export type RequestInput<E> = Part<'params', ParamsOf<E>> & Part<'query', QueryOf<E>> & Part<'body', BodyOf<E>> & RequestOptions;
/** The input argument may be left out when nothing in it is required. */
export type InputArgs<T> = Partial<T> extends T ? [input?: T] : [input: T];

/** A non-2xx answer (or a network failure, status 0) in the API's one error shape. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly code?: string,
    /** Seconds to wait, from Retry-After on a 429. */
    readonly retryAfter?: number,
    /** The values of the message's catalogue code (e.g. `max`), for its translation. */
    readonly params?: MessageParams,
    /** Each field's messages as catalogue codes, in the order of `errors` (the answer's `error_codes`). */
    readonly errorCodes: Record<string, MessageRef[]> = {},
  ) {
    super(message);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

let enterpriseKeyCache: string | null = null;
export function enterpriseKey(): string {
  if (enterpriseKeyCache) return enterpriseKeyCache;
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="af-enterprise-key"]');
  const content = meta?.getAttribute('content')?.trim();
  enterpriseKeyCache =
    content && content !== ENTERPRISE_PLACEHOLDER ? content : (import.meta.env.VITE_ENTERPRISE_KEY ?? 'demo');
  return enterpriseKeyCache;
}

let onSessionExpired: (() => void) | null = null;
/** The app registers navigation here; lib code cannot import the router (imports flow one way). */
export function setSessionExpiredHandler(handler: (() => void) | null) {
  onSessionExpired = handler;
}

let onImpersonationExpired: (() => void) | null = null;
/**
 * While acting as someone else, a 401 means the borrowed token has ended (time up, revoked), not the staff
 * member's own session: the app returns to the kept staff session instead of signing out (lib/auth
 * `endExpiredImpersonation`). The handler must switch the token before it awaits anything, so the other requests
 * failing together find a newer token and act no more. Without a handler, the normal expiry applies.
 */
export function setImpersonationExpiredHandler(handler: (() => void) | null) {
  onImpersonationExpired = handler;
}

function requestHeaders(options: RequestOptions, token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-AF-EID': enterpriseKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.scoped !== false) {
    const { accountId, siteId, employerId } = session.get().scope;
    if (accountId) headers.set('X-AF-AID', accountId);
    if (siteId) headers.set('X-AF-SID', siteId);
    if (employerId) headers.set('X-AF-EMPID', employerId);
  }
  for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
  return headers;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A proxy's HTML error page or an empty body: fall back to the generic message.
  }
  // The error shape's schema comes with the contract's other schemas, not in the first download: only a failure needs it.
  const { errorResponse } = await import('@hireline/contract/common');
  const parsed = errorResponse.safeParse(body);
  const retry = Number(res.headers.get('Retry-After'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  if (!parsed.success) return new ApiError(res.status, res.status === 429 ? messages.tooManyRequests : messages.unknownError, {}, undefined, retryAfter);
  const { message, errors, code, params, error_codes } = parsed.data;
  return new ApiError(res.status, message, errors ?? {}, code, retryAfter, params, error_codes ?? {});
}

function expireSession() {
  // An impersonation's borrowed token ended: the staff session kept aside takes over (see the handler's note).
  if (session.get().parent && onImpersonationExpired) return onImpersonationExpired();
  session.clear();
  snackbar.show(translateMessage(messages.sessionExpired), 'error');
  onSessionExpired?.();
}

/** Sends with the session's token and scope headers; a non-2xx answer throws an ApiError (a 401 expires the session). */
export async function fetchOk(endpoint: Pick<Endpoint, 'method' | 'path'>, init: RequestInit, url: string, options: RequestOptions): Promise<Response> {
  const token = session.get().token;
  let res: Response;
  try {
    const early = options.sent && (await options.sent.catch(() => null));
    res = early ?? (await fetch(url, { ...init, headers: requestHeaders(options, token), signal: options.signal }));
  } catch (error) {
    if (options.signal?.aborted) throw error; // let TanStack Query see its own cancellation
    throw new ApiError(0, messages.unknownError, {}, 'network_error');
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // A refused sign-in is wrong credentials; a refused sign-out is a token already gone, which is what its caller
    // wanted (signOut decides where to go, and while impersonating that is back to the staff session).
    const isSignInOrOut = [signInRoute, signOutRoute].some((e) => endpoint.method === e.method && endpoint.path === e.path);
    // Only a request that carried the current token expires the session: the first of several parallel 401s
    // acts, a late answer from before a newer sign-in does not, and a signed-out caller has nothing to expire.
    if (res.status === 401 && !isSignInOrOut && token !== null && session.get().token === token) expireSession();
    throw error;
  }
  return res;
}

/** Sends and reads the answer, checked against the endpoint's schema when it has one (also for lib/api-files.ts). */
export async function send<E extends Endpoint>(endpoint: E | EndpointRoute<E>, init: RequestInit, url: string, options: RequestOptions) {
  const res = await fetchOk(endpoint, init, url, options);
  if (res.status === 204) return null as ResponseOf<E>;
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  // An endpoint named by its route alone has no schema here: its answer is taken as the API sent it (endpoint-routes.ts).
  if (!endpoint.response) return data as ResponseOf<E>;
  const checked = endpoint.response.safeParse(data);
  if (checked.success) return checked.data as ResponseOf<E>;
  // A contract drift should be loud for developers but must not blank the screen for users.
  console.error(`Response of ${endpoint.method} ${endpoint.path} does not match the contract`, checked.error.issues);
  return data as ResponseOf<E>;
}

/** Calls one contract endpoint (or its route); argument and result types come from the endpoint itself. */
export function request<E extends Endpoint>(endpoint: E | EndpointRoute<E>, ...[input]: InputArgs<RequestInput<E>>): Promise<ResponseOf<E>> {
  const { params, query, body, ...options } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown } & RequestOptions;
  const init: RequestInit = { method: endpoint.method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    options.headers = { 'Content-Type': 'application/json', ...options.headers };
  }
  return send(endpoint, init, endpointUrl(endpoint, { params, query }), options);
}
