import type { AccountRef, PermissionsMap } from '@hireline/contract/auth';
import { emptyScope, type Scope } from './session';

export interface ScopeSource {
  accounts: AccountRef[];
  permissions: PermissionsMap;
}

/**
 * Whether the user reaches the whole site (an enterprise, account or site member) rather than only some of its
 * employers. Such staff work site-wide and may choose any employer of the site (ADR 002): `/auth/me` does not list
 * those, the API checks the chosen one on every request.
 */
export function hasSiteWideReach(permissions: PermissionsMap, accountId: string, siteId: string): boolean {
  return 'enterprise' in permissions || `account:${accountId}` in permissions || `site:${siteId}` in permissions;
}

/**
 * A valid selection for this user, keeping as much of the stored one as still exists: a stale account or site
 * (membership removed, other user) falls back to the first one available. An employer is selected when the user
 * holds permissions for that employer (employer staff need X-AF-EMPID), or when site-wide staff chose one of the
 * same site (e.g. to see its credits); otherwise account and site staff work site-wide.
 */
export function reconcileScope(user: ScopeSource, wanted: Scope): Scope {
  const account = user.accounts.find((a) => a.id === wanted.accountId) ?? user.accounts[0];
  if (!account) return emptyScope;
  const site = account.sites.find((s) => s.id === wanted.siteId) ?? account.sites[0];
  if (!site) return { accountId: account.id, siteId: null, employerId: null };
  const employers = site.employers.map((e) => e.id);
  const ownEmployer = employers.find((id) => `employer:${id}` in user.permissions);
  const chosen =
    wanted.employerId !== null &&
    (employers.includes(wanted.employerId) ||
      (wanted.siteId === site.id && hasSiteWideReach(user.permissions, account.id, site.id)));
  const employerId = chosen ? wanted.employerId : (ownEmployer ?? null);
  return { accountId: account.id, siteId: site.id, employerId };
}

/** Whether the user can pick the employer to act for: site-wide staff, or a member of several of the site's employers. */
export function canChooseEmployer(user: ScopeSource, scope: Scope): boolean {
  const account = user.accounts.find((a) => a.id === scope.accountId);
  const site = account?.sites.find((s) => s.id === scope.siteId);
  if (!account || !site) return false;
  return hasSiteWideReach(user.permissions, account.id, site.id) || site.employers.length > 1;
}

/** The slugs of the selected account and site: the `{account}` and `{site}` segments of scoped paths. */
export interface ScopeSlugs {
  account: string | null;
  site: string | null;
}

export function selectedSlugs(accounts: AccountRef[], scope: Scope): ScopeSlugs {
  const account = accounts.find((a) => a.id === scope.accountId);
  const site = account?.sites.find((s) => s.id === scope.siteId);
  return { account: account?.slug ?? null, site: site?.slug ?? null };
}

/** Names for the scope keys of the permissions map (`account:{id}` → the account's name). */
export function scopeLabels(accounts: AccountRef[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const account of accounts) {
    labels.set(`account:${account.id}`, account.name);
    for (const site of account.sites) {
      labels.set(`site:${site.id}`, site.name);
      for (const employer of site.employers) labels.set(`employer:${employer.id}`, employer.name);
    }
  }
  return labels;
}
