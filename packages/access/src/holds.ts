import { can, parsePermission, subjects, type Action, type AppAbility, type Subject } from './ability';

/*
 * Whether someone may hand out (or act as the holder of) a set of permissions: they must hold every one of them
 * themselves. Giving a role, editing one, configuring single sign-on to give one, and impersonating all ask this.
 */

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
