import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { loadUser, userAudit } from './account-users.service';
import type { AccountActor } from './user.policy';
import { lockMember } from './user-standing';
import { membershipLabel } from './user-present';
import * as repo from './users.repo';

/*
 * What changes a person's standing: disabling (signed out at once, no sign-in anywhere), enabling, and removing them
 * from the account. A user is enterprise-wide, so an account may disable or enable only someone whose access is all
 * in that account: one account's admin never shuts a person out of another tenant (or lets them back in).
 */

export async function setEnabled(deps: AppDeps, actor: AccountActor, userId: string, enabled: boolean) {
  return deps.db.transaction(async (tx) => {
    // The policy refuses someone not yet accepted, with access elsewhere, already so, or the last admin.
    await lockMember(tx, actor, userId, enabled ? 'enable' : 'disable');
    await repo.setUserEnabled(tx, userId, enabled);
    if (!enabled) await repo.revokeAllSessions(tx, userId);
    await audit(tx, userAudit(actor, userId, enabled ? 'user.enable' : 'user.disable'));
    return loadUser(deps, tx, actor, userId);
  });
}

/** Takes away all their access to this account; someone left with access nowhere is signed out. */
export async function remove(deps: AppDeps, actor: AccountActor, userId: string) {
  await deps.db.transaction(async (tx) => {
    const { current } = await lockMember(tx, actor, userId, 'remove');
    await repo.removeFromAccount(tx, actor.accountId, userId);
    await repo.endSessionsIfNoMemberships(tx, userId);
    await audit(tx, userAudit(actor, userId, 'user.remove', { memberships: current.map(membershipLabel) }));
  });
}
