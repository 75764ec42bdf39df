import type { AuditAction } from '@hireline/contract/audit-actions';
import { messages } from '@hireline/contract/messages';
import { ssoMessages, type OAuthProvider } from '@hireline/contract/sso';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../platform/actor';
import { mustMayGiveRoles } from '../../platform/role-grant';
import { audit, auditEntry, type AuditEntry } from '../../platform/audit';
import { invalid, notFound } from '../../platform/errors';
import { refusedUrlMessage } from '../../platform/outbound-http';
import * as repo from './sso.repo';
import type { ListedProvider, ProviderPatch } from './sso.repo';
import { forgetClient } from './oidc';

/* The selected account's OpenID Connect providers, as its admins manage them. The client secret is write-only. */

export interface ProviderFields {
  name?: string;
  issuer?: string;
  client_id?: string;
  client_secret?: string;
  allowed_domains?: string[];
  enabled?: boolean;
  new_users?: NewUsersInput | null;
}
interface NewUsersInput {
  role: string;
  site_id?: string | null | undefined;
}

export function present(p: ListedProvider): OAuthProvider {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    issuer: p.issuer,
    client_id: p.clientId,
    has_secret: p.clientSecret !== '',
    allowed_domains: p.allowedDomains,
    enabled: p.enabled,
    new_users:
      p.newUserRoleId && p.newUserRoleKey
        ? { role: p.newUserRoleKey, role_name: p.newUserRoleName!, site_id: p.newUserSiteId, site_name: p.newUserSiteName }
        : null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** API field → column (new_users: newUsersColumns). */
const columns = {
  name: 'name',
  issuer: 'issuer',
  client_id: 'clientId',
  client_secret: 'clientSecret',
  allowed_domains: 'allowedDomains',
  enabled: 'enabled',
} as const satisfies Record<Exclude<keyof ProviderFields, 'new_users'>, keyof ProviderPatch>;
type Column = keyof typeof columns;

/** The fields sent that differ from `current`, as columns and by their API names (a secret never goes in the log). */
function patchOf(b: ProviderFields, current: ListedProvider): { patch: ProviderPatch; fields: (keyof ProviderFields)[] } {
  const same = (k: Column) => JSON.stringify(b[k]) === JSON.stringify(current[columns[k]]);
  const fields: (keyof ProviderFields)[] = (Object.keys(columns) as Column[]).filter((k) => b[k] !== undefined && !same(k));
  const patch: Record<string, unknown> = {};
  for (const k of fields as Column[]) patch[columns[k]] = b[k];
  return { patch: patch as ProviderPatch, fields };
}

/**
 * What new users get, as columns: a role of this account at the account or one of its sites, given only by someone
 * who holds every permission of it (configuring the provider hands the role to whoever it vouches for).
 */
async function newUsersColumns(db: DbOrTx, accountId: string, actor: Actor, input: NewUsersInput | null) {
  if (!input) return { newUserRoleId: null, newUserSiteId: null };
  const role = await repo.findAccountRole(db, accountId, input.role);
  if (!role) throw invalid({ 'new_users.role': [messages.invalid] });
  if (role.level !== 'account' && role.level !== 'site') throw invalid({ 'new_users.role': [ssoMessages.newUserRole] });
  const siteId = input.site_id ?? null;
  if (role.level === 'account' && siteId) throw invalid({ 'new_users.site_id': [messages.invalid] });
  if (role.level === 'site' && !siteId) throw invalid({ 'new_users.site_id': [messages.required] });
  if (siteId && !(await repo.isSiteOfAccount(db, accountId, siteId))) throw invalid({ 'new_users.site_id': [messages.invalid] });
  mustMayGiveRoles(actor.ability, [{ level: role.level, permissions: role.permissions }]);
  return { newUserRoleId: role.id, newUserSiteId: siteId };
}

const newUsersLog = (input: NewUsersInput | null | undefined) => (input ? { role: input.role, site_id: input.site_id ?? null } : null);

const entry = (actor: Actor, accountId: string, action: AuditAction, id: string, data: Record<string, unknown>): AuditEntry =>
  auditEntry(actor, { type: 'oauth_provider', id, accountId }, action, data);

/** A unique constraint the database refused (PostgreSQL and PGlite, wrapped by drizzle or not). */
function uniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === constraint;
  }
  return false;
}

/**
 * An issuer whose host is (or resolves to) a loopback, private or link-local address is refused when saved: said here,
 * clearly, rather than as a failed sign-in later. The outbound client refuses it again when connecting.
 */
async function checkIssuer(deps: AppDeps, issuer: string | undefined) {
  if (issuer !== undefined && (await deps.outbound.refusal(issuer))) throw invalid({ issuer: [refusedUrlMessage] });
}

export async function listProviders(deps: AppDeps, accountId: string) {
  return (await repo.listProviders(deps.db, accountId)).map(present);
}

export async function createProvider(
  deps: AppDeps,
  accountId: string,
  actor: Actor,
  b: Required<Omit<ProviderFields, 'client_secret'>> & { slug: string; client_secret: string },
) {
  await checkIssuer(deps, b.issuer);
  try {
    return await deps.db.transaction(async (tx) => {
      const access = await newUsersColumns(tx, accountId, actor, b.new_users);
      const row = await repo.insertProvider(tx, accountId, {
        ...access,
        slug: b.slug,
        name: b.name,
        issuer: b.issuer,
        clientId: b.client_id,
        clientSecret: b.client_secret,
        allowedDomains: b.allowed_domains,
        enabled: b.enabled,
      });
      await audit(tx, entry(actor, accountId, 'sso.provider_create', row.id, { slug: row.slug, issuer: row.issuer, new_users: newUsersLog(b.new_users) }));
      return present((await repo.findProvider(tx, accountId, row.id))!);
    });
  } catch (err) {
    if (uniqueViolation(err, 'oauth_providers_account_slug_unique')) throw invalid({ slug: [ssoMessages.slugTaken] });
    throw err;
  }
}

export async function updateProvider(deps: AppDeps, accountId: string, actor: Actor, id: string, b: ProviderFields) {
  await checkIssuer(deps, b.issuer);
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.findProvider(tx, accountId, id, { lock: true });
    if (!current) throw notFound();
    const { patch, fields } = patchOf(b, current);
    const data: Record<string, unknown> = {};
    if (b.new_users !== undefined) {
      const access = await newUsersColumns(tx, accountId, actor, b.new_users);
      if (access.newUserRoleId !== current.newUserRoleId || access.newUserSiteId !== current.newUserSiteId) {
        Object.assign(patch, access);
        fields.push('new_users');
        data.new_users = newUsersLog(b.new_users);
      }
    }
    if (!fields.length) return current;
    await repo.updateProvider(tx, accountId, id, patch);
    await audit(tx, entry(actor, accountId, 'sso.provider_update', id, { fields, ...data }));
    return (await repo.findProvider(tx, accountId, id))!;
  });
  // A new issuer, client or secret takes effect on the next sign-in, not after the cached client expires.
  forgetClient(id);
  return present(row);
}

export async function deleteProvider(deps: AppDeps, accountId: string, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const gone = await repo.deleteProvider(tx, accountId, id);
    if (!gone) throw notFound();
    await audit(tx, entry(actor, accountId, 'sso.provider_delete', id, { slug: gone.slug }));
  });
  forgetClient(id);
}
