import type { AppAbility } from '@hireline/access/ability';
import { holdsAll } from '@hireline/access/holds';
import { forbidden } from './errors';
import type { AuthedContext } from './route';

/** Who is acting on a request, as services, the ledger and the audit log record it. */
export interface Actor {
  userId: string;
  name: string;
  enterpriseId: string;
  /** The staff member behind an impersonated session, recorded next to the person acted as. */
  impersonatorUserId: string | null;
  ip: string | null;
  ability: AppAbility;
}

export const actorOf = (ctx: AuthedContext): Actor => ({
  userId: ctx.auth.user.id,
  name: ctx.auth.user.name,
  enterpriseId: ctx.enterprise.id,
  impersonatorUserId: ctx.auth.impersonation?.impersonatorUserId ?? null,
  ip: ctx.req.ip,
  ability: ctx.ability,
});

/** 403 unless the actor holds every one of these permissions: nobody hands out (or takes on) more than they have. */
export function mustHoldAll(ability: AppAbility, permissions: readonly string[]) {
  if (!holdsAll(ability, permissions)) throw forbidden();
}
