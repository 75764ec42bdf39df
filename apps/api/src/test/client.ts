import type { InjectOptions } from 'fastify';
import type { Tenant } from './factories';
import { call, type TestApp } from './harness';

/* The portal's HTTP clients for API tests: one caller in one scope, or at the account alone. */

export interface Scope {
  accountId: string;
  siteId: string;
  employerId?: string;
}

export const site1 = (t: Tenant): Scope => ({ accountId: t.account.id, siteId: t.sites[0].id });
export const employer1 = (t: Tenant): Scope => ({ ...site1(t), employerId: t.employers[0].id });

/** A client for one caller in one scope. */
export function client(t: TestApp, token: string, scope: Scope) {
  const send = (opts: InjectOptions) => call(t.app, { token, ...scope }, opts);
  return {
    get: (url: string, query?: Record<string, string | string[]>, headers?: Record<string, string>) =>
      send({ method: 'GET', url: `/portal${url}`, query, headers }),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      send({ method: 'POST', url: `/portal${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers }),
    patch: (url: string, payload: unknown) => send({ method: 'PATCH', url: `/portal${url}`, payload: payload as object }),
    put: (url: string, payload: unknown) => send({ method: 'PUT', url: `/portal${url}`, payload: payload as object }),
    del: (url: string) => send({ method: 'DELETE', url: `/portal${url}` }),
  };
}
export type Client = ReturnType<typeof client>;

/** A client for one caller with only `X-AF-AID` (plus any other scope header given). */
export function accountClient(t: TestApp, token: string, accountId: string, extra: { siteId?: string; employerId?: string } = {}) {
  const send = (opts: InjectOptions) => call(t.app, { token, accountId, ...extra }, opts);
  return {
    get: (url: string, query?: Record<string, string | string[]>, headers?: Record<string, string>) =>
      send({ method: 'GET', url: `/portal${url}`, query, headers }),
    post: (url: string, payload?: unknown) =>
      send({ method: 'POST', url: `/portal${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }),
    put: (url: string, payload: unknown) => send({ method: 'PUT', url: `/portal${url}`, payload: payload as object }),
    patch: (url: string, payload: unknown) => send({ method: 'PATCH', url: `/portal${url}`, payload: payload as object }),
    del: (url: string) => send({ method: 'DELETE', url: `/portal${url}` }),
  };
}
export type AccountClient = ReturnType<typeof accountClient>;
