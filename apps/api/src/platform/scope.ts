import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PermissionsMap } from '@hireline/contract/auth';
import { permissionsFor } from '@hireline/access/ability';
import type { RoleLevel } from '@hireline/contract/enums';
import type { Db } from '../db/client';
import { memberships, roles } from '../db/schema/identity';
import { accounts, sites } from '../db/schema/tenancy';
import { employers } from '../db/schema/employers';
import { notFound } from './errors';

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

export async function loadMemberships(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({
      scopeType: memberships.scopeType,
      accountId: memberships.accountId,
      siteId: memberships.siteId,
      employerId: memberships.employerId,
      permissions: roles.permissions,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.userId, userId));
  return rows as Membership[];
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

export function permissionsMapOf(ms: Membership[]): PermissionsMap {
  return permissionsFor(ms.map((m) => ({ key: scopeKey(m), permissions: m.permissions })));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  const value = Array.isArray(v) ? v[0] : v;
  if (!value) return null;
  // A malformed id cannot name anything the caller may see.
  if (!UUID.test(value)) throw notFound();
  return value.toLowerCase();
}

/**
 * Checks `X-AF-AID`, `X-AF-SID` and `X-AF-EMPID` against the caller's
 * memberships and the tenant hierarchy on every request. Anything the caller
 * does not belong to is 404, so another tenant's ids reveal nothing.
 */
export async function resolveScope(
  db: Db,
  enterpriseId: string,
  ms: Membership[],
  req: FastifyRequest,
): Promise<ResolvedScope> {
  const accountId = header(req, 'x-af-aid');
  const siteId = header(req, 'x-af-sid');
  const employerId = header(req, 'x-af-empid');
  const scope: ResolvedScope = { enterpriseId, accountId: null, siteId: null, employerId: null, employerIds: null };
  if (!accountId) {
    if (siteId || employerId) throw notFound();
    return scope;
  }
  if (employerId && !siteId) throw notFound();

  const enterpriseWide = ms.some((m) => m.scopeType === 'enterprise');
  const inAccount = ms.filter((m) => m.accountId === accountId);
  if (!enterpriseWide && inAccount.length === 0) throw notFound();

  // One round trip verifies the whole chain: account in enterprise, site in account, employer in site.
  const [row] = await db
    .select({ accountEnabled: accounts.enabled, siteId: sites.id, siteEnabled: sites.enabled, employerId: employers.id })
    .from(accounts)
    .leftJoin(sites, and(eq(sites.accountId, accounts.id), eq(sites.id, siteId ?? accountId)))
    .leftJoin(employers, and(eq(employers.siteId, sites.id), eq(employers.id, employerId ?? accountId)))
    .where(and(eq(accounts.id, accountId), eq(accounts.enterpriseId, enterpriseId)))
    .limit(1);
  if (!row || !row.accountEnabled) throw notFound();
  scope.accountId = accountId;
  if (!siteId) return scope;

  if (!row.siteId || !row.siteEnabled) throw notFound();
  const wholeSite =
    enterpriseWide || inAccount.some((m) => m.scopeType === 'account' || (m.scopeType === 'site' && m.siteId === siteId));
  const ownEmployers = inAccount.filter((m) => m.scopeType === 'employer' && m.siteId === siteId).map((m) => m.employerId!);
  if (!wholeSite && ownEmployers.length === 0) throw notFound();
  scope.siteId = siteId;
  scope.employerIds = wholeSite ? null : ownEmployers;
  if (!employerId) return scope;

  if (!row.employerId) throw notFound();
  if (!wholeSite && !ownEmployers.includes(employerId)) throw notFound();
  scope.employerId = employerId;
  return scope;
}
