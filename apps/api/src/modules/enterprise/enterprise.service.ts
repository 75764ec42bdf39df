import type { AuditAction } from '@hireline/contract/audit-actions';
import type { EnterpriseAccountDetail, EnterpriseAccountSummary } from '@hireline/contract/enterprise';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { audit, auditEntry } from '../../platform/audit';
import { conflict, invalid, notFound } from '../../platform/errors';
import { findOrCreateUser, sendInvitation } from '../../platform/invitations';
import { likeContains } from '../../platform/text-search';
import * as repo from './enterprise.repo';
import { enterpriseMessages } from '@hireline/contract/admin-messages';

/* Enterprise staff's accounts: list, read, create (roles copied, first admin invited), rename, enable and disable. */

export { enterpriseMessages };

type Found = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;

function presentSummary(r: Found): EnterpriseAccountSummary {
  const a = r.account;
  return {
    id: a.id,
    slug: a.slug,
    name: a.name,
    title: a.title,
    domain: a.domain,
    enabled: a.enabled,
    primary_color: a.branding.colors?.primary_color ?? null,
    sites_count: r.sitesCount,
    users_count: r.usersCount,
    created_at: a.createdAt.toISOString(),
  };
}

async function loadDetail(db: DbOrTx, enterpriseId: string, id: string): Promise<EnterpriseAccountDetail> {
  const found = await repo.findAccount(db, enterpriseId, id);
  if (!found) throw notFound();
  const parts = await repo.detailParts(db, id);
  return { ...presentSummary(found), sites: parts.sites, admins: parts.admins, employers_count: parts.employers, jobs_count: parts.jobs };
}

export async function listAccounts(deps: AppDeps, enterpriseId: string, q: { page: number; per_page: number; q?: string; enabled?: boolean }) {
  const text = q.q?.trim();
  const where = repo.listWhere(enterpriseId, q, text ? likeContains(text) : null);
  const [rows, total] = await Promise.all([repo.listAccounts(deps.db, where, q.per_page, (q.page - 1) * q.per_page), repo.countAccounts(deps.db, where)]);
  return { data: rows.map(presentSummary), meta: { page: q.page, per_page: q.per_page, total } };
}

export const getAccount = (deps: AppDeps, enterpriseId: string, id: string) => loadDetail(deps.db, enterpriseId, id);

const accountAudit = (actor: Actor, accountId: string, action: AuditAction, data: Record<string, unknown> = {}) =>
  auditEntry(actor, { type: 'account', id: accountId, accountId }, action, data);

export interface NewAccount {
  name: string;
  slug: string;
  title?: string | undefined;
  domain?: string | null | undefined;
  primary_color?: string | undefined;
  admin: { email: string; name: string };
}

export async function createAccount(deps: AppDeps, actor: Actor, b: NewAccount) {
  return deps.db.transaction(async (tx) => {
    const errors: Record<string, string[]> = {};
    if (await repo.slugTaken(tx, actor.enterpriseId, b.slug)) errors.slug = [enterpriseMessages.slugTaken];
    if (b.domain && (await repo.domainTaken(tx, b.domain, null))) errors.domain = [enterpriseMessages.domainTaken];
    if (Object.keys(errors).length) throw invalid(errors);

    const account = await repo.insertAccount(tx, {
      enterpriseId: actor.enterpriseId,
      slug: b.slug,
      name: b.name,
      title: b.title ?? b.name,
      domain: b.domain ?? null,
      branding: b.primary_color ? { colors: { primary_color: b.primary_color } } : {},
    });
    const roleIds = await repo.copyDefaultRoles(tx, actor.enterpriseId, account.id);
    const { user, created } = await findOrCreateUser(tx, actor.enterpriseId, b.admin.email, b.admin.name);
    await repo.addAccountMembership(tx, {
      userId: user.id,
      enterpriseId: actor.enterpriseId,
      accountId: account.id,
      roleId: roleIds.get('account_admin')!,
      invitedName: b.admin.name,
    });
    await sendInvitation(deps, tx, user, {
      name: b.admin.name,
      accountId: account.id,
      inviterId: actor.userId,
      inviterName: actor.name,
      scopeLabel: account.name,
    });
    await audit(tx, accountAudit(actor, account.id, 'account.create', { slug: account.slug, admin_user_id: user.id, new_admin: created }));
    return loadDetail(tx, actor.enterpriseId, account.id);
  });
}

export async function updateAccount(deps: AppDeps, actor: Actor, id: string, b: { name?: string; title?: string; domain?: string | null }) {
  const detail = await deps.db.transaction(async (tx) => {
    const found = await repo.findAccount(tx, actor.enterpriseId, id, { lock: true });
    if (!found) throw notFound();
    if (b.domain && b.domain !== found.account.domain && (await repo.domainTaken(tx, b.domain, id)))
      throw invalid({ domain: [enterpriseMessages.domainTaken] });
    await repo.updateAccount(tx, id, b);
    await audit(tx, accountAudit(actor, id, 'account.update', { fields: Object.keys(b) }));
    return loadDetail(tx, actor.enterpriseId, id);
  });
  // A new domain changes which host shows this account's branding.
  if (b.domain !== undefined) deps.branding.invalidate();
  return detail;
}

export async function setEnabled(deps: AppDeps, actor: Actor, id: string, enabled: boolean) {
  const detail = await deps.db.transaction(async (tx) => {
    const found = await repo.findAccount(tx, actor.enterpriseId, id, { lock: true });
    if (!found) throw notFound();
    if (found.account.enabled === enabled) throw conflict(enabled ? enterpriseMessages.alreadyEnabled : enterpriseMessages.alreadyDisabled);
    await repo.updateAccount(tx, id, { enabled });
    if (!enabled) await repo.revokeSessionsOfOnlyMembers(tx, id);
    await audit(tx, accountAudit(actor, id, enabled ? 'account.enable' : 'account.disable'));
    return loadDetail(tx, actor.enterpriseId, id);
  });
  deps.branding.invalidate();
  return detail;
}
