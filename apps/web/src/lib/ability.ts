import { useCallback } from 'react';
import { useAbility } from '@casl/react';
import { buildAbility, can, type AppAbility, type PermissionsMap } from '@hireline/access/ability';
import type { Action, Subject } from '@hireline/access/vocabulary';
import { useCurrentUser } from './current-user';
import { scopeKey, useSession, type Scope } from './session';

export type { AppAbility };

const NO_PERMISSIONS: PermissionsMap = {};
// Keyed by the permissions object (the cached /auth/me answer) and the scope, so React and the router guard share
// one ability per (user, scope) and identity only changes when the permissions or the selection do.
const cache = new WeakMap<PermissionsMap, Map<string, AppAbility>>();

export function abilityFor(permissions: PermissionsMap | undefined, scope: Scope): AppAbility {
  const perms = permissions ?? NO_PERMISSIONS;
  let byScope = cache.get(perms);
  if (!byScope) cache.set(perms, (byScope = new Map()));
  const key = scopeKey(scope);
  let ability = byScope.get(key);
  if (!ability) byScope.set(key, (ability = buildAbility(perms, scope)));
  return ability;
}

/** Where a check is made, as the contract's `level` says for the API (see RouteMeta.level); unset = the selected scope. */
export type CheckLevel = 'enterprise' | 'account';

const ENTERPRISE_SCOPE: Scope = { accountId: null, siteId: null, employerId: null };

/**
 * The scope a check runs in: enterprise-level pages select no account or site; account-level pages (the account's
 * users, sites, branding) the selected account alone, so a role held on the selected site or employer does not count
 * there, exactly as the API judges their `level: 'account'` endpoints.
 */
export function scopeForLevel(scope: Scope, level: CheckLevel | undefined): Scope {
  if (level === 'enterprise') return ENTERPRISE_SCOPE;
  if (level === 'account') return { accountId: scope.accountId, siteId: null, employerId: null };
  return scope;
}

/** Show or hide UI by permission; the API enforces the same rules, this only keeps the UI honest. */
export function useCan(action: Action, subject: Subject, options?: { strict?: boolean }): boolean {
  return can(useAbility<AppAbility>(), action, subject, options);
}

/** `useCan` for a list of checks at once (e.g. which navigation entries to show); same rules, same ability. */
export function useCanCheck(): (action: Action, subject: Subject, level?: CheckLevel) => boolean {
  const ability = useAbility<AppAbility>();
  const permissions = useCurrentUser()?.permissions;
  const { scope } = useSession();
  return useCallback(
    (action: Action, subject: Subject, level?: CheckLevel) =>
      can(level ? abilityFor(permissions, scopeForLevel(scope, level)) : ability, action, subject),
    [ability, permissions, scope],
  );
}

/**
 * `useCan` at the selected account alone (`level: 'account'`), for the account's own screens; false while no account
 * is selected, where there is no account to act on.
 */
export function useCanAtAccount(action: Action, subject: Subject): boolean {
  const permissions = useCurrentUser()?.permissions;
  const { scope } = useSession();
  return Boolean(scope.accountId) && can(abilityFor(permissions, scopeForLevel(scope, 'account')), action, subject);
}

export { can };
