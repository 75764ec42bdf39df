import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { PermissionsMap } from '@hireline/contract/auth';
import { permissionsFor } from '@hireline/access/ability';
import type { RoleLevel } from '@hireline/contract/enums';
import type { Db } from '../db/client';
import { memberships, roles } from '../db/schema/identity';
import { accounts, sites } from '../db/schema/tenancy';
import { employers } from '../db/schema/employers';
import { notFound } from './errors';
import { withTenants } from '../db/tenant-context';

export interface Membership {
  scopeType: RoleLevel;
  accountId: string | null;
  siteId: string | null;
  employerId: string | null;
  permissions: string[];
}

/** The account, site and employer the request acts in, verified against the caller's memberships. */
export interface ResolvedScope {
  enterpriseId: string;
  accountId: string | null;
  siteId: string | null;
  employerId: string | null;
  /**
   * Employers the caller is confined to within the selected site, when their
   * only reach there is through employer memberships; null = the whole site.
   * Repositories filter by it so an employer user never sees other employers' records.
   */
  employerIds: string[] | null;
}

/**
 * A membership of an employer counts only while that employer is enabled and approved: disabling an employer, or
 * holding or rejecting its registration, shuts its users out of it (and out of the portal when it is all they have)
 * without touching their memberships, so enabling or approving it lets them back in.
 */
export const liveEmployer = sql`(${memberships.employerId} is null or (${employers.enabled} and ${employers.status} = 'active'))`;

/**
 * An invitation not yet accepted grants nothing (platform/invitations.ts): not a scope, a permission, an account in
 * /auth/me, a mailbox in the mail viewer, a notification, nor a reach anyone may act as. Every reader of memberships
 * that decides what someone may do reads them here, through this condition.
 */
export const acceptedMembership = sql`${memberships.acceptedAt} is not null`;

