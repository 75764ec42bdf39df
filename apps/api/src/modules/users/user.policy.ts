import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import { can, type Action } from '@hireline/access/ability';
import { accountUserActions, type AccountUserAction, type MembershipScope } from '@hireline/contract/account-users';
import { lastAdminMessages, mfaResetMessages, userMessages } from '@hireline/contract/admin-messages';
import { memberships, roles, users } from '../../db/schema/identity';
import { actorOf, type Actor } from '../../platform/actor';
import { conflict, forbidden, type HttpError } from '../../platform/errors';
import { mayGiveRoles } from '../../platform/role-grant';
import { accountOf, type AuthedContext } from '../../platform/route';

/*
 * Which of an account's people a caller may reach, and what they may do to one. Every answer's `allowed_actions` and
 * every refusal of the services come from {@link refusal}, so what the portal offers and what the API accepts cannot
 * disagree.
 *
 * Managing an account's people is an account-level power: every endpoint of this module is `level: 'account'` in the
 * contract, so route() has judged the caller at the account alone (a site or employer role never counts) and
 * ctx.ability is that account-level ability, the one every rule of this module (escalation included) uses.
 */

export interface AccountActor extends Actor {
  accountId: string;
}

/** The caller as the account's rules see them: who acts, their account-level ability and the account acted on. */
export const accountActor = (ctx: AuthedContext): AccountActor => ({ ...actorOf(ctx), accountId: accountOf(ctx.scope) });

/** What the rules ask of the caller: who they are (never themselves) and their account-level ability. */
export type Caller = Pick<AccountActor, 'userId' | 'ability'>;

/**
 * A membership of this account held by the user: the people of an account are exactly these. The outer id is
 * qualified by hand: drizzle writes bare column names in a one-table query, and a bare "id" here is the membership's.
 */
export const memberOf = (accountId: string, role?: SQL) =>
  exists(
    sql`(select 1 from ${memberships} join ${roles} on ${roles.id} = ${memberships.roleId}
      where ${memberships.userId} = "users"."id" and ${memberships.accountId} = ${accountId}${role ? sql` and ${role}` : sql``})`,
  );

/** The people a caller reaches: of their enterprise, with a membership of the account (of another one: "not found"). */
export const reach = (enterpriseId: string, accountId: string) => and(eq(users.enterpriseId, enterpriseId), memberOf(accountId))!;

/* Nobody removes the last way back into an account: its last enabled account admin (accepted, at the account). */

export const ACCOUNT_ADMIN = 'account_admin';

interface HeldMembership {
  scope: string;
  roleKey: string;
  permissions: readonly string[];
}

export const isAccountAdmin = (ms: readonly Pick<HeldMembership, 'scope' | 'roleKey'>[]) =>
  ms.some((m) => m.scope === 'account' && m.roleKey === ACCOUNT_ADMIN);

/**
 * A person as the rules see them. `accessElsewhere`: they also have access outside this account (another account's,
 * or the enterprise's), which is not this account's to take; `anotherAdmin`: the account has an enabled, accepted
 * account admin besides them.
 */
export interface Row {
  id: string;
  enabled: boolean;
  invited: boolean;
  mfaEnabled: boolean;
  memberships: readonly HeldMembership[];
  accessElsewhere: boolean;
  anotherAdmin: boolean;
}

/** They are an enabled account admin here now, and the account has no other. */
const lastAdmin = (u: Row) => u.enabled && !u.invited && isAccountAdmin(u.memberships) && !u.anotherAdmin;

const permissionOf: Record<AccountUserAction, Action> = {
  update_access: 'update',
  resend_invitation: 'update',
  reset_mfa: 'update',
  disable: 'update',
  enable: 'update',
  remove: 'delete',
};

/** A rule of the person's standing: when `refuses`, the 409 says `message`. */
type Rule = [refuses: (u: Row) => boolean, message: string];

// Someone who has not accepted is not yet the account's to disable or enable: their standing is their own.
const stillInvited: Rule = [(u) => u.invited, userMessages.stillInvited];
// A user is enterprise-wide: one account's admin never shuts out (or weakens the sign-in of) a person another
// tenant, or the enterprise, relies on.
const elsewhere: Rule = [(u) => u.accessElsewhere, userMessages.accessElsewhere];
const leavesNoAdmin: Rule = [lastAdmin, lastAdminMessages.lastAdmin];

/** In the order they are told. Changing someone's access leaves an admin depending on the access given: {@link accessRefusal}. */
const rulesOf: Record<AccountUserAction, Rule[]> = {
  update_access: [],
  resend_invitation: [
    [(u) => !u.enabled, userMessages.isDisabled],
    [(u) => !u.invited, userMessages.notInvited],
  ],
  reset_mfa: [elsewhere, [(u) => !u.mfaEnabled, mfaResetMessages.notOn]],
  disable: [stillInvited, elsewhere, [(u) => !u.enabled, userMessages.alreadyDisabled], leavesNoAdmin],
  enable: [stillInvited, elsewhere, [(u) => u.enabled, userMessages.alreadyEnabled]],
  remove: [leavesNoAdmin],
};

/** Resending an invitation changes nothing of the person's access, so it is not theirs to be refused for. */
const touchesAccess = (action: AccountUserAction) => action !== 'resend_invitation';

/** 409 for acting on yourself (told before whether the person exists: you always do). */
export const selfRefusal = (caller: Caller, userId: string, action: AccountUserAction): HttpError | null =>
  touchesAccess(action) && userId === caller.userId ? conflict(userMessages.notYourself) : null;

/**
 * Why `action` is refused on `u`, or null: 403 without the permission, 409 on yourself, 403 when they hold a role the
 * caller could not give (nobody acts on someone above them), then 409 with the first rule of their standing refused.
 */
export function refusal(u: Row, caller: Caller, action: AccountUserAction): HttpError | null {
  if (!can(caller.ability, permissionOf[action], 'users')) return forbidden();
  const self = selfRefusal(caller, u.id, action);
  if (self) return self;
  const roles = u.memberships.map((m) => ({ level: m.scope as MembershipScope, permissions: m.permissions }));
  if (touchesAccess(action) && !mayGiveRoles(caller.ability, roles)) return forbidden();
  const broken = rulesOf[action].find(([refuses]) => refuses(u));
  return broken ? conflict(broken[1]) : null;
}

/** The one decision, for the answer's `allowed_actions`. */
export const allowedActions = (u: Row, caller: Caller): AccountUserAction[] => accountUserActions.filter((a) => !refusal(u, caller, a));

/** Giving the account's last admin access that is not the account admin role at the account leaves it with none (409). */
export const accessRefusal = (u: Row, wanted: readonly Pick<HeldMembership, 'scope' | 'roleKey'>[]): HttpError | null =>
  !isAccountAdmin(wanted) && lastAdmin(u) ? conflict(lastAdminMessages.lastAdmin) : null;
