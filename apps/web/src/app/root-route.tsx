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
import { decidePathScope, replaceScopeSegments, scopeLevel } from './scope-path';
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
  const level = leaf ? scopeLevel(leaf.fullPath) : null;
  const user = session.get().token ? getCurrentUser() : undefined;
  // Signed-out visitors are left to the guard, which sends them to login with the path they asked for.
  if (!leaf || !level || !user) return null;
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
    // check permissions with code that comes with it too (lib/ability-loader.ts). A navigation of a signed-in user
    // that got here first (the one right after signing in) fetches them and matches again, so no page ever sees an
    // unchecked search and the guard never judges without the user's permissions.
    if (!preload && !(searchSchemasLoaded() && abilityModule()) && session.get().token && getCurrentUser()) {
      return Promise.all([loadSearchSchemas(), loadAbility()]).then(() => {
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