export async function loadMemberships(db: Db, userId: string): Promise<Membership[]> {
  // A person's whole reach decides what they may do (and who may act as them): never only the part the caller sees.
  const rows = await withTenants('*', async () => await db
    .select({
      scopeType: memberships.scopeType,
      accountId: memberships.accountId,
      siteId: memberships.siteId,
      employerId: memberships.employerId,
      permissions: roles.permissions,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .leftJoin(employers, eq(employers.id, memberships.employerId))
    .where(and(eq(memberships.userId, userId), acceptedMembership, sql`${liveEmployer}`)));
  return rows as Membership[];
}

/**
 * The same memberships as a json column of the session lookup, `[[scope type, account, site, employer,
 * permissions], …]`, so a request learns who is calling and what they belong to in one round trip.
 */
export const membershipsJsonSql = (userId: PgColumn): SQL =>
  sql`(select coalesce(json_agg(json_build_array(${memberships.scopeType}, ${memberships.accountId}, ${memberships.siteId}, ${memberships.employerId}, ${roles.permissions})), '[]'::json)
    from ${memberships} join ${roles} on ${roles.id} = ${memberships.roleId}
    left join ${employers} on ${employers.id} = ${memberships.employerId}
    where ${memberships.userId} = ${userId} and ${acceptedMembership} and ${liveEmployer})`;

type MembershipTuple = [RoleLevel, string | null, string | null, string | null, string[] | null];

export function membershipsOf(raw: unknown): Membership[] {
  return ((raw ?? []) as MembershipTuple[]).map(([scopeType, accountId, siteId, employerId, permissions]) => ({
    scopeType,
    accountId,
    siteId,
    employerId,
    permissions: permissions ?? [],
  }));
}

/** The spec's permissions map: scope key → permission strings. */
export function scopeKey(m: Membership): string {
  switch (m.scopeType) {
    case 'enterprise':
      return 'enterprise';
    case 'account':
      return `account:${m.accountId}`;
    case 'site':
      return `site:${m.siteId}`;
    case 'employer':
      return `employer:${m.employerId}`;
  }
}

/** The one account a person's memberships are in, if exactly one (enterprise staff and multi-account people: null). */
export function accountOfMemberships(ms: Membership[]): string | null {
  const ids = new Set(ms.map((m) => m.accountId));
  const [only] = ids;
  return ids.size === 1 && only ? only : null;
}

export function permissionsMapOf(ms: Membership[]): PermissionsMap {
  return permissionsFor(ms.map((m) => ({ key: scopeKey(m), permissions: m.permissions })));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The scope headers as sent; `malformed` when one of them cannot be an id (which can name nothing: 404). */
export interface ScopeIds {
  accountId: string | null;
  siteId: string | null;
  employerId: string | null;
  malformed: boolean;
}

/**
 * `accountOnly` (a `level: 'account'` endpoint) reads `X-AF-AID` alone: the site and employer headers are not even
 * looked at, so a stale or malformed site selection in the portal cannot 404 an account-wide screen.
 */
export function scopeIdsOf(req: FastifyRequest, accountOnly = false): ScopeIds {
  const ids: ScopeIds = { accountId: null, siteId: null, employerId: null, malformed: false };
  const headers = [['accountId', 'x-af-aid'], ['siteId', 'x-af-sid'], ['employerId', 'x-af-empid']] as const;
  for (const [key, name] of accountOnly ? headers.slice(0, 1) : headers) {
    const v = req.headers[name];
    const value = Array.isArray(v) ? v[0] : v;
    if (!value) continue;
    if (UUID.test(value)) ids[key] = value.toLowerCase();
    else ids.malformed = true;
  }
  return ids;
}

/** What the database says about the requested account → site → employer chain (one row, see {@link scopeChainSql}). */
export interface ScopeChain {
  accountEnabled: boolean;
  siteId: string | null;
  siteEnabled: boolean | null;
  employerId: string | null;
}

/**
 * The chain check as a scalar subquery, `[account enabled, site id, site enabled, employer id]` or null when the
 * account is not the enterprise's; run inside the caller's session lookup so the whole "who and where" is one
 * round trip (platform/auth.ts). Its values are placeholders, filled by {@link scopeChainParams}: the lookup is a
 * prepared statement. Only asked when the headers name an account.
 */
export const scopeChainSql = (): SQL =>
  sql`(select json_build_array(${accounts.enabled}, ${sites.id}, ${sites.enabled}, ${employers.id})
    from ${accounts}
    left join ${sites} on ${sites.accountId} = ${accounts.id} and ${sites.id} = ${sql.placeholder('chainSiteId')}
    left join ${employers} on ${employers.siteId} = ${sites.id} and ${employers.id} = ${sql.placeholder('chainEmployerId')}
    where ${accounts.id} = ${sql.placeholder('chainAccountId')} and ${accounts.enterpriseId} = ${sql.placeholder('enterpriseId')})`;

/** An absent site or employer is matched against the account's id, which no site or employer has. */
export const scopeChainParams = (ids: ScopeIds) => ({
  chainAccountId: ids.accountId!,
  chainSiteId: ids.siteId ?? ids.accountId!,
  chainEmployerId: ids.employerId ?? ids.accountId!,
});

export function chainOf(raw: unknown): ScopeChain | null {
  if (!Array.isArray(raw)) return null;
  const [accountEnabled, siteId, siteEnabled, employerId] = raw as [boolean, string | null, boolean | null, string | null];
  return { accountEnabled, siteId, siteEnabled, employerId };
}

/**
 * Checks `X-AF-AID`, `X-AF-SID` and `X-AF-EMPID` against the caller's memberships and the tenant hierarchy
 * (`chain`, read with the session) on every request. Anything the caller does not belong to is 404, so another
 * tenant's ids reveal nothing.
 */
export function verifyScope(enterpriseId: string, ms: Membership[], ids: ScopeIds, chain: ScopeChain | null): ResolvedScope {
  const { accountId, siteId, employerId } = ids;
  const scope: ResolvedScope = { enterpriseId, accountId: null, siteId: null, employerId: null, employerIds: null };
  // A malformed id cannot name anything the caller may see.
  if (ids.malformed) throw notFound();
  if (!accountId) {
    if (siteId || employerId) throw notFound();
    return scope;
  }
  if (employerId && !siteId) throw notFound();

  const enterpriseWide = ms.some((m) => m.scopeType === 'enterprise');
  const inAccount = ms.filter((m) => m.accountId === accountId);
  if (!enterpriseWide && inAccount.length === 0) throw notFound();
  if (!chain || !chain.accountEnabled) throw notFound();
  scope.accountId = accountId;
  if (!siteId) return scope;

  if (!chain.siteId || !chain.siteEnabled) throw notFound();
  const wholeSite =
    enterpriseWide || inAccount.some((m) => m.scopeType === 'account' || (m.scopeType === 'site' && m.siteId === siteId));
  const ownEmployers = inAccount.filter((m) => m.scopeType === 'employer' && m.siteId === siteId).map((m) => m.employerId!);
  if (!wholeSite && ownEmployers.length === 0) throw notFound();
  scope.siteId = siteId;
  scope.employerIds = wholeSite ? null : ownEmployers;
  if (!employerId) return scope;

  if (!chain.employerId) throw notFound();
  if (!wholeSite && !ownEmployers.includes(employerId)) throw notFound();
  scope.employerId = employerId;
  return scope;
}
