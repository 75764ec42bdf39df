import type { AccountUserAction } from '@hireline/contract/account-users';
import type { DbOrTx, Tx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { anotherAdmin, someAdmins } from './last-admin';
import { allowedActions, isAccountAdmin, refusal, selfRefusal, type AccountActor, type Row } from './user.policy';
import type { ActionsOf } from './user-present';
import * as repo from './users.repo';
import type { MembershipRow, UserRow } from './users.repo';

/*
 * A person's standing as user.policy judges it, read for a page of the list or for the one person an action is on:
 * their memberships here, whether they have access elsewhere, and whether the account has another admin.
 */

const rowOf = (u: UserRow, ms: MembershipRow[], accessElsewhere: boolean, anotherAdmin: boolean): Row => ({
  id: u.id,
  enabled: u.enabled,
  invited: u.invited,
  mfaEnabled: u.mfaEnabled,
  memberships: ms,
  accessElsewhere,
  anotherAdmin,
});

/** What the caller may do to each person of a page: access elsewhere and the account's admins read once for all of them. */
export async function actionsFor(db: DbOrTx, actor: AccountActor, rows: UserRow[]): Promise<ActionsOf> {
  // One after another: inside a transaction one handle runs one query at a time.
  const elsewhere = await repo.accessElsewhereOf(db, actor.accountId, rows.map((r) => r.id));
  const admins = rows.length ? await someAdmins(db, actor.accountId) : [];
  return (u, ms) => allowedActions(rowOf(u, ms, elsewhere.has(u.id), admins.some((id) => id !== u.id)), actor);
}

/**
 * The person, locked, once the policy allows `action` on them: yourself is refused before anything is read (you are
 * always there), someone not of the account is 404, else the policy's refusal. Asking whether the account has
 * another admin locks its admin role (see last-admin), so it is asked only about someone who is an admin now.
 */
export async function lockMember(tx: Tx, actor: AccountActor, userId: string, action: AccountUserAction) {
  const self = selfRefusal(actor, userId, action);
  if (self) throw self;
  const user = await repo.findMember(tx, actor.enterpriseId, actor.accountId, userId, { lock: true });
  if (!user) throw notFound();
  const current = await repo.membershipsIn(tx, actor.accountId, [userId]);
  const elsewhere = (await repo.accessElsewhereOf(tx, actor.accountId, [userId])).has(userId);
  const adminNow = user.enabled && !user.invited && isAccountAdmin(current);
  const row = rowOf(user, current, elsewhere, adminNow ? await anotherAdmin(tx, actor.accountId, userId) : true);
  const refused = refusal(row, actor, action);
  if (refused) throw refused;
  return { user, current, row };
}
