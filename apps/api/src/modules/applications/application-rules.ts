import { can, type AppAbility } from '@hireline/access/ability';
import { type ApplicationDetail } from '@hireline/contract/applications';
import { staffStatuses } from '@hireline/contract/application-actions';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import { defaultApplicationStages } from '../../db/defaults';
import { applicationMessages } from '@hireline/contract/admin-messages';

/* The status rules of DESIGN §5 and the stages a site labels them with. */

/** Withdrawn is set by the candidate on the board; staff can never move an application out of it. */
export const WITHDRAWN_FINAL = applicationMessages.withdrawnFinal;
/** A bulk item that already had what was asked: ok, but nothing was written or sent. */
export const UNCHANGED = applicationMessages.unchanged;

export type StaffStatus = (typeof staffStatuses)[number];

/** Who acts, for history, audit and the actions of the answer. */
export type { Actor } from '../../platform/actor';

/** What the overview offers now: the permission, and for statuses also the current status. */
export function allowedActions(ability: AppAbility, app: { status: ApplicationStatus; enabled: boolean }): ApplicationDetail['actions'] {
  const update = can(ability, 'update', 'applications');
  const movable = app.status !== 'withdrawn' && can(ability, 'status', 'applications');
  return {
    statuses: movable ? staffStatuses.filter((s) => s !== app.status) : [],
    enable: update && !app.enabled,
    disable: update && app.enabled,
    delete: can(ability, 'delete', 'applications'),
    update_tags: update,
  };
}

export interface Stage {
  status: ApplicationStatus;
  label: string;
  color: string;
  position: number;
  visible: boolean;
  email_admin: boolean;
  email_consultants: boolean;
  email_candidate: boolean;
}

type StageRow = {
  status: ApplicationStatus;
  label: string;
  color: string;
  position: number;
  visible: boolean;
  emailAdmin: boolean;
  emailConsultants: boolean;
  emailCandidate: boolean;
};

/**
 * Every status once, in the site's order: its own rows where it has them, the shared defaults for the rest (a site
 * created without stages answers the defaults), so labels in lists and emails never come out empty.
 */
export function stagesOf(rows: StageRow[]): Stage[] {
  const own = new Map(rows.map((r) => [r.status, r]));
  return defaultApplicationStages
    .map((d, i) => {
      const r = own.get(d.status);
      return {
        status: d.status,
        label: r?.label ?? d.label,
        color: r?.color ?? d.color,
        position: r?.position ?? i,
        visible: r?.visible ?? true,
        email_admin: r?.emailAdmin ?? d.emailAdmin,
        email_consultants: r?.emailConsultants ?? d.emailConsultants,
        email_candidate: r?.emailCandidate ?? d.emailCandidate,
      };
    })
    .sort((x, y) => x.position - y.position || applicationStatuses.indexOf(x.status) - applicationStatuses.indexOf(y.status));
}

export const labelsOf = (stages: Stage[]) => new Map(stages.map((s) => [s.status, s.label]));
