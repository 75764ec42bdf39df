import { useCallback } from 'react';
import { useAbility } from '@casl/react';
import { buildAbility, can, type AppAbility, type PermissionsMap } from '@hireline/access/ability';
import type { Action, Subject } from '@hireline/access/vocabulary';
import { useCurrentUser } from './current-user';
import { scopeKey, type Scope } from './session';

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

const ENTERPRISE_SCOPE: Scope = { accountId: null, siteId: null, employerId: null };

/** The scope a check runs in: enterprise-level pages select no account or site (see RouteMeta.level). */
export function scopeForLevel(scope: Scope, level: 'enterprise' | undefined): Scope {
  return level === 'enterprise' ? ENTERPRISE_SCOPE : scope;
}

/** Show or hide UI by permission; the API enforces the same rules, this only keeps the UI honest. */
export function useCan(action: Action, subject: Subject, options?: { strict?: boolean }): boolean {
  return can(useAbility<AppAbility>(), action, subject, options);
}

/** `useCan` for a list of checks at once (e.g. which navigation entries to show); same rules, same ability. */
export function useCanCheck(): (action: Action, subject: Subject, level?: 'enterprise') => boolean {
  const ability = useAbility<AppAbility>();
  const permissions = useCurrentUser()?.permissions;
  return useCallback(
    (action: Action, subject: Subject, level?: 'enterprise') =>
      can(level === 'enterprise' ? abilityFor(permissions, ENTERPRISE_SCOPE) : ability, action, subject),
    [ability, permissions],
  );
}

export { can };
