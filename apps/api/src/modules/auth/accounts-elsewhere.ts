import type { AppDeps } from '../../deps';
import { tenantOrigin } from '../../platform/links';
import type { Membership } from '../../platform/scope';
import { reachableAccounts } from './auth.repo';

/**
 * The user's own accounts with the address of each one's portal, for a sign-in on a host that brands none of them.
 * Built from their accepted memberships only, so it names no account they do not belong to. Enterprise-level staff
 * reach every account from any host: they are never on the wrong one, and get nothing here.
 */
export async function accountsElsewhere(deps: AppDeps, enterpriseId: string, memberships: Membership[]) {
  if (memberships.some((m) => m.scopeType === 'enterprise')) return [];
  const own = await reachableAccounts(deps.db, enterpriseId, memberships);
  return Promise.all(
    own.map(async (a) => ({ id: a.id, name: a.name, url: await tenantOrigin(deps, deps.db, { accountId: a.id, audience: 'portal' }) })),
  );
}
