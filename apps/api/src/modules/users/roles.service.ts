import type { AuditAction } from '@hireline/contract/audit-actions';
import { actions, subjects, type AppAbility } from '@hireline/access/ability';
import { defaultRoles } from '@hireline/access/roles';
import type { AccountRole, MembershipScope } from '@hireline/contract/account-users';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { conflict, invalid, notFound } from '../../platform/errors';
import { mayGiveRoles, mustMayGiveRoles } from '../../platform/role-grant';
import type { AccountActor } from './user.policy';
import { ACCOUNT_ADMIN, lastAdminMessages } from './last-admin';
import * as repo from './roles.repo';
import type { RoleRow } from './roles.repo';
import { roleMessages } from '@hireline/contract/admin-messages';

/*
 * The account's roles. Each account has its own copies of the default bundles (editable, never deletable) and may
 * add custom ones. Memberships read their role's permissions on every request, so an edit applies to every member's
 * next request. Only someone holding every permission of a role may create, edit or delete it.
 */

export { roleMessages };

const builtInKeys: ReadonlySet<string> = new Set(defaultRoles.map((r) => r.key));
const subjectSet: ReadonlySet<string> = new Set(subjects);
const actionSet: ReadonlySet<string> = new Set(actions);

/** `subject.action`, `subject.all` or `all`, in the vocabulary of packages/access. */
export const knownPermission = (p: string) => {
  if (p === 'all') return true;
  const [subject, action, ...rest] = p.split('.');
  return rest.length === 0 && subjectSet.has(subject!) && actionSet.has(action ?? '');
};

/** Unknown strings are a 422 on `permissions`; the list is stored once each, in the given order. */
function checkedPermissions(list: string[]): string[] {
  const unknown = list.filter((p) => !knownPermission(p));
  if (unknown.length) throw invalid({ permissions: [roleMessages.unknownPermissions([...new Set(unknown)])] });
  return [...new Set(list)];
}

function present(ability: AppAbility, r: RoleRow): AccountRole {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    level: r.level as MembershipScope,
    permissions: r.permissions,
    members_count: r.membersCount,
    built_in: builtInKeys.has(r.key),
    editable: mayGiveRoles(ability, [{ level: r.level as MembershipScope, permissions: r.permissions }]),
  };
}

/** A key from the name (`Senior recruiter` → `senior_recruiter`), never a built-in one, numbered when taken. */
export function keyFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 48) || 'role';
  const used = new Set([...taken, ...builtInKeys]);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

const roleAudit = (actor: AccountActor, roleId: string, action: AuditAction, data: Record<string, unknown>) =>
  auditEntry(actor, { type: 'role', id: roleId, accountId: actor.accountId }, action, data);

async function loadRole(db: DbOrTx, actor: AccountActor, id: string) {
  const role = await repo.findRole(db, actor.accountId, id);
  if (!role) throw notFound();
  return present(actor.ability, role);
}

export async function listRoles(deps: AppDeps, actor: AccountActor) {
  const rows = await repo.accountRoles(deps.db, actor.accountId);
  return { data: rows.map((r) => present(actor.ability, r)), vocabulary: { subjects: [...subjects], actions: [...actions] } };
}

async function checkName(db: DbOrTx, actor: AccountActor, name: string, exceptId: string | null) {
  if (await repo.nameTaken(db, actor.accountId, name, exceptId)) throw invalid({ name: [roleMessages.nameTaken] });
}

export async function createRole(deps: AppDeps, actor: AccountActor, b: { name: string; level: MembershipScope; permissions: string[] }) {
  const permissions = checkedPermissions(b.permissions);
  mustMayGiveRoles(actor.ability, [{ level: b.level, permissions }]);
  return deps.db.transaction(async (tx) => {
    await checkName(tx, actor, b.name, null);
    const key = keyFor(b.name, await repo.roleKeys(tx, actor.accountId));
    const { enterpriseId, accountId } = actor;
    const id = await repo.insertRole(tx, { enterpriseId, accountId, key, name: b.name, level: b.level, permissions });
    await audit(tx, roleAudit(actor, id, 'role.create', { key, name: b.name, level: b.level, permissions }));
    return loadRole(tx, actor, id);
  });
}

export async function updateRole(deps: AppDeps, actor: AccountActor, id: string, b: { name?: string; permissions?: string[] }) {
  const permissions = b.permissions === undefined ? undefined : checkedPermissions(b.permissions);
  return deps.db.transaction(async (tx) => {
    const current = await repo.findRole(tx, actor.accountId, id, { lock: true });
    if (!current) throw notFound();
    // Both what the role grants now and what it will grant: no editing a role above oneself, nor raising one to it.
    const level = current.level as MembershipScope;
    mustMayGiveRoles(actor.ability, [{ level, permissions: current.permissions }, { level, permissions: permissions ?? [] }]);
    if (current.key === ACCOUNT_ADMIN && permissions && !permissions.includes('all')) throw conflict(lastAdminMessages.adminRoleKeepsAll);
    if (b.name !== undefined) await checkName(tx, actor, b.name, id);
    const patch: { name?: string; permissions?: string[] } = {};
    if (b.name !== undefined && b.name !== current.name) patch.name = b.name;
    if (permissions && permissions.join() !== current.permissions.join()) patch.permissions = permissions;
    if (Object.keys(patch).length) {
      await repo.updateRole(tx, id, patch);
      const data: Record<string, unknown> = { key: current.key };
      if (patch.name) Object.assign(data, { from_name: current.name, name: patch.name });
      if (patch.permissions) {
        Object.assign(data, {
          added: patch.permissions.filter((p) => !current.permissions.includes(p)),
          removed: current.permissions.filter((p) => !patch.permissions!.includes(p)),
        });
      }
      await audit(tx, roleAudit(actor, id, 'role.update', data));
    }
    return loadRole(tx, actor, id);
  });
}

export async function deleteRole(deps: AppDeps, actor: AccountActor, id: string) {
  await deps.db.transaction(async (tx) => {
    const role = await repo.findRole(tx, actor.accountId, id, { lock: true });
    if (!role) throw notFound();
    mustMayGiveRoles(actor.ability, [{ level: role.level as MembershipScope, permissions: role.permissions }]);
    if (builtInKeys.has(role.key)) throw conflict(roleMessages.builtIn);
    if (role.membersCount > 0) throw conflict(roleMessages.inUse);
    await repo.deleteRole(tx, id);
    await audit(tx, roleAudit(actor, id, 'role.delete', { key: role.key, name: role.name, level: role.level, permissions: role.permissions }));
  });
}
