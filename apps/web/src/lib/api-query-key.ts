import type { Endpoint } from '@hireline/contract/endpoint';

/**
 * Query keys: ['api', path, params, query, scope]. The path prefix lets a mutation invalidate every cached page of
 * an endpoint; the scope part gives each account/site its own cache, so switching scope refetches by itself and
 * never shows another tenant's data.
 */
export function apiQueryKey(endpoint: Pick<Endpoint, 'path'>, input: { params?: unknown; query?: unknown } | undefined, scope: string) {
  return ['api', endpoint.path, input?.params ?? null, input?.query ?? null, scope] as const;
}
