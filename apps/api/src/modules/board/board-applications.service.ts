import type { AuditAction } from '@hireline/contract/audit-actions';
import type { z } from 'zod';
import {
  candidateMessages,
  type applyBody,
  type CandidateApplication,
  type CandidateStatus,
  type putApplicationFeedback,
} from '@hireline/contract/board-candidates';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { candidateActor } from '../../platform/actor';
import { audit, auditEntry } from '../../platform/audit';
import { openForm, sendFormWebhook, settingsOf, type WebhookLog } from '../../platform/board-forms';
import { conflict, HttpError, invalid, notFound, unauthenticated } from '../../platform/errors';
import { notify } from '../../platform/notify/notify';
import { consultantUserIds, employerUserIds, siteStaff } from '../../platform/notify/recipients';
import type { SeekerAuth } from '../../platform/seeker-sessions';
import { checkAnswers } from './board-answers';
import { mailApplicationReceived } from './board-candidate-mail';
import { uuidv7 } from 'uuidv7';
import { queueWithdrawal } from '../applications/application-withdrawn-notify';
import * as repo from './board-applications.repo';
import type { Board } from './board-host.service';

/*
 * A candidate's applications on a board: applying (screening answers, knock-outs, the staff's notices), the list of
 * their own, withdrawing and their feedback on the process. Candidates see coarse statuses only: the stages in
 * between are the staff's business.
 */

/** Who calls: the board, the signed-in candidate, and where to log a webhook that could not be delivered. */
export interface CandidateCall {
  board: Board;
  seeker: SeekerAuth;
  enterpriseId: string;
  ip: string;
  log: WebhookLog;
}

const candidateStatusOf: Record<ApplicationStatus, CandidateStatus> = {
  applied: 'received',
  registered: 'received',
  new: 'received',
  invited: 'in_progress',
  screening: 'in_progress',
  shortlisted: 'in_progress',
  interviewed: 'in_progress',
  offered: 'offered',
  unsuccessful: 'unsuccessful',
  withdrawn: 'withdrawn',
};

/** An offer may still be declined by withdrawing; only a closed application cannot be. */
const withdrawable = (s: ApplicationStatus) => s !== 'withdrawn' && s !== 'unsuccessful';

export function present(r: repo.MineRow): CandidateApplication {
  return {
    id: r.id,
    job: { id: r.jobId, title: r.jobTitle, employer_name: r.employerName, live: r.live },
    status: candidateStatusOf[r.status],
    applied_at: r.createdAt.toISOString(),
    withdrawn_at: r.withdrawnAt?.toISOString() ?? null,
    can_withdraw: withdrawable(r.status),
    feedback:
      r.feedbackRating === null
        ? null
        : { rating: r.feedbackRating, employer_recommended: r.employerRecommended ?? false, additional_feedback: r.additionalFeedback ?? null },
    job_rating: r.jobRating === null ? null : Number(r.jobRating),
  };
}

const slice = (c: CandidateCall) => ({ siteId: c.board.site.id, accountId: c.board.site.accountId });

async function mineOr404(deps: AppDeps, c: CandidateCall, id: string) {
  const row = await repo.findMine(deps.db, slice(c), c.seeker.seeker.id, id, new Date());
  if (!row) throw notFound();
  return present(row);
}

const auditOf = (c: CandidateCall, action: AuditAction, applicationId: string, data: Record<string, unknown>) =>
  auditEntry(
    candidateActor(c.enterpriseId, c.seeker, c.ip),
    { type: 'application', id: applicationId, accountId: c.board.site.accountId },
    action,
    { seeker_id: c.seeker.seeker.id, ...data },
  );

/** A unique constraint the database refused (PostgreSQL and PGlite, wrapped by drizzle or not). */
function uniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === constraint;
  }
  return false;
}

export type ApplyBody = z.output<typeof applyBody>;

/**
 * Applies for a live advert of the board. The application, its history, the audit row and the staff's notices are
 * one transaction; a webhook form gets its copy after the commit. A second application for the same job is 409, also
 * when two arrive at once (the seeker's row lock orders them, the unique constraint backs that up).
 */
