import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';

/*
 * A seeker's applications as the seeker pages list them, by seeker id (applications_seeker_created_idx). The
 * applications module owns applications; exporting and anonymising them on a privacy request is platform/seeker-privacy.
 */

export const summaryColumns = {
  id: applications.id,
  status: applications.status,
  statusChangedAt: applications.statusChangedAt,
  enabled: applications.enabled,
  knockedOut: applications.knockedOut,
  source: applications.source,
  seekerId: applications.seekerId,
  candidateName: applications.candidateName,
  candidateEmail: applications.candidateEmail,
  jobId: applications.jobId,
  // The job's current title: the copy on the application is for the applications list's search.
  jobTitle: jobs.title,
  referenceNumber: jobs.referenceNumber,
  employerId: applications.employerId,
  employerName: employers.businessName,
  tags: applications.tags,
  createdAt: applications.createdAt,
};

const onSite = (seekerId: string, siteId: string) => and(eq(applications.seekerId, seekerId), eq(applications.siteId, siteId));

/** Newest first, then the id so pages never overlap on ties. */
export async function listOnSite(db: DbOrTx, seekerId: string, siteId: string, limit: number, offset: number) {
  return db
    .select(summaryColumns)
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(employers, eq(employers.id, applications.employerId))
    .where(onSite(seekerId, siteId))
    .orderBy(sql`${applications.createdAt} desc nulls last`, desc(applications.id))
    .limit(limit)
    .offset(offset);
}

export type SummaryRow = Awaited<ReturnType<typeof listOnSite>>[number];

/** On one site, or on every site of the account when `siteId` is null. One seeker's applications are few: exact. */
export async function countApplications(db: DbOrTx, seekerId: string, siteId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(siteId ? onSite(seekerId, siteId) : eq(applications.seekerId, seekerId));
  return Number(row?.n ?? 0);
}
