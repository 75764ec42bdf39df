import { reconcileScope, selectedSlugs, type ScopeSlugs, type ScopeSource } from '../lib/scope';
import type { Scope } from '../lib/session';

/*
 * Spec §2: "The current route is kept in line with the selected account and site. If the path does not match, it
 * is replaced." The `{account}` and `{site}` segments are slugs (DESIGN §7); the selection holds ids. These pure
 * functions decide what to do; the root route's beforeLoad and the scope switcher act on the answer.
 */

/** Which part of the selection a route's path carries: `/$account/$site/…`, `/$account/…`, or none. */
export type ScopeLevel = 'site' | 'account';

export function scopeLevel(fullPath: string): ScopeLevel | null {
  const [, first, second] = fullPath.split('/');
  if (first !== '$account') return null;
  return second === '$site' ? 'site' : 'account';
}

/** The slugs a matched path names (route params `account` and `site`). */
export interface PathSlugs {
  account: string;
  site?: string;
}

export type PathScopeDecision =
  /** The path names the selection: nothing to do. */
  | { type: 'in-line' }
  /** The path names another account/site the user can reach: select it (a shared link, the back button). */
  | { type: 'select'; scope: Scope }
  /** The path names something the user cannot reach: show the same page for the selection instead. */
  | { type: 'replace'; slugs: ScopeSlugs }
  /** Nothing is selected that could stand in (no account, or no site for a site page). */
  | { type: 'unreachable' };

const IN_LINE: PathScopeDecision = { type: 'in-line' };

export function decidePathScope(
  user: ScopeSource,
  selection: Scope,
  level: ScopeLevel,
  path: PathSlugs,
): PathScopeDecision {
  const account = user.accounts.find((a) => a.slug === path.account);
  const site = account?.sites.find((s) => s.slug === path.site);
  if (account && (level === 'account' || site)) {
    if (selection.accountId === account.id && (level === 'account' || selection.siteId === site?.id)) return IN_LINE;
    // An account-level path keeps no site of another account; reconcileScope then picks that account's first.
    const wanted: Scope =
      level === 'site' && site
        ? { accountId: account.id, siteId: site.id, employerId: null }
        : { accountId: account.id, siteId: null, employerId: null };
    return { type: 'select', scope: reconcileScope(user, wanted) };
  }
  const slugs = selectedSlugs(user.accounts, selection);
  if (!slugs.account || (level === 'site' && !slugs.site)) return { type: 'unreachable' };
  return { type: 'replace', slugs };
}

/** Puts the slugs into the first one (account) or two (account, site) segments of a concrete pathname. */
export function replaceScopeSegments(pathname: string, level: ScopeLevel, slugs: ScopeSlugs): string {
  const segments = pathname.split('/');
  segments[1] = encodeURIComponent(slugs.account ?? '');
  if (level === 'site') segments[2] = encodeURIComponent(slugs.site ?? '');
  return segments.join('/');
}

/** A route path (`/$account/$site/jobs`) with the slugs filled in; other params must not remain. */
export function fillScope(fullPath: string, slugs: ScopeSlugs): string {
  return fullPath
    .split('/')
    .map((segment) =>
      segment === '$account'
        ? encodeURIComponent(slugs.account ?? '')
        : segment === '$site'
          ? encodeURIComponent(slugs.site ?? '')
          : segment,
    )
    .join('/');
}

const hasRecordParams = (fullPath: string) =>
  fullPath.split('/').some((s) => s.startsWith('$') && s !== '$account' && s !== '$site');

export interface CurrentPage {
  /** The concrete path in the address bar. */
  pathname: string;
  /** The matched route's path pattern. */
  fullPath: string;
  /** Path pattern of the list this page belongs to (its `navActiveLink` route), if any. */
  listPath?: string;
}

/**
 * Where the scope switcher goes after choosing `slugs`, or null when the page does not depend on the selection.
 * A page under a list (a job, an edit form) shows a record of the old site, which the new site does not have, so
 * the switch lands on that list; query and hash are dropped for the same reason (filters name old records).
 */
export function pathAfterSwitch(page: CurrentPage, slugs: ScopeSlugs): string | null {
  const level = scopeLevel(page.fullPath);
  if (!level) return null;
  if (!slugs.account || (level === 'site' && !slugs.site)) return '/';
  if (page.listPath && scopeLevel(page.listPath) === level) return fillScope(page.listPath, slugs);
  if (hasRecordParams(page.fullPath)) return '/';
  return replaceScopeSegments(page.pathname, level, slugs);
}
