import type { AppAbility } from '@hireline/access/ability';
import type { ApplicationSummary, FileRef } from '@hireline/contract/applications';
import type { SeekerDetail, SeekerSummary } from '@hireline/contract/seekers';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { allowedActions } from './seeker.policy';
import * as apps from './seeker-applications.repo';
import * as repo from './seekers.repo';
import type { FileRow, SeekerRow } from './seekers.repo';

/* Rows → the contract's shapes. Timestamps leave as ISO 8601 UTC. */

export const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentSummary(s: SeekerRow): SeekerSummary {
  return {
    id: s.id,
    profile_id: s.profileId,
    name: s.name,
    email: s.email,
    phone: s.phone,
    location: s.location,
    visa_type: s.visaType,
    desired_work_type: s.desiredWorkType,
    tags: s.tags,
    enabled: s.enabled,
    erased: s.erasedAt !== null,
    created_at: s.createdAt.toISOString(),
    last_active_at: iso(s.lastActiveAt),
  };
}

export const fileRef = (f: FileRow, kind: FileRef['kind']): FileRef => ({
  id: f.id,
  name: f.originalName,
  mime: f.mime,
  size: f.size,
  kind,
  created_at: f.createdAt.toISOString(),
});

export function presentApplication(r: apps.SummaryRow): ApplicationSummary {
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

/** The resume first, then the documents newest first. */
export async function filesOf(db: DbOrTx, s: SeekerRow): Promise<{ resume: FileRef | null; documents: FileRef[] }> {
  const resume = await repo.resumeOf(db, s);
  const documents = await repo.documentsOf(db, s);
  return {
    resume: resume && fileRef(resume, 'resume'),
    documents: documents.map((d) => fileRef(d.file, d.kind === 'resume' ? 'resume' : 'document')),
  };
}

export interface DetailContext {
  db: DbOrTx;
  accountId: string;
  /** The selected site: `applications_count` counts there, like the job-applications tab; null = the whole account. */
  siteId: string | null;
  ability: AppAbility;
}

/** Everything the profile page shows, read in the given handle (inside a transaction it sees its own writes). */
export async function loadDetail(c: DetailContext, id: string): Promise<SeekerDetail> {
  const s = await repo.findSeeker(c.db, c.accountId, id);
  if (!s) throw notFound();
  // One handle runs one query at a time inside a transaction, so these go one after another.
  const held = await filesOf(c.db, s);
  const applications = await apps.countApplications(c.db, s.id, c.siteId);
  return {
    ...presentSummary(s),
    email_verified_at: iso(s.emailVerifiedAt),
    disabled_at: iso(s.disabledAt),
    erased_at: iso(s.erasedAt),
    ...held,
    applications_count: applications,
    allowed_actions: allowedActions(s, { ability: c.ability }),
  };
}
