import { z } from 'zod';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@hireline/contract/endpoint';
import { errorResponse } from '@hireline/contract/common';
import { endpointUrl } from '@hireline/contract/http';
import type { CodedMessage, MessageParams } from '@hireline/contract/message-codes';
import { messages } from '@hireline/contract/messages';
import { devBoardHost } from './board-host';
import { session } from './session';

// The API rewrites this placeholder when it serves index.html; the Vite dev server does not.
const ENTERPRISE_PLACEHOLDER = '%AF_EID%';

type IsNever<T> = [T] extends [never] ? true : false;
/** One request part: absent when the endpoint has no schema for it, optional when every field is optional. */
type Part<K extends string, T> =
  IsNever<T> extends true ? { [P in K]?: never } : Partial<T> extends T ? { [P in K]?: T } : { [P in K]: T };

export interface RequestOptions {
  signal?: AbortSignal;
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
    /** With code `account_elsewhere`: the board where the candidate's own account is. */
    readonly elsewhere?: { name: string; url: string },
    /** The message's parameters, for its code's translation. */
    readonly params?: MessageParams,
    /** Each field error's code, in the same order as `errors`. */
    readonly errorCodes: Record<string, CodedMessage[]> = {},
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
  enterpriseKeyCache = content && content !== ENTERPRISE_PLACEHOLDER ? content : (import.meta.env.VITE_ENTERPRISE_KEY ?? 'demo');
  return enterpriseKeyCache;
}

let onSessionExpired: (() => void) | null = null;
/** The app registers navigation here (to sign-in with a return path); lib code cannot import the router. */
export function setSessionExpiredHandler(handler: (() => void) | null) {
  onSessionExpired = handler;
}

const hasDomain = (schema: unknown) => schema instanceof z.ZodObject && 'domain' in schema.shape;

/**
 * Development only: the board named by `?board=` goes where the endpoint takes a `domain` (query or body). In a
 * production build the API knows the board from the Host header and nothing is added.
 */
export function withBoard(endpoint: Endpoint, query: unknown, body: unknown): { query: unknown; body: unknown } {
  const board = devBoardHost();
  if (!board) return { query, body };
  if (hasDomain(endpoint.query)) return { query: { ...(query as object), domain: board }, body };
  if (hasDomain(endpoint.body) && body !== undefined && !(body instanceof FormData)) return { query, body: { ...(body as object), domain: board } };
  return { query, body };
}

function requestHeaders(token: string | null): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-AF-EID': enterpriseKey() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // Read by the Vite dev proxy only (see vite.config.ts); a production build never sends it.
  const board = devBoardHost();
  if (board) headers.set('X-Board-Host', board);
  return headers;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A proxy's HTML error page or an empty body: fall back to the generic message.
  }
  const parsed = errorResponse.safeParse(body);
  if (parsed.success) {
    const d = parsed.data;
    return new ApiError(res.status, d.message, d.errors ?? {}, d.code, d.elsewhere, d.params, (d.error_codes ?? {}) as Record<string, CodedMessage[]>);
  }
  return new ApiError(res.status, res.status === 429 ? messages.tooManyRequests : messages.unknownError);
}

async function send<E extends Endpoint>(endpoint: E, init: RequestInit, url: string, signal?: AbortSignal): Promise<ResponseOf<E>> {
  const token = session.get().token;
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: mergeHeaders(requestHeaders(token), init.headers), signal });
  } catch (error) {
    if (signal?.aborted) throw error; // let TanStack Query see its own cancellation
    throw new ApiError(0, messages.unknownError, {}, 'network_error');
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // Only a candidate endpoint's 401 means the session ended (a public one answers 401 for wrong credentials), and
    // only for the token that is still current: parallel 401s act once, a late one after a new sign-in not at all.
    if (res.status === 401 && 'seeker' in endpoint.access && token !== null && session.get().token === token) {
      session.clear();
      onSessionExpired?.();
    }
    throw error;
  }
  if (res.status === 204) return null as ResponseOf<E>;
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  const checked = endpoint.response.safeParse(data);
  if (checked.success) return checked.data as ResponseOf<E>;
  // A contract drift should be loud for developers but must not blank the screen for candidates.
  console.warn(`Response of ${endpoint.method} ${endpoint.path} does not match the contract`, checked.error.issues);
  return data as ResponseOf<E>;
}

function mergeHeaders(base: Headers, extra: HeadersInit | undefined): Headers {
  for (const [k, v] of new Headers(extra)) base.set(k, v);
  return base;
}

/** Calls one contract endpoint; argument and result types come from the endpoint itself. */
export function request<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<RequestInput<E>>): Promise<ResponseOf<E>> {
  const { params, signal, ...rest } = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown } & RequestOptions;
  const { query, body } = withBoard(endpoint, rest.query, rest.body);
  const init: RequestInit = { method: endpoint.method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  return send(endpoint, init, endpointUrl(endpoint, { params, query }), signal);
}

/** Multipart variant for `multipart: true` endpoints (uploads); the browser sets the boundary header. */
export function upload<E extends Endpoint>(endpoint: E, data: Record<string, string | Blob>, signal?: AbortSignal): Promise<ResponseOf<E>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(data)) form.append(k, v);
  return send(endpoint, { method: endpoint.method, body: form }, endpointUrl(endpoint), signal);
}

/** Saves a Blob as a download: a temporary object URL on a hidden link, clicked and then released. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
