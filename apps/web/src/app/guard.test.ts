import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardAuth, type GuardLocation } from './guard';
import { parseSearch, stringifySearch } from './search-params';
import type { RouteMeta } from './route-meta';

const anonymous: GuardAuth = { authenticated: false, can: () => false };
const signedIn = (granted: string[] = ['access portal']): GuardAuth => ({
  authenticated: true,
  can: (action, subject) => granted.includes(`${action} ${subject}`),
});
const at = (href: string): GuardLocation => {
  const url = new URL(href, 'http://portal.test');
  return { pathname: url.pathname, search: parseSearch(url.search), href };
};
const page: RouteMeta = { layout: 'default' };

describe('decideGuard (spec §2 route guard)', () => {
  it('rule 4 checks enterprise-level routes at the enterprise level', () => {
    const meta: RouteMeta = { layout: 'default', action: 'view', subject: 'enterprise', level: 'enterprise' };
    const levels: Array<string | undefined> = [];
    const auth: GuardAuth = { authenticated: true, can: (_a, _s, level) => (levels.push(level), level === 'enterprise') };
    expect(decideGuard(meta, auth, at('/enterprise/accounts'))).toEqual({ type: 'allow' });
    expect(levels).toEqual(['enterprise']);
  });

  it('rule 1: public routes are always allowed', () => {
    const meta: RouteMeta = { layout: 'blank', public: true };
    expect(decideGuard(meta, anonymous, at('/not-authorized'))).toEqual({ type: 'allow' });
    expect(decideGuard(meta, signedIn([]), at('/not-authorized'))).toEqual({ type: 'allow' });
  });

  it('rule 2: unauthenticated-only routes send a signed-in user to the root path', () => {
    const meta: RouteMeta = { layout: 'blank', unauthenticatedOnly: true };
    expect(decideGuard(meta, signedIn(), at('/login'))).toEqual({ type: 'redirect', to: 'root' });
    expect(decideGuard(meta, anonymous, at('/login?to=%2Fx'))).toEqual({ type: 'allow' });
  });

  it('rule 3: an anonymous user goes to login with the current query plus `to` = the full path', () => {
    const decision = decideGuard(page, anonymous, at('/dev/mail?page=2&sort=-created_at#top'));
    expect(decision).toEqual({
      type: 'redirect',
      to: 'login',
      search: { page: '2', sort: '-created_at', to: '/dev/mail?page=2&sort=-created_at#top' },
    });
    // What lands in the address bar: the query carried as it was, `to` percent-encoded.
    expect('/login' + stringifySearch(decision.type === 'redirect' ? (decision.search ?? {}) : {})).toBe(
      '/login?page=2&sort=-created_at&to=%2Fdev%2Fmail%3Fpage%3D2%26sort%3D-created_at%23top',
    );
  });

  it('rule 3: `to` is omitted when the intended page is the root path', () => {
    expect(decideGuard(page, anonymous, at('/'))).toEqual({ type: 'redirect', to: 'login', search: {} });
  });

  it('rule 3: a route without meta is protected, never open', () => {
    expect(decideGuard(undefined, anonymous, at('/x'))).toMatchObject({ type: 'redirect', to: 'login' });
  });

  it('rule 4: a signed-in user lacking the action and subject goes to not-authorized', () => {
    const meta: RouteMeta = { layout: 'default', action: 'view', subject: 'jobs' };
    expect(decideGuard(meta, signedIn(), at('/jobs'))).toEqual({ type: 'redirect', to: 'not-authorized' });
    expect(decideGuard(meta, signedIn(['view jobs']), at('/jobs'))).toEqual({ type: 'allow' });
  });

  it('rule 4: the default requirement is access on portal', () => {
    expect(decideGuard(page, signedIn(['access portal']), at('/dev/mail'))).toEqual({ type: 'allow' });
    expect(decideGuard(page, signedIn([]), at('/dev/mail'))).toEqual({ type: 'redirect', to: 'not-authorized' });
  });
});

describe('search params', () => {
  it('round-trips plain values and repeated keys without JSON quoting', () => {
    const search = parseSearch('?page=2&tag=a&tag=b&q=1');
    expect(search).toEqual({ page: '2', tag: ['a', 'b'], q: '1' });
    expect(stringifySearch({ ...search, empty: '', gone: undefined })).toBe('?page=2&tag=a&tag=b&q=1');
  });
});
