import type { Endpoint } from './endpoint';

/*
 * How a contract endpoint becomes a URL, shared by every client (the portal, the job board) so a path parameter or a
 * repeated filter is written the same way by both. Pure string work: no fetch, no DOM.
 */

/** Every endpoint of the contract lives below this prefix (DESIGN §4). */
export const API_PREFIX = '/portal';

export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x&b=y`: empty values are left out, arrays repeat their key (the API's `manyFilter`). */
export function toQueryString(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** The URL of an endpoint's route (only its path is read: a client may name an endpoint by its route alone). */
export function endpointUrl(endpoint: Pick<Endpoint, 'path'>, input: { params?: unknown; query?: unknown } = {}): string {
  return (
    API_PREFIX +
    buildPath(endpoint.path, input.params as Record<string, unknown> | undefined) +
    toQueryString(input.query as Record<string, unknown> | undefined)
  );
}
