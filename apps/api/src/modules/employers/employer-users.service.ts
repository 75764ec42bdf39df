import type { EmployerUser } from '@hireline/contract/employer-users';
import { messages } from '@hireline/contract/messages';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import type { AppAbility } from '@hireline/access/ability';
import { audit } from '../../platform/audit';
import { conflict, invalid, notFound } from '../../platform/errors';
import { signedFileUrl } from '../../platform/files';
import { findOrCreateUser, sendInvitation, type InvitedUser } from '../../platform/invitations';
import { mustMayGiveRoles } from '../../platform/role-grant';
import type { ResolvedScope } from '../../platform/scope';
import { siteBrand } from '../../platform/site-brand';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';
import * as members from './employer-users.repo';
import * as repo from './employers.repo';
import type { EmployerRow } from './employers.repo';
import { employerUserMessages } from '@hireline/contract/admin-messages';

/* Who signs in for an employer: list, invite, change role, remove, resend an invitation. */

export { employerUserMessages };

function present(secret: string, m: members.MemberRow): EmployerUser {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    avatar: m.avatarFileId ? signedFileUrl(secret, m.avatarFileId) : null,
    role: { key: m.roleKey, name: m.roleName },
    status: m.invited ? 'invited' : !m.enabled ? 'disabled' : 'active',
    member_since: m.memberSince.toISOString(),
    last_active_at: m.lastActiveAt?.toISOString() ?? null,
  };
}

async function employerOf(db: AppDeps['db'] | Tx, s: SiteSlice, id: string, lock = false): Promise<EmployerRow> {
  const e = await repo.findEmployer(db, s, id, { lock });
  if (!e) throw notFound();
  return e;
}

async function roleOf(db: AppDeps['db'] | Tx, accountId: string, key: string) {
  const role = (await members.employerRoles(db, accountId)).find((r) => r.key === key);
  if (!role) throw invalid({ role: [messages.invalid] });
  return role;
}

async function memberOrNotFound(deps: AppDeps, db: Tx, employerId: string, userId: string) {
  const [m] = await members.listMembers(db, employerId, userId);
  if (!m) throw notFound();
  return present(deps.config.appSecret, m);
}

/** The invitation or access email, branded with the site. */
async function invitationMail(deps: AppDeps, tx: Tx, s: SiteSlice, actor: Actor, e: EmployerRow, user: InvitedUser, name: string) {
  const site = await siteBrand(tx, s);
  await sendInvitation(deps, tx, user, {
    accountId: s.accountId,
    siteId: s.siteId,
    inviterId: actor.userId,
    inviterName: actor.name,
    scopeLabel: `${e.businessName} on ${site.name}`,
    name,
  });
}

const auditEntry = (actor: Actor, e: EmployerRow, action: string, data: Record<string, unknown>) => ({
  enterpriseId: actor.enterpriseId,
  accountId: e.accountId,
  actorUserId: actor.userId,
  impersonatorUserId: actor.impersonatorUserId,
  action,
  subjectType: 'employer',
  subjectId: e.id,
  data,
  ip: actor.ip,
});

export async function listUsers(deps: AppDeps, scope: ResolvedScope, employerId: string) {
  const s = siteSlice(scope);
  const e = await employerOf(deps.db, s, employerId);
  const [rows, roles] = await Promise.all([members.listMembers(deps.db, e.id), members.employerRoles(deps.db, s.accountId)]);
  return { data: rows.map((m) => present(deps.config.appSecret, m)), roles: roles.map(({ key, name }) => ({ key, name })) };
}

/**
 * `atEmployer` is the caller's ability at this employer (their site and employer roles that count there): giving,
 * changing or taking away a role here needs every permission of it at that place (platform/role-grant.ts).
 */
export async function invite(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: Actor,
  atEmployer: AppAbility,
  employerId: string,
  b: { email: string; name: string; role: string },
) {
  const s = siteSlice(scope);
  return deps.db.transaction(async (tx) => {
    const e = await employerOf(tx, s, employerId, true);
    const role = await roleOf(tx, s.accountId, b.role);
    mustMayGiveRoles(atEmployer, [{ level: 'employer', permissions: role.permissions }]);
    const { user, created } = await findOrCreateUser(tx, actor.enterpriseId, b.email, b.name);
    if ((await members.listMembers(tx, e.id, user.id)).length) throw invalid({ email: [employerUserMessages.alreadyMember] });
    await members.addMembership(tx, { userId: user.id, enterpriseId: actor.enterpriseId, accountId: s.accountId, siteId: s.siteId, employerId: e.id, roleId: role.id, invitedName: b.name });
    await invitationMail(deps, tx, s, actor, e, user, b.name);
    await audit(tx, auditEntry(actor, e, 'employer.user_invite', { user_id: user.id, role: role.key, new_user: created }));
    return memberOrNotFound(deps, tx, e.id, user.id);
  });
}

/** The member, if the caller may act on them: someone holding a role the caller could not give is theirs to keep (403). */
async function lockedMember(tx: Tx, atEmployer: AppAbility, employerId: string, userId: string) {
  const [m] = await members.listMembers(tx, employerId, userId);
  if (!m) throw notFound();
  mustMayGiveRoles(atEmployer, [{ level: 'employer', permissions: m.rolePermissions }]);
  return m;
}

export async function changeRole(
  deps: AppDeps,
  scope: ResolvedScope,
  actor: Actor,
  atEmployer: AppAbility,
  employerId: string,
  userId: string,
  roleKey: string,
) {
  const s = siteSlice(scope);
  if (userId === actor.userId) throw conflict(employerUserMessages.notYourself);
  return deps.db.transaction(async (tx) => {
    const e = await employerOf(tx, s, employerId, true);
    const current = await lockedMember(tx, atEmployer, e.id, userId);
    const role = await roleOf(tx, s.accountId, roleKey);
    mustMayGiveRoles(atEmployer, [{ level: 'employer', permissions: role.permissions }]);
    if (current.roleKey !== role.key) {
      await members.setMembershipRole(tx, e.id, userId, role.id);
      await audit(tx, auditEntry(actor, e, 'employer.user_role', { user_id: userId, from: current.roleKey, to: role.key }));
    }
    return memberOrNotFound(deps, tx, e.id, userId);
  });
}

export async function remove(deps: AppDeps, scope: ResolvedScope, actor: Actor, atEmployer: AppAbility, employerId: string, userId: string) {
  const s = siteSlice(scope);
  if (userId === actor.userId) throw conflict(employerUserMessages.notYourself);
  await deps.db.transaction(async (tx) => {
    const e = await employerOf(tx, s, employerId, true);
    await lockedMember(tx, atEmployer, e.id, userId);
    await members.removeMembership(tx, e.id, userId);
    await members.endSessionsIfNoMemberships(tx, userId);
    await audit(tx, auditEntry(actor, e, 'employer.user_remove', { user_id: userId }));
  });
}

export async function resendInvitation(deps: AppDeps, scope: ResolvedScope, actor: Actor, employerId: string, userId: string) {
  const s = siteSlice(scope);
  return deps.db.transaction(async (tx) => {
    const e = await employerOf(tx, s, employerId, true);
    const member = await memberOrNotFound(deps, tx, e.id, userId);
    if (member.status !== 'invited') throw conflict(employerUserMessages.notInvited);
    const { user } = await findOrCreateUser(tx, actor.enterpriseId, member.email, member.name);
    await invitationMail(deps, tx, s, actor, e, user, member.name);
    await audit(tx, auditEntry(actor, e, 'employer.user_reinvite', { user_id: userId }));
    return { message: employerUserMessages.invitationSent };
  });
}
