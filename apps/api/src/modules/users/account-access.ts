import { can, parsePermission, subjects, type Action, type AppAbility, type Subject } from '@hireline/access/ability';
import { actorOf, type Actor } from '../../platform/actor';
import { forbidden } from '../../platform/errors';
import { accountOf, type AuthedContext } from '../../platform/route';

/*
 * Managing an account's people is an account-level power: every endpoint of this module is `level: 'account'` in the
 * contract, so route() has judged the caller at the account alone (a site or employer role never counts) and
 * ctx.ability is that account-level ability, the one every rule of this module (escalation included) uses.
 */

export interface AccountActor extends Actor {
  accountId: string;
}

/** The caller as the account's rules see them: who acts, their account-level ability and the account acted on. */
export const accountActor = (ctx: AuthedContext): AccountActor => ({ ...actorOf(ctx), accountId: accountOf(ctx.scope) });

/**
 * Whether the ability holds this permission string. A denial (`!…`) or a string the vocabulary does not know grants
 * nothing, so anyone may hand it out.
 */
export function holds(ability: AppAbility, permission: string): boolean {
  const parsed = parsePermission(permission);
  if (!parsed || parsed.inverted) return true;
  if (permission === 'all') return subjects.every((s) => can(ability, 'all', s));
  const [subject, action] = permission.split('.') as [Subject | 'all', Action];
  if (subject === 'all') return subjects.every((s) => can(ability, action, s));
  return can(ability, action, subject);
}

/** Holding every permission of a role is what giving it, editing it or acting on its members takes. */
export const holdsAll = (ability: AppAbility, permissions: readonly string[]) => permissions.every((p) => holds(ability, p));

export function mustHoldAll(ability: AppAbility, permissions: readonly string[]) {
  if (!holdsAll(ability, permissions)) throw forbidden();
}
