import { and, eq } from 'drizzle-orm';
import { can, type Action, type AppAbility } from '@hireline/access/ability';
import type { JobStatus } from '@hireline/contract/enums';
import { jobActions, type JobAction } from '@hireline/contract/job-model';
import { jobs } from '../../db/schema/jobs';
import { conflict, forbidden } from '../../platform/errors';
import { inEmployers, type SliceIds } from '../../platform/site-slice';

/*
 * Who may reach which jobs, and what they may do to one. The detail's `allowed_actions` and every refusal of the
 * services come from {@link allowedActions}, so what the portal offers and what the API accepts cannot disagree.
 */

/** Whoever acts: only their permissions matter to the rules. */
export interface Caller {
  ability: AppAbility;
}

/**
 * The platform itself, finishing what a user was already allowed to start (a paid post settling after the payment
 * provider confirms it): the status rules apply, the permissions were checked when the user started it.
 */
export const PLATFORM: unique symbol = Symbol('platform');
type AnyCaller = Caller | typeof PLATFORM;

/**
 * The jobs a caller may reach: the site (already verified to be in the selected account when the scope was
 * resolved) and the caller's employers. Adding `account_id` here changed no result but made PostgreSQL AND the
 * site's rows with the whole account's through jobs_account_idx, the larger of the two (bench/README.md).
 */
export function reach(s: SliceIds) {
  return and(eq(jobs.siteId, s.siteId), inEmployers(jobs.employerId, s.employerIds));
}

/** The status changes of DESIGN §5 besides posting (whose target depends on the site) and delete (any status). */
export type Transition = 'approve' | 'reject' | 'unlist' | 'relist' | 'expire';

export const transitions: Record<Transition, { from: readonly JobStatus[]; to: JobStatus }> = {
  approve: { from: ['pending'], to: 'live' },
  reject: { from: ['pending'], to: 'rejected' },
  unlist: { from: ['live'], to: 'unlisted' },
  relist: { from: ['unlisted'], to: 'live' },
  expire: { from: ['live', 'unlisted'], to: 'expired' },
};

/** The permission (`jobs.<action>`) each action needs; the contract's route access says the same. */
const permissionOf: Record<JobAction, Action> = {
  edit: 'update',
  post: 'create',
  approve: 'approve',
  reject: 'approve',
  unlist: 'status',
  relist: 'status',
  expire: 'status',
  delete: 'delete',
  clone: 'create',
};

function statusAllows(action: JobAction, status: JobStatus): boolean {
  switch (action) {
    case 'edit':
      return status !== 'expired' && status !== 'rejected';
    case 'post':
      return status === 'draft';
    case 'delete':
    case 'clone':
      return true;
    default:
      return transitions[action].from.includes(status);
  }
}

const mayDo = (caller: AnyCaller, action: JobAction) => caller === PLATFORM || can(caller.ability, permissionOf[action], 'jobs');

/** The one decision: the status allows the action and the caller holds its permission. */
export const allowedActions = (job: { status: JobStatus }, caller: AnyCaller): JobAction[] =>
  jobActions.filter((a) => statusAllows(a, job.status) && mayDo(caller, a));

/**
 * Why `action` is refused on `job`, or null when it is allowed: 403 without the permission, 409 when the job's status
 * does not allow it (the permission checked first, so a caller without it learns nothing about the status).
 */
export function refusal(job: { status: JobStatus }, caller: AnyCaller, action: JobAction) {
  if (allowedActions(job, caller).includes(action)) return null;
  return mayDo(caller, action) ? conflict() : forbidden();
}

/** Throws {@link refusal}'s error when there is one. */
export function assertAllowed(job: { status: JobStatus }, caller: AnyCaller, action: JobAction) {
  const refused = refusal(job, caller, action);
  if (refused) throw refused;
}
