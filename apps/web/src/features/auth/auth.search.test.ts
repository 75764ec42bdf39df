import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSearch, stringifySearch } from '../../app/search-params';
import { loginSearch, resetPasswordSearch } from './auth.search';

/*
 * The signed-out pages read their query without Zod (it stays out of the first download); these are the schemas they
 * replaced, and every query below must come out the same, keys, values and their order (which the URL keeps).
 */
const before = {
  login: z.looseObject({ to: z.string().optional().catch(undefined), sso_error: z.string().optional().catch(undefined) }),
  reset: z.object({ token: z.string().optional().catch(undefined) }),
};

const queries = [
  '',
  '?to=%2Facme%2Fjobs%2Fjobs%3Fpage%3D2',
  '?sso_error=The+sign-in+failed.&to=%2F',
  '?page=3&to=%2Fx&q=a&q=b',
  '?to=%2Fa&to=%2Fb',
  '?sso_error=x&sso_error=y&token=t',
  '?token=abc',
  '?token=a&token=b&other=1',
  '?token=',
];
const objects: Record<string, unknown>[] = [{ to: 5, sso_error: null, token: { a: 1 } }, { to: undefined, token: undefined }, { to: ['x'], extra: true }];

describe('signed-out search parameters', () => {
  it.each([...queries.map(parseSearch), ...objects])('reads %o as the schemas did', (search) => {
    const login = loginSearch(search);
    const reset = resetPasswordSearch(search);
    expect(login).toStrictEqual(before.login.parse(search));
    expect(reset).toStrictEqual(before.reset.parse(search));
    expect(Object.keys(login)).toEqual(Object.keys(before.login.parse(search)));
    expect(stringifySearch(login)).toBe(stringifySearch(before.login.parse(search)));
  });

  it('keeps the page to return to and the guard’s query, and drops what is not text', () => {
    expect(loginSearch(parseSearch('?to=%2Fusers&page=2&to2=x'))).toStrictEqual({ to: '/users', page: '2', to2: 'x' });
    expect(loginSearch(parseSearch('?to=%2Fa&to=%2Fb'))).toStrictEqual({ to: undefined });
    expect(resetPasswordSearch(parseSearch('?token=abc&email=a%40b.test'))).toStrictEqual({ token: 'abc' });
    expect(resetPasswordSearch({})).toStrictEqual({});
  });
});
