import { buildAbility, can, type PermissionsMap, type SelectedScope } from '@hireline/access/ability';
import { holdsAll } from '@hireline/access/holds';
import { permissionsMapOf, type Membership } from '../../platform/scope';

/*
 * Who may act as whom. A person's reach is their memberships; for each one, the staff member's own ability at that
 * place (their enterprise, account, site and employer roles that count there) must include `users.impersonate` and
 * every permission the membership gives. And the other way round must fail somewhere: acting as someone who can do
 * everything you can (an equal) would hand you nothing new to check, and would let two equals act as each other.
 */

const placeOf = (m: Membership): SelectedScope => ({ accountId: m.accountId, siteId: m.siteId, employerId: m.employerId });

/** Whether `holder` holds, at every place of `memberships`, every permission those memberships give. */
function covers(holder: PermissionsMap, memberships: Membership[]): boolean {
  return memberships.every((m) => holdsAll(buildAbility(holder, placeOf(m)), m.permissions));
}

export type Verdict = 'allowed' | 'out_of_reach' | 'not_subset';

export function impersonationVerdict(staff: Membership[], target: Membership[]): Verdict {
  const staffMap = permissionsMapOf(staff);
  const mayImpersonateAt = (m: Membership) => can(buildAbility(staffMap, placeOf(m)), 'impersonate', 'users');
  // Someone the staff member cannot impersonate anywhere is, to them, nobody (404, as for any record out of scope).
  if (!target.some(mayImpersonateAt)) return 'out_of_reach';
  if (!target.every(mayImpersonateAt)) return 'not_subset';
  if (!covers(staffMap, target)) return 'not_subset';
  if (covers(permissionsMapOf(target), staff)) return 'not_subset';
  return 'allowed';
}
