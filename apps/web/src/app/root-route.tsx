import { createRootRouteWithContext, redirect, type ParsedLocation } from '@tanstack/react-router';
import { abilityModule, loadAbility } from '../lib/ability-loader';
import { getCurrentUser } from '../lib/current-user';
import { MFA_SETUP_PATH, mustSetUpMfa } from '../lib/mfa-setup';
import { session } from '../lib/session';
import { decideGuard, type GuardAuth } from './guard';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { loadSearchSchemas, searchSchemasLoaded } from './routes/signed-in-search';
import type { RouteName } from './route-meta';
import type * as ScopePath from './scope-path';
import { stringifySearch } from './search-params';

export interface RouterContext {
  /** Read at navigation time, so the guard always sees the current session and selection. */
  auth: () => GuardAuth;
  /** The path of a named route (the guard redirects by name); injected so this file needs no route tree. */
  pathOf: (name: RouteName) => string;
}

export function authSnapshot(): GuardAuth {
  const { token, scope } = session.get();
  const user = token ? getCurrentUser() : undefined;
  return {
    authenticated: Boolean(token && user),
    can: (action, subject, level) => {
      // Loaded with the user (lib/ability-loader.ts); without a user, `authenticated` is false and nothing is asked.
      const checks = abilityModule();
      return checks ? checks.can(checks.abilityFor(user?.permissions, checks.scopeForLevel(scope, level)), action, subject) : false;
    },
  };
}

let scopePath: typeof ScopePath | null = null;
let scopePathLoading: Promise<unknown> | null = null;

/**
 * Fetches how paths follow the selection (scope-path.ts) once: only a signed-in user's paths follow it, so it comes
 * with sign-in, as the search schemas do (a failed fetch is tried again on the next call).
 */
export function loadScopePath(): Promise<unknown> {
  scopePathLoading ??= import('./scope-path').then(
    (module) => (scopePath = module),
    (error: unknown) => {
      scopePathLoading = null;
      throw error;
    },
  );
  return scopePathLoading;
}

interface LeafMatch {
  fullPath: string;
  params: Record<string, string | undefined>;
}

/**
 * Keeps a `/$account/$site/…` path in line with the selection (spec §2). Returns where to go instead, or null.
 * A reachable account/site in the path becomes the selection (shared links and the back button work); anything
 * else is replaced by the selected slugs. Runs before the guard, so the guard checks the page against the
 * permissions of the scope it will actually show. Preloads (link hover) never change the selection.
 */
function followSelection(leaf: LeafMatch | undefined, location: ParsedLocation, preload: boolean): string | null {
  const user = session.get().token ? getCurrentUser() : undefined;
  // Signed-out visitors are left to the guard, which sends them to login with the path they asked for. A signed-in
  // navigation has the module (the root route waits for it); a preload before then changes nothing.
  if (!leaf || !user || !scopePath) return null;
  const { decidePathScope, replaceScopeSegments, scopeLevel } = scopePath;
  const level = scopeLevel(leaf.fullPath);
  if (!level) return null;
  const path = { account: leaf.params.account ?? '', site: leaf.params.site };
  const decision = decidePathScope(user, session.get().scope, level, path);
  switch (decision.type) {
    case 'in-line':
      return null;
    case 'select':
      if (!preload) session.setScope(decision.scope);
      return null;
    case 'replace':
      return (
        replaceScopeSegments(location.pathname, level, decision.slugs) +
        location.searchStr +
        (location.hash ? `#${location.hash}` : '')
      );
    case 'unreachable':
      return '/';
  }
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RouteError,
  // Runs once per navigation on the root, against the deepest matched route (its meta and its scope params).
  beforeLoad: ({ context, location, matches, preload }) => {
    // Signed-in pages read their search through schemas that come with sign-in (routes/signed-in-search.ts), and
    // check permissions and follow the selection with code that comes with it too (lib/ability-loader.ts,
    // loadScopePath). A navigation of a signed-in user that got here first (the one right after signing in) fetches
    // them and matches again, so no page ever sees an unchecked search and the guard never judges without them.
    if (!preload && !(searchSchemasLoaded() && abilityModule() && scopePath) && session.get().token && getCurrentUser()) {
      return Promise.all([loadSearchSchemas(), loadAbility(), loadScopePath()]).then(() => {
        throw redirect({ href: location.href, replace: true });
      });
    }
    const leaf = matches[matches.length - 1];
    // An account requires two-step sign-in of this person: its setup comes before any other signed-in page.
    const meta = leaf?.staticData.meta;
    if (!preload && mustSetUpMfa() && location.pathname !== MFA_SETUP_PATH && !meta?.public && !meta?.unauthenticatedOnly)
      throw redirect({ href: MFA_SETUP_PATH, replace: true });
    const replacement = followSelection(leaf, location, preload);
    if (replacement) throw redirect({ href: replacement, replace: true });
    const decision = decideGuard(leaf?.staticData.meta, context.auth(), location);
    if (decision.type === 'redirect')
      throw redirect({ href: context.pathOf(decision.to) + stringifySearch(decision.search ?? {}) });
  },
});
