/**
 * Plain `a=1&b=2` query strings instead of the router's default JSON-encoded values: search URLs stay readable and
 * shareable (`/jobs?q=driver&work_type=full_time&work_type=casual`). Repeated keys become arrays; empty values are
 * dropped when writing.
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
