import { buildAbility, type AppAbility, type SelectedScope } from '@hireline/access/ability';
import { holds } from '@hireline/access/holds';
import type { RoleLevel } from '@hireline/contract/enums';
import { forbidden } from './errors';
import { permissionsMapOf, type Membership } from './scope';

/*
 * Who may give a role (DESIGN §10, ADR 014): the one rule every path that gives, edits or assigns a role asks —
 * inviting someone to the account or to an employer, changing their access or role, the role new single-sign-on
 * users get, creating, editing and deleting a role. The actor must hold every permission of the role where it
 * counts: at the account for the account's own screens (ADR 009), at the employer for an employer's people.
 */

export interface GivenRole {
  level: RoleLevel;
  permissions: readonly string[];
}

/**
 * At an employer, granting credits for nothing (`credits.create`) is a greater power than buying them
 * (`credits.purchase`): whoever may give an employer credits may let its people pay for some. Nothing else is implied.
 */
const employerEquivalents: Readonly<Record<string, string>> = { 'credits.purchase': 'credits.create' };

function holdsForRole(ability: AppAbility, level: RoleLevel, permission: string): boolean {
  if (holds(ability, permission)) return true;
  const stronger = level === 'employer' ? employerEquivalents[permission] : undefined;
  return stronger !== undefined && holds(ability, stronger);
}

/** Whether this ability may give (or edit, or take away) every one of these roles. */
export const mayGiveRoles = (ability: AppAbility, roles: readonly GivenRole[]) =>
  roles.every((r) => r.permissions.every((p) => holdsForRole(ability, r.level, p)));

/** 403 unless the actor may give every one of these roles: nobody hands out more than they have. */
export function mustMayGiveRoles(ability: AppAbility, roles: readonly GivenRole[]) {
  if (!mayGiveRoles(ability, roles)) throw forbidden();
}

/** The caller's ability at one place (an employer of the selected site), from their memberships, for the rule above. */
export const abilityAt = (memberships: Membership[], place: SelectedScope): AppAbility => buildAbility(permissionsMapOf(memberships), place);
