import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import type { AccountActor } from './account-access';
import { loadUser, lockMember, userAudit, userMessages } from './account-users.service';
import { mustLeaveAnAdmin } from './last-admin';
import { membershipLabel } from './user-present';
import * as repo from './users.repo';

/*
 * What changes a person's standing: disabling (signed out at once, no sign-in anywhere), enabling, and removing them
 * from the account. A user is enterprise-wide, so an account may disable or enable only someone whose access is all
 * in that account: one account's admin never shuts a person out of another tenant (or lets them back in).
 */

export async function setEnabled(deps: AppDeps, actor: AccountActor, userId: string, enabled: boolean) {
  return deps.db.transaction(async (tx) => {
    const { user, current } = await lockMember(tx, actor, userId);
    // Someone who has not accepted is not yet the account's to disable or enable: their standing is their own.
    if (user.invited) throw conflict(userMessages.stillInvited);
    if (await repo.hasAccessElsewhere(tx, actor.accountId, userId)) throw conflict(userMessages.accessElsewhere);
    if (user.enabled === enabled) throw conflict(enabled ? userMessages.alreadyEnabled : userMessages.alreadyDisabled);
    if (!enabled) await mustLeaveAnAdmin(tx, actor.accountId, userId, { ...user, memberships: current });
    await repo.setUserEnabled(tx, userId, enabled);
    if (!enabled) await repo.revokeAllSessions(tx, userId);
    await audit(tx, userAudit(actor, userId, enabled ? 'user.enable' : 'user.disable'));
    return loadUser(deps, tx, actor, userId);
  });
}

/** Takes away all their access to this account; someone left with access nowhere is signed out. */
export async function remove(deps: AppDeps, actor: AccountActor, userId: string) {
  await deps.db.transaction(async (tx) => {
    const { user, current } = await lockMember(tx, actor, userId);
    await mustLeaveAnAdmin(tx, actor.accountId, userId, { ...user, memberships: current });
    await repo.removeFromAccount(tx, actor.accountId, userId);
    await repo.endSessionsIfNoMemberships(tx, userId);
    await audit(tx, userAudit(actor, userId, 'user.remove', { memberships: current.map(membershipLabel) }));
  });
}