export async function apply(deps: AppDeps, c: CandidateCall, jobId: string, body: ApplyBody) {
  const { site } = c.board;
  const now = new Date();
  const job = await repo.findLiveJob(deps.db, site.id, now, jobId);
  if (!job) throw notFound();
  if (job.applyType !== 'internal') throw conflict(candidateMessages.applyElsewhere);
  const details = await repo.siteDetailsOf(deps.db, site.id);
  const form = openForm(settingsOf(details.settings), 'application');
  const questions = await repo.questionsWithKnockouts(deps.db, site.accountId, job.id);

  let created: { id: string; knockedOut: boolean; webhook: Record<string, unknown> };
  try {
    created = await deps.db.transaction(async (tx) => {
      const me = await repo.lockSeeker(tx, c.seeker.seeker.id, site.accountId);
      if (!me) throw unauthenticated();
      if (!me.emailVerifiedAt) throw new HttpError(403, candidateMessages.verifyFirst);
      if (await repo.hasApplied(tx, job.id, me.id)) throw conflict(candidateMessages.alreadyApplied);

      const errors: Record<string, string[]> = {};
      const resumeFileId = body.resume_file_id ?? me.resumeFileId;
      if (!resumeFileId) errors.resume_file_id = [candidateMessages.resumeRequired];
      else if (body.resume_file_id && !(await repo.ownResume(tx, site.accountId, me.id, body.resume_file_id)))
        errors.resume_file_id = [messages.invalid];
      const checked = checkAnswers(
        questions.map((q) => ({ ...q, options: q.options ?? [] })),
        body.answers,
      );
      if (!checked.ok) Object.assign(errors, checked.errors);
      if (Object.keys(errors).length || !checked.ok) throw invalid(errors);

      const status: ApplicationStatus = checked.knockedOut ? 'unsuccessful' : 'applied';
      const row = await repo.insertApplication(tx, {
        accountId: site.accountId,
        siteId: site.id,
        jobId: job.id,
        employerId: job.employerId,
        seekerId: me.id,
        status,
        statusChangedAt: now,
        source: 'board',
        knockedOut: checked.knockedOut,
        answers: checked.answers,
        resumeFileId,
        coverLetter: body.cover_letter ?? null,
        candidateName: me.name,
        candidateEmail: me.email,
        jobTitle: job.title,
      });
      // A knock-out is recorded as what happened: it arrived, then was closed by the candidate's own answer.
      const entry = { accountId: site.accountId, applicationId: row.id, actorSeekerId: me.id };
      await repo.insertHistory(tx, [
        { ...entry, fromStatus: null, toStatus: 'applied' },
        ...(checked.knockedOut ? [{ ...entry, fromStatus: 'applied' as const, toStatus: 'unsuccessful' as const }] : []),
      ]);
      await repo.touchSeeker(tx, me.id, now);
      if (body.resume_file_id && body.resume_file_id !== me.resumeFileId) await repo.keepResume(tx, me.id, body.resume_file_id, now);
      await audit(tx, auditOf(c, 'application.create', row.id, { job_id: job.id, status, knocked_out: checked.knockedOut }));
      await tellStaff(deps, tx, details, job, { id: row.id, candidateName: me.name, knockedOut: checked.knockedOut });
      // The same receipt whatever the answers: a knock-out is never told apart here either.
      await mailApplicationReceived(deps, tx, c.board, { name: me.name, email: me.email }, { id: row.id, jobTitle: job.title, employerName: job.employerName });
      const webhook = {
        application_id: row.id,
        job: { id: job.id, title: job.title },
        candidate: { id: me.id, name: me.name, email: me.email },
        status,
        knocked_out: checked.knockedOut,
        answers: checked.answers,
        cover_letter: body.cover_letter ?? null,
        resume_file_id: resumeFileId,
        created_at: row.createdAt.toISOString(),
      };
      return { id: row.id, knockedOut: checked.knockedOut, webhook };
    });
  } catch (err) {
    if (uniqueViolation(err, 'applications_job_seeker_unique')) throw conflict(candidateMessages.alreadyApplied);
    throw err;
  }
  // Not awaited: the application is stored, and the receiver's latency (or retries) is no reason to keep the candidate waiting.
  void sendFormWebhook(form, 'application.submitted', created.webhook, c.log, deps.outbound.fetch);
  return {
    application: await mineOr404(deps, c, created.id),
    // The same kind words whichever answer it was: the candidate is never told which one.
    message: created.knockedOut ? candidateMessages.knockedOut : candidateMessages.applied,
  };
}

