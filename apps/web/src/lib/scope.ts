import type { AccountRef, PermissionsMap } from '@hireline/contract/auth';
import { emptyScope, type Scope } from './session';

export interface ScopeSource {
  accounts: AccountRef[];
  permissions: PermissionsMap;
}

/**
 * A valid selection for this user, keeping as much of the stored one as still exists: a stale account or site
 * (membership removed, other user) falls back to the first one available. An employer is selected only when the
 * user holds permissions for that employer: employer staff need X-AF-EMPID, account and site staff work site-wide.
 */
export function reconcileScope(user: ScopeSource, wanted: Scope): Scope {
  const account = user.accounts.find((a) => a.id === wanted.accountId) ?? user.accounts[0];
  if (!account) return emptyScope;
  const site = account.sites.find((s) => s.id === wanted.siteId) ?? account.sites[0];
  if (!site) return { accountId: account.id, siteId: null, employerId: null };
  const employers = site.employers.map((e) => e.id);
  const ownEmployer = employers.find((id) => `employer:${id}` in user.permissions);
  const employerId = wanted.employerId && employers.includes(wanted.employerId) ? wanted.employerId : (ownEmployer ?? null);
  return { accountId: account.id, siteId: site.id, employerId };
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
