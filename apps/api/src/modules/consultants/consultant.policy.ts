import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import { can, type Action, type AppAbility } from '@hireline/access/ability';
import { consultantActions, type ConsultantAction } from '@hireline/contract/consultants';
import type { DbOrTx } from '../../db/client';
import { consultants, consultantSites } from '../../db/schema/consultants';
import { conflict, forbidden, type HttpError } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice, type SiteSlice } from '../../platform/site-slice';

/*
 * Who may reach which consultants, and what they may do to one. The detail's `allowed_actions` and every refusal of
 * the service come from {@link allowedActions}, so what the portal offers and what the API accepts cannot disagree.
 */

/**
 * Whoever acts: their permissions at the selected site, and whether they may do an action on consultants at another
 * site of the selected account (their memberships there). A consultant is the account's, so deleting one reaches
 * every site they work on: a site manager of one site must not change another's.
 */
export interface Caller {
  ability: AppAbility;
  mayAt: (siteId: string, action: Action) => boolean;
}

/**
 * The selected site (none selected is 404 like any other scoped read). Consultants are the account's recruiters,
 * managed by staff of a whole site: a caller confined to employers is refused even with a custom consultants
 * permission. A selected employer narrows the counted and assignable jobs, as it narrows the jobs list.
 */
export function consultantSlice(scope: ResolvedScope): SiteSlice {
  const slice = siteSlice(scope);
  if (scope.employerIds) throw forbidden();
  return slice;
}

/** Where a consultant of the account is to be found: on one site, or (null) anywhere in the account. */
export interface Where {
  accountId: string;
  siteId: string | null;
}

const worksOn = (db: DbOrTx, siteId: string): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(consultantSites)
      .where(and(eq(consultantSites.consultantId, consultants.id), eq(consultantSites.siteId, siteId))),
  );

/** The consultants a caller reaches: the account's, and when a site is given, those working on it. */
export const reach = (db: DbOrTx, w: Where) => and(eq(consultants.accountId, w.accountId), w.siteId ? worksOn(db, w.siteId) : undefined)!;

/** The same for the list, which reads consultant_sites joined to consultants (consultant_sites_site_idx). */
export const reachOnSite = (s: SiteSlice) => and(eq(consultantSites.siteId, s.siteId), eq(consultants.accountId, s.accountId))!;

/** The consultant's state: enabled or not, and the sites of the account they work on. */
export type Row = { enabled: boolean; siteIds: readonly string[] };

function stateAllows(action: ConsultantAction, c: Row): boolean {
  switch (action) {
    case 'enable':
      return !c.enabled;
    case 'disable':
    case 'assign_jobs':
      return c.enabled;
    default:
      return true;
  }
}

const permissionOf: Record<ConsultantAction, Action> = {
  update: 'update',
  enable: 'update',
  disable: 'update',
  delete: 'delete',
  assign_jobs: 'update',
};

/** The permission an action needs wherever the consultant is; assigning jobs edits jobs, so it needs `jobs.update` too. */
export const mayDo = (caller: Caller, action: ConsultantAction) =>
  can(caller.ability, permissionOf[action], 'consultants') && (action !== 'assign_jobs' || can(caller.ability, 'update', 'jobs'));

/** Deleting takes the consultant off every site they work on, so it needs the permission on each of them. */
const mayDoTo = (caller: Caller, action: ConsultantAction, c: Row) =>
  mayDo(caller, action) && (action !== 'delete' || c.siteIds.every((s) => caller.mayAt(s, 'delete')));

/** The one decision: the consultant's state allows the action and the caller holds its permission. */
export const allowedActions = (c: Row, caller: Caller): ConsultantAction[] =>
  consultantActions.filter((a) => stateAllows(a, c) && mayDoTo(caller, a, c));

/**
 * Why `action` is not allowed on `c`, or null when it is: 403 without the permission (checked first), 409 for
 * assigning jobs to a disabled consultant, or `unchanged` for enabling an enabled one or disabling a disabled one,
 * which is already done.
 */
export function refusal(c: Row, caller: Caller, action: ConsultantAction): HttpError | 'unchanged' | null {
  if (allowedActions(c, caller).includes(action)) return null;
  if (!mayDoTo(caller, action, c)) return forbidden();
  if (action === 'enable' || action === 'disable') return 'unchanged';
  return conflict();
}
