import type { AuditAction } from '@hireline/contract/audit-actions';
import type { AccountUser, MembershipInput, MembershipScope } from '@hireline/contract/account-users';
import { messages } from '@hireline/contract/messages';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit, auditEntry } from '../../platform/audit';
import { csvLines } from '../../platform/csv-stream';
import { invalid, notFound } from '../../platform/errors';
import { findOrCreateUser, sendInvitation, type InvitedUser } from '../../platform/invitations';
import { likeContains } from '../../platform/text-search';
import { mustMayGiveRoles } from '../../platform/role-grant';
import * as roleRepo from './roles.repo';
import { accessRefusal, type AccountActor } from './user.policy';
import { actionsFor, lockMember } from './user-standing';
import { membershipLabel, presentUsers, userColumns } from './user-present';
import * as repo from './users.repo';
import type { UserFilters, UserSort } from './users.repo';
import { userMessages } from '@hireline/contract/admin-messages';
import { keysetBatches } from '../../platform/keyset';

/*
 * The account's people: list and export, invite, replace someone's access, resend an invitation. Disabling, enabling
 * and removing: account-user-lifecycle.service.
 */

export { userMessages };

export interface ListQuery extends UserFilters {
  page: number;
  per_page: number;
  sort: UserSort;
}

async function page(deps: AppDeps, db: DbOrTx, actor: AccountActor, f: UserFilters, sort: UserSort, limit: number, offset: number) {
  const text = f.q?.trim();
  const where = repo.listWhere(actor.enterpriseId, actor.accountId, f, text ? likeContains(text) : null);
  const [rows, total] = await Promise.all([repo.listUsers(db, actor.accountId, where, sort, limit, offset), repo.countUsers(db, where)]);
  const ms = await repo.membershipsIn(db, actor.accountId, rows.map((r) => r.id));
  return { data: presentUsers(deps.config.appSecret, rows, ms, await actionsFor(db, actor, rows)), total };
}

export async function listUsers(deps: AppDeps, actor: AccountActor, q: ListQuery) {
  const { data, total } = await page(deps, deps.db, actor, q, q.sort, q.per_page, (q.page - 1) * q.per_page);
  return { data, meta: { page: q.page, per_page: q.per_page, total } };
}

export async function exportCsv(deps: AppDeps, actor: AccountActor, q: ListQuery) {
  const text = q.q?.trim();
  const where = repo.listWhere(actor.enterpriseId, actor.accountId, q, text ? likeContains(text) : null);
  const batches = keysetBatches(
    (after, limit) => repo.exportBatch(deps.db, actor.accountId, where, q.sort, after, limit),
    // The file says who has which access; what the caller may do to them is the screen's, not the export's.
    async (rows) => presentUsers(deps.config.appSecret, rows, await repo.membershipsIn(deps.db, actor.accountId, rows.map((r) => r.id)), () => []),
  );
  return csvLines(userColumns, batches);
}

/** One person of the account as the list shows them, read in the caller's transaction when there is one. */
export async function loadUser(deps: AppDeps, db: DbOrTx, actor: AccountActor, userId: string): Promise<AccountUser> {
  const row = await repo.findMember(db, actor.enterpriseId, actor.accountId, userId);
  if (!row) throw notFound();
  const ms = await repo.membershipsIn(db, actor.accountId, [userId]);
  return presentUsers(deps.config.appSecret, [row], ms, await actionsFor(db, actor, [row]))[0]!;
}

export const userAudit = (actor: AccountActor, userId: string, action: AuditAction, data: Record<string, unknown> = {}) =>
  auditEntry(actor, { type: 'user', id: userId, accountId: actor.accountId }, action, data);

export interface ResolvedMembership extends repo.NewMembership {
  scope: MembershipScope;
  roleKey: string;
  permissions: string[];
}

/**
 * The requested memberships checked against the account: a role of the account at the scope's level, a site of the
 * account, an employer of that site, nothing twice. Errors are keyed by position (`memberships.0.role`). Then the
 * caller must hold every permission of every role given (403), so nobody hands out more than they have.
 */
