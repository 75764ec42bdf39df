import { describe, expect, it } from 'vitest';
import type { Action, Subject } from '@hireline/access/vocabulary';
import type { CheckLevel } from '../../lib/ability';
import { pathOfRoute, routeByName } from '../../app/router';
import { navGroups, shortcutEntries, visibleEntries, visibleGroups, type NavContext } from './nav-items';

const granted = (...rules: string[]) => (action: Action, subject: Subject) => rules.includes(`${action} ${subject}`);
const ctx = (over: Partial<NavContext> = {}): NavContext => ({
  can: granted('access portal'),
  metaOf: (name) => routeByName(name)?.options.staticData?.meta,
  slugs: { account: 'acme', site: 'jobs' },
  employerSelected: false,
  ...over,
});
const names = (groups: ReturnType<typeof visibleGroups>) => groups.flatMap((g) => g.entries.map((e) => e.name));

describe('navigation entries', () => {
  it('point at the path of the route they are named after', () => {
    for (const entry of [...navGroups.flatMap((g) => g.entries), ...shortcutEntries])
      expect(entry.to, entry.name).toBe(pathOfRoute(entry.name));
  });

  it('are shown only when the route’s action and subject are allowed', () => {
    expect(names(visibleGroups(navGroups, ctx()))).toEqual(['root', 'dev-mail']);
    const manager = ctx({ can: granted('access portal', 'view jobs', 'view applications', 'view settings', 'view users') });
    expect(names(visibleGroups(navGroups, manager))).toEqual(['root', 'jobs', 'applications', 'settings', 'users', 'dev-mail']);
    const everything = ctx({ can: () => true });
    expect(names(visibleGroups(navGroups, everything))).toEqual([
      'root',
      'jobs',
      'applications',
      'seekers',
      'employers',
      'consultants',
      'credit-system',
      'settings',
      'sites',
      'users',
      'audit',
      'enterprise-accounts',
      'enterprise-audit',
      'dev-mail',
    ]);
  });

  it('check enterprise pages at the enterprise level, where an account admin\'s `all` does not count', async () => {
    const { abilityFor, can, scopeForLevel } = await import('../../lib/ability');
    const scope = { accountId: 'a1', siteId: 's1', employerId: null };
    const check = (permissions: Record<string, string[]>) => (action: Action, subject: Subject, level?: CheckLevel) =>
      can(abilityFor(permissions, scopeForLevel(scope, level)), action, subject);
    const accountAdmin = names(visibleGroups(navGroups, ctx({ can: check({ 'account:a1': ['all'] }) })));
    expect(accountAdmin).toContain('jobs');
    expect(accountAdmin).toContain('audit');
    expect(accountAdmin).not.toContain('enterprise-accounts');
    expect(accountAdmin).not.toContain('enterprise-audit');
    const enterpriseAdmin = names(visibleGroups(navGroups, ctx({ can: check({ enterprise: ['all'] }) })));
    expect(enterpriseAdmin).toEqual(expect.arrayContaining(['enterprise-accounts', 'enterprise-audit']));
  });

  it('check account pages at the account alone, where a role on the selected site does not count', async () => {
    const { abilityFor, can, scopeForLevel } = await import('../../lib/ability');
    const scope = { accountId: 'a1', siteId: 's1', employerId: null };
    const check = (permissions: Record<string, string[]>) => (action: Action, subject: Subject, level?: CheckLevel) =>
      can(abilityFor(permissions, scopeForLevel(scope, level)), action, subject);
    const siteManager = names(visibleGroups(navGroups, ctx({ can: check({ 'site:s1': ['users.all', 'sites.all', 'jobs.all'] }) })));
    expect(siteManager).toContain('jobs');
    expect(siteManager).not.toContain('users');
    expect(siteManager).not.toContain('sites');
    expect(names(visibleGroups(navGroups, ctx({ can: check({ 'site:s1': ['audit.all'] }) })))).not.toContain('audit');
    const accountAdmin = names(visibleGroups(navGroups, ctx({ can: check({ 'account:a1': ['all'] }) })));
    expect(accountAdmin).toEqual(expect.arrayContaining(['users', 'sites']));
  });

  it('fill in the selected slugs, and hide site pages while no site is selected', () => {
    const everything = ctx({ can: () => true });
    const jobs = visibleGroups(navGroups, everything).flatMap((g) => g.entries).find((e) => e.name === 'jobs');
    expect(jobs?.params).toEqual({ account: 'acme', site: 'jobs' });
    const noSite = names(visibleGroups(navGroups, { ...everything, slugs: { account: 'acme', site: null } }));
    expect(noSite).toEqual(['root', 'sites', 'users', 'audit', 'enterprise-accounts', 'enterprise-audit', 'dev-mail']);
  });

  it('hide an entry whose route is unknown, and employer pages while no employer is selected', () => {
    expect(visibleEntries([{ ...shortcutEntries[0]!, name: 'second-page' }], ctx({ metaOf: () => undefined }))).toEqual([]);
    const shortcuts = (employerSelected: boolean) =>
      visibleEntries(shortcutEntries, ctx({ can: () => true, employerSelected })).map((e) => e.name);
    expect(shortcuts(false)).not.toContain('employer');
    expect(shortcuts(true)).toContain('employer');
    expect(visibleEntries(shortcutEntries, ctx()).find((e) => e.name === 'auth-profile-tab')?.params).toEqual({ tab: 'account' });
  });
});
