import type { AppAbility } from '@hireline/access/ability';
import type { ApplicationDetail, ApplicationSummary, FileRef } from '@hireline/contract/applications';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { SiteSlice } from '../../platform/site-slice';
import { allowedActions } from './application-rules';
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
    actions: allowedActions(ability, app),
  };
}
