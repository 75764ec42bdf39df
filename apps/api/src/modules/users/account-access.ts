import { actorOf, type Actor } from '../../platform/actor';
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