/** The site's staff, the employer's users and the job's consultant hear of it, in-app and by email as each chose. */
async function tellStaff(
  deps: AppDeps,
  tx: Tx,
  details: repo.SiteDetails,
  job: repo.LiveJob,
  app: { id: string; candidateName: string; knockedOut: boolean },
) {
  const staff = await siteStaff(tx, { accountId: job.accountId, siteId: job.siteId });
  const employer = await employerUserIds(tx, job.employerId);
  const consultant = await consultantUserIds(tx, job.accountId, [job.consultantId]);
  await notify(deps, tx, {
    event: app.knockedOut ? 'application.knocked_out' : 'application.created',
    accountId: job.accountId,
    siteId: job.siteId,
    userIds: [...staff.map((s) => s.id), ...employer, ...consultant],
    vars: { candidate_name: app.candidateName, job_title: job.title },
    link: `/${details.accountSlug}/${details.siteSlug}/applications/${app.id}/overview`,
    key: app.id,
  });
}

export async function listMine(deps: AppDeps, c: CandidateCall, q: { page: number; per_page: number; job_id?: string }) {
  const s = slice(c);
  const [rows, total] = await Promise.all([
    repo.listMine(deps.db, s, c.seeker.seeker.id, new Date(), { limit: q.per_page, offset: (q.page - 1) * q.per_page, jobId: q.job_id }),
    repo.countMine(deps.db, s, c.seeker.seeker.id, q.job_id),
  ]);
  return { data: rows.map(present), meta: { page: q.page, per_page: q.per_page, total } };
}

/**
 * Withdraws the candidate's own application on this site. The row is locked first, so a staff status change at the
 * same moment either lands before (and is then withdrawn) or after (and is refused: withdrawn is final for staff).
 */
export async function withdraw(deps: AppDeps, c: CandidateCall, id: string) {
  await deps.db.transaction(async (tx) => {
    const app = await repo.lockMine(tx, slice(c), c.seeker.seeker.id, id);
    if (!app) throw notFound();
    if (!withdrawable(app.status)) throw conflict(candidateMessages.cannotWithdraw);
    const now = new Date();
    const historyId = uuidv7();
    await repo.markWithdrawn(tx, app.id, now);
    await repo.insertHistory(tx, [
      { id: historyId, accountId: app.accountId, applicationId: app.id, fromStatus: app.status, toStatus: 'withdrawn', actorSeekerId: c.seeker.seeker.id },
    ]);
    await audit(tx, auditOf(c, 'application.withdraw', app.id, { job_id: app.jobId, from: app.status }));
    const { id: seekerId, name, email } = c.seeker.seeker;
    await queueWithdrawal(deps, tx, slice(c), { applicationId: app.id, historyId, seeker: { id: seekerId, name, email } });
  });
  return mineOr404(deps, c, id);
}

export type ApplicationFeedbackBody = z.output<NonNullable<typeof putApplicationFeedback.body>>;

/** The candidate's feedback on how their application was handled: given once, changed by sending it again. */
export async function putFeedback(deps: AppDeps, c: CandidateCall, id: string, body: ApplicationFeedbackBody) {
  const details = await repo.siteDetailsOf(deps.db, c.board.site.id);
  const form = openForm(settingsOf(details.settings), 'feedback');
  const app = await repo.findMine(deps.db, slice(c), c.seeker.seeker.id, id, new Date());
  if (!app) throw notFound();
  const feedback = { rating: body.rating, employerRecommended: body.employer_recommended, additionalFeedback: body.additional_feedback ?? null };
  await deps.db.transaction(async (tx) => {
    await repo.upsertApplicationFeedback(tx, { accountId: c.board.site.accountId, applicationId: app.id, ...feedback });
    await audit(tx, auditOf(c, 'application.feedback', app.id, { rating: body.rating }));
  });
  void sendFormWebhook(form, 'feedback.submitted', { kind: 'application', application_id: app.id, job_id: app.jobId, ...body }, c.log, deps.outbound.fetch);
  return mineOr404(deps, c, id);
}
