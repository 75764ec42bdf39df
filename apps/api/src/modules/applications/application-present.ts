import type { AppAbility } from '@hireline/access/ability';
import type { ApplicationDetail, ApplicationSummary, FileRef } from '@hireline/contract/applications';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { defaultApplicationStages } from '../../db/defaults';
import { notFound } from '../../platform/errors';
import type { SiteSlice } from '../../platform/site-slice';
import { allowedActions } from './application.policy';
import * as repo from './applications.repo';
import type { SummaryRow } from './applications-query.repo';

/* Rows → the contract's shapes. Timestamps leave as ISO 8601 UTC. */

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentSummary(r: SummaryRow): ApplicationSummary {
  return {
    id: r.id,
    status: r.status,
    status_changed_at: r.statusChangedAt.toISOString(),
    enabled: r.enabled,
    knocked_out: r.knockedOut,
    source: r.source,
    candidate: { id: r.seekerId, name: r.candidateName, email: r.candidateEmail },
    job: { id: r.jobId, title: r.jobTitle, reference_number: r.referenceNumber },
    employer: { id: r.employerId, name: r.employerName },
    tags: r.tags,
    created_at: r.createdAt.toISOString(),
  };
}

type FileRow = { id: string; name: string; mime: string; size: number; createdAt: Date };

export const presentFile = (f: FileRow, kind: FileRef['kind']): FileRef => ({
  id: f.id,
  name: f.name,
  mime: f.mime,
  size: f.size,
  kind,
  created_at: f.createdAt.toISOString(),
});

/** The overview, read in the given handle (inside a transaction it sees its own writes). */
export async function loadDetail(db: DbOrTx, slice: SiteSlice, ability: AppAbility, id: string): Promise<ApplicationDetail> {
  const row = await repo.detailOf(db, slice, id);
  if (!row) throw notFound();
  const { app, seeker } = row;
  return {
    ...presentSummary({ ...app, seekerId: app.seekerId, referenceNumber: row.referenceNumber, employerName: row.employerName }),
    candidate: {
      id: app.seekerId,
      name: app.candidateName,
      email: app.candidateEmail,
      phone: seeker.phone,
      profile_id: seeker.profileId,
      visa_type: seeker.visaType,
      desired_work_type: seeker.desiredWorkType,
      location: seeker.location,
      erased: seeker.erasedAt !== null,
    },
    consultant: row.consultantId && row.consultantName !== null ? { id: row.consultantId, name: row.consultantName } : null,
    cover_letter: app.coverLetter,
    resume: row.resume ? presentFile(row.resume, 'resume') : null,
    withdrawn_at: iso(app.withdrawnAt),
    updated_at: app.updatedAt.toISOString(),
    allowed_actions: allowedActions(app, { ability }),
  };
}

/* The stages a site labels the statuses with. */

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
