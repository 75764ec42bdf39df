import { describe, expect, it } from 'vitest';
import type { Scope } from '../lib/session';
import { decidePathScope, fillScope, pathAfterSwitch, replaceScopeSegments, scopeLevel } from './scope-path';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const A1 = '00000000-0000-4000-8000-0000000000a1';
const A2 = '00000000-0000-4000-8000-0000000000a2';
const B1 = '00000000-0000-4000-8000-0000000000b1';
const user = {
  permissions: {},
  accounts: [
    {
      id: A,
      name: 'Acme',
      slug: 'acme',
      sites: [
        { id: A1, name: 'Acme Jobs', slug: 'jobs', employers: [] },
        { id: A2, name: 'Acme Executive', slug: 'executive', employers: [] },
      ],
    },
    { id: B, name: 'Globex', slug: 'globex', sites: [{ id: B1, name: 'Globex Jobs', slug: 'jobs', employers: [] }] },
    { id: C, name: 'Empty', slug: 'empty', sites: [] },
  ],
};
const scope = (accountId: string | null, siteId: string | null): Scope => ({ accountId, siteId, employerId: null });
const acmeJobs = scope(A, A1);

describe('scopeLevel', () => {
  it('tells site, account and unscoped route paths apart', () => {
    expect(scopeLevel('/$account/$site/jobs')).toBe('site');
    expect(scopeLevel('/$account/$site/jobs/$id')).toBe('site');
    expect(scopeLevel('/$account/sites')).toBe('account');
    expect(scopeLevel('/enterprise/accounts/$id')).toBeNull();
    expect(scopeLevel('/')).toBeNull();
  });
});

describe('decidePathScope (the path follows the selection)', () => {
  it('does nothing when the path names the selection', () => {
    expect(decidePathScope(user, acmeJobs, 'site', { account: 'acme', site: 'jobs' })).toEqual({ type: 'in-line' });
    expect(decidePathScope(user, acmeJobs, 'account', { account: 'acme' })).toEqual({ type: 'in-line' });
  });

  it('switches the selection to another site or account the user can reach', () => {
    expect(decidePathScope(user, acmeJobs, 'site', { account: 'acme', site: 'executive' })).toEqual({
      type: 'select',
      scope: scope(A, A2),
    });
    // Same site slug in another account: the account decides which one is meant.
    expect(decidePathScope(user, acmeJobs, 'site', { account: 'globex', site: 'jobs' })).toEqual({
      type: 'select',
      scope: scope(B, B1),
    });
    // An account-level path selects that account and its first site.
    expect(decidePathScope(user, acmeJobs, 'account', { account: 'globex' })).toEqual({
      type: 'select',
      scope: scope(B, B1),
    });
  });

  it('replaces slugs the user cannot reach with the selected ones', () => {
    expect(decidePathScope(user, scope(A, A2), 'site', { account: 'initech', site: 'jobs' })).toEqual({
      type: 'replace',
      slugs: { account: 'acme', site: 'executive' },
    });
    // A known account with a site it does not have.
    expect(decidePathScope(user, acmeJobs, 'site', { account: 'globex', site: 'executive' })).toEqual({
      type: 'replace',
      slugs: { account: 'acme', site: 'jobs' },
    });
    expect(decidePathScope(user, acmeJobs, 'account', { account: 'nope' })).toEqual({
      type: 'replace',
      slugs: { account: 'acme', site: 'jobs' },
    });
  });

  it('has nothing to stand in when no account (or no site for a site page) is selected', () => {
    expect(decidePathScope({ accounts: [], permissions: {} }, scope(null, null), 'site', { account: 'acme', site: 'jobs' })).toEqual({
      type: 'unreachable',
    });
    expect(decidePathScope(user, scope(C, null), 'site', { account: 'nope', site: 'x' })).toEqual({ type: 'unreachable' });
    // An account page works without a site.
    expect(decidePathScope(user, scope(C, null), 'account', { account: 'empty' })).toEqual({ type: 'in-line' });
  });
});

describe('path rewriting', () => {
  const globex = { account: 'globex', site: 'jobs' };

  it('replaces only the scope segments of a concrete path', () => {
    expect(replaceScopeSegments('/acme/executive/jobs/hold', 'site', globex)).toBe('/globex/jobs/jobs/hold');
    expect(replaceScopeSegments('/acme/users', 'account', globex)).toBe('/globex/users');
  });

  it('fills the scope params of a route path, encoding the slugs', () => {
    expect(fillScope('/$account/$site/jobs', globex)).toBe('/globex/jobs/jobs');
    expect(fillScope('/$account/sites', { account: 'a b', site: null })).toBe('/a%20b/sites');
  });

  it('the switcher rewrites the prefix of the current page', () => {
    const page = { pathname: '/acme/jobs/employers/hold', fullPath: '/$account/$site/employers/hold' };
    expect(pathAfterSwitch(page, { account: 'acme', site: 'executive' })).toBe('/acme/executive/employers/hold');
    expect(pathAfterSwitch({ pathname: '/acme/users', fullPath: '/$account/users' }, globex)).toBe('/globex/users');
  });

  it('the switcher leaves a record of the old site for its list', () => {
    const page = { pathname: '/acme/jobs/consultants/42/edit', fullPath: '/$account/$site/consultants/$id/edit', listPath: '/$account/$site/consultants' };
    expect(pathAfterSwitch(page, globex)).toBe('/globex/jobs/consultants');
    // A record page without a known list falls back to the dashboard rather than a page that would 404.
    expect(pathAfterSwitch({ pathname: '/acme/jobs/seekers/7/cv', fullPath: '/$account/$site/seekers/$id/$tab' }, globex)).toBe('/');
  });

  it('the switcher leaves unscoped pages alone and goes home when the new selection has no site', () => {
    expect(pathAfterSwitch({ pathname: '/notifications', fullPath: '/notifications' }, globex)).toBeNull();
    expect(pathAfterSwitch({ pathname: '/acme/jobs/jobs', fullPath: '/$account/$site/jobs' }, { account: 'empty', site: null })).toBe('/');
    expect(pathAfterSwitch({ pathname: '/acme/sites', fullPath: '/$account/sites' }, { account: 'empty', site: null })).toBe('/empty/sites');
  });
});
