import type { Action, Subject } from '@hireline/access/vocabulary';
import type { CheckLevel } from '../lib/ability';
import type { RouteMeta, RouteName } from './route-meta';

export interface GuardAuth {
  /** A token and the user it belongs to are both known. */
  authenticated: boolean;
  can: (action: Action, subject: Subject, level?: CheckLevel) => boolean;
}

export interface GuardLocation {
  pathname: string;
  /** The parsed current query. */
  search: Record<string, unknown>;
  /** The full path: pathname, query and hash. */
  href: string;
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: Extract<RouteName, 'root' | 'login' | 'not-authorized'>; search?: Record<string, unknown> };

const ALLOW: GuardDecision = { type: 'allow' };

/**
 * The route guard of spec §2, rule by rule. A route without meta is treated as an ordinary protected route, so
 * forgetting meta never opens a page to anonymous users.
 */
export function decideGuard(meta: RouteMeta | undefined, auth: GuardAuth, location: GuardLocation): GuardDecision {
  // 1. Routes flagged public are always allowed.
  if (meta?.public) return ALLOW;
  // 2. Unauthenticated-only routes send a signed-in user to the root path.
  if (meta?.unauthenticatedOnly) return auth.authenticated ? { type: 'redirect', to: 'root' } : ALLOW;
  // 3. Any other route sends an unauthenticated user to login, carrying the current query plus `to` (the full
  //    path of the intended page), omitted when that path is the root.
  if (!auth.authenticated) {
    const search: Record<string, unknown> = { ...location.search };
    delete search.to;
    if (location.href !== '/') search.to = location.href;
    return { type: 'redirect', to: 'login', search };
  }
  // 4. A signed-in user lacking the route's action and subject (default: access on portal) is not authorized.
  if (!auth.can(meta?.action ?? 'access', meta?.subject ?? 'portal', meta?.level)) return { type: 'redirect', to: 'not-authorized' };
  return ALLOW;
}
