import { buildAbility, can, parsePermission, subjects, type Action, type AppAbility, type Subject } from '@hireline/access/ability';
import type { Endpoint } from '@hireline/contract/endpoint';
import { actorOf, type Actor } from '../../platform/actor';
import { forbidden, notFound } from '../../platform/errors';
import type { AuthedContext } from '../../platform/route';
import { permissionsMapOf } from '../../platform/scope';

/*
 * Managing an account's people is an account-level power. The route has checked the permission in the scope the
 * headers select, where a site manager's site role or an employer admin's `users.all` would count once they also
 * send a site or employer; here the caller is judged at the account alone, and that ability is the one every rule
 * of this module (escalation included) uses.
 */

export interface AccountActor extends Actor {
  accountId: string;
}

/** The caller at the selected account, with only enterprise and account permissions; 404 with no account, 403 without the right. */
export function accountActor(ctx: AuthedContext, access: Endpoint['access']): AccountActor {
  const accountId = ctx.scope.accountId;
  if (!accountId) throw notFound();
  const ability = buildAbility(permissionsMapOf(ctx.memberships), { accountId });
  if ('subject' in access && !can(ability, access.action as Action, access.subject as Subject)) throw forbidden();
  return { ...actorOf(ctx), ability, accountId };
}

/** The route context with the account-level ability, for helpers that read `ctx.ability` (the CSV export's check). */
export const atAccount = <C extends AuthedContext>(ctx: C, actor: AccountActor): C => ({ ...ctx, ability: actor.ability });

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
