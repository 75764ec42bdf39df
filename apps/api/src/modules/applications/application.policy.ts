import { and, eq, type SQL } from 'drizzle-orm';
import { can, type Action, type AppAbility } from '@hireline/access/ability';
import type { staffStatuses } from '@hireline/contract/application-actions';
import { applicationActions, type ApplicationAction } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { applications } from '../../db/schema/applications';
import { inEmployers, type SiteSlice, type SliceIds } from '../../platform/site-slice';
import { applicationMessages } from '@hireline/contract/admin-messages';

/*
 * Who may reach which applications, and what they may do to one (DESIGN §5). The overview's `allowed_actions` and
 * every refusal of the services come from {@link allowedActions}, so what the portal offers and what the API accepts
 * cannot disagree.
 */

/** Withdrawn is set by the candidate on the board; staff can never move an application out of it. */
export const WITHDRAWN_FINAL = applicationMessages.withdrawnFinal;
/** A bulk item that already had what was asked: ok, but nothing was written or sent. */
export const UNCHANGED = applicationMessages.unchanged;
/** A stage the site hides has no tab and no place in "All": an application moved there would drop out of sight. */
export const STAGE_HIDDEN = applicationMessages.stageHidden;

export type StaffStatus = (typeof staffStatuses)[number];

/** Who acts, for history, audit and the actions of the answer. */
export type { Actor } from '../../platform/actor';

/** Whoever acts: only their permissions matter to the rules. */
export interface Caller {
  ability: AppAbility;
}

/**
 * The applications a caller may reach: the selected site and the caller's employers. The site was checked to be the
 * account's when the scope was resolved, so lists filter on it alone: `account_id` beside it would only make
 * PostgreSQL combine two indexes and stop the stage counts from being index-only. Lookups by id add the account
 * anyway ({@link reachById}; it costs nothing there).
 */
export function reach(s: SliceIds) {
  return and(eq(applications.siteId, s.siteId), inEmployers(applications.employerId, s.employerIds));
}

/** `which` (the ids asked for) among the applications the caller may reach. */
export const reachById = (s: SiteSlice, which: SQL) => and(which, eq(applications.accountId, s.accountId), reach(s));

/** The permission (`applications.<action>`) each action needs. */
const permissionOf: Record<ApplicationAction, Action> = {
  status: 'status',
  enable: 'update',
  disable: 'update',
  delete: 'delete',
  update_tags: 'update',
};

type Row = { status: ApplicationStatus; enabled: boolean };

function stateAllows(action: ApplicationAction, app: Row): boolean {
  switch (action) {
    case 'status':
      return app.status !== 'withdrawn';
    case 'enable':
      return !app.enabled;
    case 'disable':
      return app.enabled;
    default:
      return true;
  }
}

const mayDo = (caller: Caller, action: ApplicationAction) => can(caller.ability, permissionOf[action], 'applications');

/** The one decision: the application's state allows the action and the caller holds its permission. */
export const allowedActions = (app: Row, caller: Caller): ApplicationAction[] =>
  applicationActions.filter((a) => stateAllows(a, app) && mayDo(caller, a));

/**
 * Why `action` is not allowed on `app`, or null when it is: `forbidden` without the permission (checked first),
 * `withdrawn` for a status change of a withdrawn application, `unchanged` for enabling an enabled one (or disabling
 * a disabled one), which the services answer as done with nothing written.
 */
export function refusal(app: Row, caller: Caller, action: ApplicationAction): 'forbidden' | 'withdrawn' | 'unchanged' | null {
  if (allowedActions(app, caller).includes(action)) return null;
  if (!mayDo(caller, action)) return 'forbidden';
  return action === 'status' ? 'withdrawn' : 'unchanged';
}

/**
 * Why moving `app` to `to` is refused, or `unchanged` (a no-op), or null when it moves: the refusal of a status
 * change first, then the status it already has (so an application sitting in a hidden stage may stay there), then a
 * stage the site hides (`hidden`, its statuses). Every status change, single, bulk or previewed, is judged here.
 */
export function moveRefusal(app: Row, caller: Caller, to: ApplicationStatus, hidden: ReadonlySet<ApplicationStatus>) {
  const refused = refusal(app, caller, 'status');
  if (refused) return refused;
  if (app.status === to) return 'unchanged';
  return hidden.has(to) ? 'hidden' : null;
}
