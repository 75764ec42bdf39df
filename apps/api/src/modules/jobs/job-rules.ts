import { can, type Action, type AppAbility } from '@hireline/access/ability';
import { jobStatuses, type JobStatus } from '@hireline/contract/enums';
import { jobActions, type JobAction } from '@hireline/contract/job-model';

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
export const permissionOf: Record<JobAction, Action> = {
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

export function statusAllows(action: JobAction, status: JobStatus): boolean {
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

export const mayDo = (ability: AppAbility, action: JobAction) => can(ability, permissionOf[action], 'jobs');

/** What the detail offers: the status allows it and the caller holds the permission. */
export const allowedActions = (status: JobStatus, ability: AppAbility): JobAction[] =>
  jobActions.filter((a) => statusAllows(a, status) && mayDo(ability, a));

const labels: Record<JobStatus, string> = {
  draft: 'Draft',
  pending: 'On hold',
  live: 'Live',
  unlisted: 'Unlisted',
  expired: 'Expired',
  rejected: 'Rejected',
};

/** In lifecycle order (the order of the shared enum). */
export const statusList = () => jobStatuses.map((value) => ({ value, label: labels[value] }));
