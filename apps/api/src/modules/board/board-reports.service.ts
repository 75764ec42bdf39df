import type { z } from 'zod';
import { candidateMessages, jobReportReasonLabels, type putJobFeedback, type reportJob } from '@hireline/contract/board-candidates';
import type { AppDeps } from '../../deps';
import { candidateActor } from '../../platform/actor';
import { audit, auditEntry } from '../../platform/audit';
import { openForm, sendFormWebhook, settingsOf, type WebhookLog } from '../../platform/board-forms';
import { notFound, unauthenticated } from '../../platform/errors';
import { notify } from '../../platform/notify/notify';
import { siteStaff } from '../../platform/notify/recipients';
import type { SeekerAuth } from '../../platform/seeker-sessions';
import * as appsRepo from './board-applications.repo';
import type { CandidateCall } from './board-applications.service';
import type { Board } from './board-host.service';
import * as repo from './board-reports.repo';

/* What the public tells a site about its adverts: a candidate's rating of a job, and anyone's report of one. */

/** Reports per client IP: a few for one advert (a slip, a second thought), more across a board, then 429. */
export const REPORTS_PER_JOB = 5;
export const REPORTS_PER_IP = 20;
export const REPORT_WINDOW_MS = 3_600_000;

export type JobFeedbackBody = z.output<NonNullable<typeof putJobFeedback.body>>;

/**
 * One rating per candidate and job, changed by sending it again. The candidate's row is locked first, so two
 * ratings sent at once update one row rather than inserting two (job_feedbacks has no unique key to lean on).
 */
export async function putJobRating(deps: AppDeps, c: CandidateCall, jobId: string, body: JobFeedbackBody) {
  const { site } = c.board;
  const details = await appsRepo.siteDetailsOf(deps.db, site.id);
  const form = openForm(settingsOf(details.settings), 'feedback');
  const seekerId = c.seeker.seeker.id;
  const job = await repo.rateableJob(deps.db, { siteId: site.id, accountId: site.accountId }, seekerId, jobId, new Date());
  if (!job) throw notFound();
  // Sending again replaces the whole feedback: a field left out is cleared, as the comment always was.
  const rating = { rating: body.rating, employerRecommended: body.employer_recommended ?? null, comment: body.comment ?? null };
  await deps.db.transaction(async (tx) => {
    if (!(await appsRepo.lockSeeker(tx, seekerId, site.accountId))) throw unauthenticated();
    const existing = await repo.findJobFeedback(tx, job.id, seekerId);
    if (existing) await repo.updateJobFeedback(tx, existing.id, rating);
    else await repo.insertJobFeedback(tx, { accountId: site.accountId, siteId: site.id, jobId: job.id, seekerId, ...rating });
  });
  const answer = { rating: rating.rating, employer_recommended: rating.employerRecommended, additional_feedback: rating.comment };
  const hook = { kind: 'job', job_id: job.id, seeker_id: seekerId, ...answer, comment: rating.comment };
  void sendFormWebhook(form, 'feedback.submitted', hook, c.log, deps.outbound.fetch);
  return { ...answer, comment: rating.comment, message: candidateMessages.feedbackSaved };
}

export type ReportBody = z.output<NonNullable<typeof reportJob.body>>;

export interface ReportCall {
  board: Board;
  /** A candidate signed in to this board's account, or null (a session of another account counts as nobody). */
  seeker: SeekerAuth | null;
  enterpriseId: string;
  ip: string;
  log: WebhookLog;
}

/**
 * Reports a live advert: stored as an open report with the reason's label (what the portal's flagged jobs list
 * shows), counted on the job so it is flagged, and the site's staff are told. Rate limited per client IP.
 */
export async function report(deps: AppDeps, c: ReportCall, jobId: string, body: ReportBody) {
  const { site } = c.board;
  await deps.rateLimiter.hit(`board:report:${c.ip}`, REPORTS_PER_IP, REPORT_WINDOW_MS);
  await deps.rateLimiter.hit(`board:report:${c.ip}:${jobId}`, REPORTS_PER_JOB, REPORT_WINDOW_MS);
  const job = await appsRepo.findLiveJob(deps.db, site.id, new Date(), jobId);
  if (!job) throw notFound();
  const details = await appsRepo.siteDetailsOf(deps.db, site.id);
  const form = openForm(settingsOf(details.settings), 'job_report');
  const seeker = c.seeker && c.seeker.seeker.accountId === site.accountId ? c.seeker : null;
  const reason = jobReportReasonLabels[body.reason];
  const reporterEmail = body.email ?? seeker?.seeker.email ?? null;
  const id = await deps.db.transaction(async (tx) => {
    const { title } = await repo.countReport(tx, job.id);
    const row = await repo.insertReport(tx, {
      accountId: site.accountId,
      siteId: site.id,
      jobId: job.id,
      reason,
      additionalComments: body.additional_comments ?? null,
      reporterEmail,
      reporterSeekerId: seeker?.seeker.id ?? null,
    });
    await audit(
      tx,
      auditEntry(candidateActor(c.enterpriseId, seeker, c.ip), { type: 'job', id: job.id, accountId: site.accountId }, 'job.flag', {
        report_id: row.id,
        reason: body.reason,
        reporter_seeker_id: seeker?.seeker.id ?? null,
      }),
    );
    const staff = await siteStaff(tx, { accountId: site.accountId, siteId: site.id });
    await notify(deps, tx, {
      event: 'job.flagged',
      accountId: site.accountId,
      siteId: site.id,
      userIds: staff.map((s) => s.id),
      vars: { job_title: title, reason },
      link: `/${details.accountSlug}/${details.siteSlug}/jobs/${job.id}`,
      key: row.id,
    });
    return row.id;
  });
  const data = { report_id: id, job: { id: job.id, title: job.title }, reason: body.reason, reason_label: reason };
  void sendFormWebhook(form, 'job_report.submitted', { ...data, additional_comments: body.additional_comments ?? null, reporter_email: reporterEmail }, c.log, deps.outbound.fetch);
  return { message: candidateMessages.reported };
}
