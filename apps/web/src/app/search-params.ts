/**
 * Plain `a=1&b=2` query strings instead of the router's default JSON-encoded values: the guard must carry the
 * current query to /login exactly as it was, and URLs stay readable and stable for users and the API.
 * Repeated keys become arrays; empty values are dropped when writing.
 */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)) {
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const str = params.toString();
  return str ? `?${str}` : '';
}
