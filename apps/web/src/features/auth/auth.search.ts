/*
 * The search parameters of the signed-out pages. Plain functions rather than Zod schemas: the route table is part of
 * the first download, and Zod is not needed to show the login page (bench/README.md, "Portal"). They read a query
 * as the schemas they replace did (auth.search.test.ts holds them to those): a text parameter keeps a string, and
 * anything else given for it (a repeated key, an array) becomes undefined.
 */

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The named parameters that are present, each read as text; an absent one stays absent. */
function texts<K extends string>(search: Record<string, unknown>, keys: readonly K[]): { [P in K]?: string } {
  const result: { [P in K]?: string } = {};
  for (const key of keys) if (key in search) result[key] = text(search[key]);
  return result;
}

export interface LoginSearch {
  /** Where to go after signing in. */
  to?: string;
  /** Why a single sign-on came back refused. */
  sso_error?: string;
  [key: string]: unknown;
}

/** /login keeps whatever query the guard carried, plus `to` and `sso_error`. */
export function loginSearch(search: LoginSearch): LoginSearch {
  const result: LoginSearch = texts(search, ['to', 'sso_error']);
  for (const [key, value] of Object.entries(search)) if (!(key in result)) result[key] = value;
  return result;
}

/** A password link's page (reset, invitation): its `token` only. */
export function resetPasswordSearch(search: { token?: string }): { token?: string } {
  return texts(search, ['token']);
}
