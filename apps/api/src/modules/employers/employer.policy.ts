import { and, eq } from 'drizzle-orm';
import { can, type Action, type AppAbility } from '@hireline/access/ability';
import { employerActions, type EmployerAction } from '@hireline/contract/employers';
import type { EmployerStatus } from '@hireline/contract/enums';
import { employerMessages } from '@hireline/contract/admin-messages';
import { employers } from '../../db/schema/employers';
import { conflict, forbidden, HttpError } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { inEmployers, type SiteSlice } from '../../platform/site-slice';

/*
 * Who may reach which employers, and what they may do to one. The detail's `allowed_actions` and every refusal of
 * the services come from {@link allowedActions}, so what the portal offers and what the API accepts cannot disagree.
 */

export { employerMessages };

/** Whoever acts: their permissions, and the employers they are confined to (null: staff of the whole site). */
export interface Caller {
  ability: AppAbility;
  ownEmployerIds: string[] | null;
}

/** The caller of a request: `scope.employerIds` is what confines an employer user (a selected employer does not). */
export const callerOf = (scope: Pick<ResolvedScope, 'employerIds'>, ability: AppAbility): Caller => ({ ability, ownEmployerIds: scope.employerIds });

/** The employers a caller may reach: the site, and for an employer user only their employers. */
export const reach = (s: SiteSlice) =>
  and(eq(employers.siteId, s.siteId), eq(employers.accountId, s.accountId), inEmployers(employers.id, s.employerIds));

const permissionOf: Record<EmployerAction, Action> = {
  update: 'update',
  approve: 'approve',
  reject: 'approve',
  enable: 'update',
  disable: 'update',
  delete: 'delete',
  manage_users: 'update',
};

/** The employer's state; `ledger`: it has credit history, which must be kept (so it cannot be deleted). */
type Row = { id: string; status: EmployerStatus; enabled: boolean; ledger: boolean };

function stateAllows(action: EmployerAction, e: Row): boolean {
  switch (action) {
    case 'approve':
    case 'reject':
      return e.status === 'pending';
    case 'enable':
      return !e.enabled;
    case 'disable':
      return e.enabled;
    case 'delete':
      return !e.ledger;
    default:
      return true;
  }
}

const mayDo = (caller: Caller, action: EmployerAction) => can(caller.ability, permissionOf[action], 'employers');

/**
 * Disabling an employer signs out its users and unlists its jobs: someone working for it would lock themselves and
 * their colleagues out with no way back, so only the site's staff may.
 */
const ownEmployer = (e: Row, caller: Caller, action: EmployerAction) =>
  action === 'disable' && Boolean(caller.ownEmployerIds?.includes(e.id));

/** The one decision: the employer's state allows the action and the caller holds its permission. */
export const allowedActions = (e: Row, caller: Caller): EmployerAction[] =>
  employerActions.filter((a) => stateAllows(a, e) && mayDo(caller, a) && !ownEmployer(e, caller, a));

const conflictOf: Partial<Record<EmployerAction, string>> = {
  approve: employerMessages.notOnHold,
  reject: employerMessages.notOnHold,
  enable: employerMessages.alreadyEnabled,
  disable: employerMessages.alreadyDisabled,
  delete: employerMessages.hasCredits,
};

/** Why `action` is refused on `e`, or null: 403 without the permission (checked first), else 409 with the reason. */
export function refusal(e: Row, caller: Caller, action: EmployerAction): HttpError | null {
  if (allowedActions(e, caller).includes(action)) return null;
  if (ownEmployer(e, caller, action) && mayDo(caller, action)) return new HttpError(403, employerMessages.notOwnEmployer);
  return mayDo(caller, action) ? conflict(conflictOf[action]) : forbidden();
}