export async function resolveMemberships(db: DbOrTx, actor: AccountActor, list: MembershipInput[]): Promise<ResolvedMembership[]> {
  const [roles, sites, employers] = await Promise.all([
    roleRepo.accountRoles(db, actor.accountId),
    repo.sitesOf(db, actor.accountId, [...new Set(list.flatMap((m) => (m.site_id ? [m.site_id] : [])))]),
    repo.employersOf(db, actor.accountId, [...new Set(list.flatMap((m) => (m.employer_id ? [m.employer_id] : [])))]),
  ]);
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const out: ResolvedMembership[] = [];
  list.forEach((m, i) => {
    const at = `memberships.${i}`;
    const role = roles.find((r) => r.key === m.role);
    if (!role) errors[`${at}.role`] = [messages.invalid];
    else if (role.level !== m.scope) errors[`${at}.role`] = [userMessages.roleLevel];
    const siteId = m.scope === 'account' ? null : (m.site_id ?? null);
    const employerId = m.scope === 'employer' ? (m.employer_id ?? null) : null;
    if (siteId && !sites.some((s) => s.id === siteId)) errors[`${at}.site_id`] = [messages.invalid];
    else if (employerId && !employers.some((e) => e.id === employerId && e.siteId === siteId)) errors[`${at}.employer_id`] = [messages.invalid];
    const key = `${m.scope}:${siteId}:${employerId}`;
    if (seen.has(key)) errors[at] = [userMessages.duplicate];
    seen.add(key);
    if (role) out.push({ scope: m.scope, scopeType: m.scope, siteId, employerId, roleId: role.id, roleKey: role.key, permissions: role.permissions });
  });
  if (Object.keys(errors).length) throw invalid(errors);
  mustMayGiveRoles(actor.ability, out.map((m) => ({ level: m.scope, permissions: m.permissions })));
  return out;
}

async function invitationMail(deps: AppDeps, tx: Tx, actor: AccountActor, user: InvitedUser, name: string) {
  const brand = await repo.accountBrand(tx, actor.accountId);
  await sendInvitation(deps, tx, user, { accountId: actor.accountId, inviterId: actor.userId, inviterName: actor.name, scopeLabel: brand.name, name });
}

export async function invite(deps: AppDeps, actor: AccountActor, b: { email: string; name: string; memberships: MembershipInput[] }) {
  return deps.db.transaction(async (tx) => {
    const wanted = await resolveMemberships(tx, actor, b.memberships);
    const { user, created } = await findOrCreateUser(tx, actor.enterpriseId, b.email, b.name);
    const already = await repo.findMember(tx, actor.enterpriseId, actor.accountId, user.id, { lock: true });
    if (already) throw invalid({ email: [userMessages.alreadyMember] });
    // Pending until the person accepts: until then it grants nothing and the account sees only what it typed.
    await repo.insertMemberships(tx, actor.enterpriseId, actor.accountId, user.id, wanted, { invitedName: b.name });
    await invitationMail(deps, tx, actor, user, b.name);
    await audit(tx, userAudit(actor, user.id, 'user.invite', { email: user.email, new_user: created, memberships: wanted.map(membershipLabel) }));
    return loadUser(deps, tx, actor, user.id);
  });
}

/** Memberships kept (same place) are updated in place, so only what changed is written. */
export async function replaceMemberships(deps: AppDeps, actor: AccountActor, userId: string, list: MembershipInput[]) {
  return deps.db.transaction(async (tx) => {
    const { current, row } = await lockMember(tx, actor, userId, 'update_access');
    const wanted = await resolveMemberships(tx, actor, list);
    const refused = accessRefusal(row, wanted);
    if (refused) throw refused;
    const placeOf = (m: { scope: string; siteId: string | null; employerId: string | null }) => `${m.scope}:${m.siteId}:${m.employerId}`;
    const existing = new Map(current.map((m) => [placeOf(m), m]));
    const wantedPlaces = new Set(wanted.map(placeOf));
    await repo.deleteMemberships(tx, current.filter((m) => !wantedPlaces.has(placeOf(m))).map((m) => m.id));
    for (const m of wanted) {
      const old = existing.get(placeOf(m));
      if (old && old.roleId !== m.roleId) await repo.setMembershipRole(tx, old.id, m.roleId);
    }
    // Access added to someone who has not accepted yet waits with the rest of their invitation.
    const typed = await repo.pendingName(tx, actor.accountId, userId);
    const added = wanted.filter((m) => !existing.has(placeOf(m)));
    await repo.insertMemberships(tx, actor.enterpriseId, actor.accountId, userId, added, typed === null ? null : { invitedName: typed });
    const before = current.map(membershipLabel);
    const after = wanted.map(membershipLabel);
    if (before.slice().sort().join() !== after.slice().sort().join()) {
      await audit(tx, userAudit(actor, userId, 'user.memberships', { from: before, to: after }));
    }
    return loadUser(deps, tx, actor, userId);
  });
}

export async function resendInvitation(deps: AppDeps, actor: AccountActor, userId: string) {
  return deps.db.transaction(async (tx) => {
    const { user: member } = await lockMember(tx, actor, userId, 'resend_invitation');
    const { user } = await findOrCreateUser(tx, actor.enterpriseId, member.email, member.name);
    await invitationMail(deps, tx, actor, user, member.name);
    await audit(tx, userAudit(actor, userId, 'user.reinvite'));
    return { message: userMessages.invitationSent };
  });
}
