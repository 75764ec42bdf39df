import type { AppAbility } from '@hireline/access/ability';
import { jobStatuses, type JobStatus } from '@hireline/contract/enums';
import type { JobDetail, JobSummary } from '@hireline/contract/job-model';
import type { DbOrTx } from '../../db/client';
import { signedFileUrl } from '../../platform/files';
import { notFound } from '../../platform/errors';
import type { SiteSlice } from '../../platform/site-slice';
import { allowedActions } from './job.policy';
import * as repo from './jobs.repo';
import type { SummaryRow } from './jobs-query.repo';

/* Rows → the contract's shapes. Timestamps leave as ISO 8601 UTC. */

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentSummary(r: SummaryRow, caller: { ability: AppAbility }): JobSummary {
  return {
    id: r.id,
    title: r.title,
    reference_number: r.referenceNumber,
    status: r.status,
    flagged: r.openReports > 0,
    open_reports: r.openReports,
    featured: r.featured,
    employer: { id: r.employerId, name: r.employerName },
    consultant: r.consultantId && r.consultantName !== null ? { id: r.consultantId, name: r.consultantName } : null,
    work_type: r.workType,
    classification: r.classification,
    location: r.location,
    tags: r.tags,
    advert_start_at: iso(r.advertStartAt),
    advert_end_at: iso(r.advertEndAt),
    posted_at: iso(r.postedAt),
    created_at: r.createdAt.toISOString(),
    applications_count: r.applicationsCount,
    allowed_actions: allowedActions(r, caller),
  };
}

export interface DetailContext {
  db: DbOrTx;
  slice: SiteSlice;
  ability: AppAbility;
  /** Signs the banner's URL. */
  appSecret: string;
}

/** Everything the job page shows, read in the given handle (inside a transaction it sees its own writes). */
export async function loadDetail(c: DetailContext, id: string): Promise<JobDetail> {
  const job = await repo.findJob(c.db, c.slice, id);
  if (!job) throw notFound();
  // One handle runs one query at a time inside a transaction, so these go one after another there.
  const rel = await repo.relationsOf(c.db, job);
  const questions = await repo.questionsOf(c.db, job.id);
  const history = await repo.historyOf(c.db, job.id);
  const applications = await repo.applicationsCount(c.db, job.id);
  return {
    ...presentSummary({ ...job, employerName: rel.employerName, consultantName: rel.consultantName, applicationsCount: applications }, { ability: c.ability }),
    employer: { id: job.employerId, name: rel.employerName, credit_balance: rel.creditBalance },
    product:
      job.productId && rel.productName !== null
        ? { id: job.productId, name: rel.productName, duration_days: rel.productDuration!, featured: rel.productFeatured! }
        : null,
    pay_type: job.payType,
    pay_min_cents: job.payMinCents,
    pay_max_cents: job.payMaxCents,
    salary_min_cents: job.salaryMinCents,
    salary_max_cents: job.salaryMaxCents,
    currency: job.currency,
    description: job.description,
    key_selling_points: job.keySellingPoints,
    links: job.links,
    banner: job.bannerFileId ? { id: job.bannerFileId, url: signedFileUrl(c.appSecret, job.bannerFileId) } : null,
    apply_type: job.applyType,
    application_url: job.applicationUrl,
    application_emails: job.applicationEmails,
    approved_at: iso(job.approvedAt),
    rejected_at: iso(job.rejectedAt),
    rejection_reason: job.rejectionReason,
    expired_at: iso(job.expiredAt),
    unlisted_at: iso(job.unlistedAt),
    cloned_from_id: job.clonedFromId,
    updated_at: job.updatedAt.toISOString(),
    screening_questions: questions.map((q) => ({
      id: q.id,
      position: q.position,
      type: q.type,
      label: q.label,
      required: q.required,
      options: q.options,
      knockout_answers: q.knockoutAnswers,
    })),
    status_history: history.map((h) => ({
      from: h.from,
      to: h.to,
      at: h.at.toISOString(),
      by: h.byId && h.byName !== null ? { id: h.byId, name: h.byName } : null,
      reason: h.reason,
    })),
  };
}

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
