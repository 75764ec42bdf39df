import type { AppDeps } from '../../deps';
import { audit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { ResolvedScope } from '../../platform/scope';
import * as apps from './seeker-applications.repo';
import { auditEntry, messagesFor, removeBytes, type Actor } from './seeker-lifecycle.service';
import { fileRef, filesOf, iso, loadDetail, presentSummary } from './seeker-present';
import * as repo from './seekers.repo';
import { seekerAccount } from './seekers.repo';

/* Privacy requests: everything held on a seeker (export), and erasing their personal data (erase). Both audited. */

export const ERASED_NAME = 'Erased candidate';
/** Unique per seeker (the account's email key), lower-case (the email check), and a domain that can never receive mail. */
export const erasedEmail = (seekerId: string) => `erased-${seekerId}@erased.invalid`;

/** Everything held on the seeker in the account, on every site: profile, documents, applications with all they hold. */
export async function exportSeeker(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string) {
  const accountId = seekerAccount(scope);
  const { db } = deps;
  const seeker = await repo.findSeeker(db, accountId, id);
  if (!seeker) throw notFound();
  const held = await filesOf(db, seeker);
  const rows = await apps.applicationsForExport(db, seeker.id);
  const ids = rows.map((r) => r.application.id);
  const [history, feedback] = await Promise.all([apps.historyOf(db, ids), apps.feedbackOf(db, ids)]);
  const documents = [...(held.resume ? [held.resume] : []), ...held.documents];
  const feedbackOf = new Map(feedback.map((f) => [f.applicationId, f]));

  const applications = rows.map(({ application: a, ...r }) => {
    const f = feedbackOf.get(a.id);
    return {
      id: a.id,
      site: { id: a.siteId, name: r.siteName },
      job: { id: a.jobId, title: r.jobTitle, reference_number: r.referenceNumber },
      employer: { id: a.employerId, name: r.employerName },
      status: a.status,
      status_changed_at: a.statusChangedAt.toISOString(),
      source: a.source,
      knocked_out: a.knockedOut,
      enabled: a.enabled,
      tags: a.tags,
      candidate_name: a.candidateName,
      candidate_email: a.candidateEmail,
      cover_letter: a.coverLetter,
      resume: r.resume && fileRef(r.resume, 'resume'),
      answers: a.answers,
      withdrawn_at: iso(a.withdrawnAt),
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
      status_history: history
        .filter((h) => h.applicationId === a.id)
        .map((h) => ({
          from_status: h.fromStatus,
          to_status: h.toStatus,
          // Who at the site moved it is the site's data; the seeker learns whether it was staff, them, or the system.
          actor: h.actorUserId ? 'user' : h.actorSeekerId ? 'candidate' : 'system',
          created_at: h.createdAt.toISOString(),
        })),
      feedback: f
        ? {
            rating: f.rating,
            employer_recommended: f.employerRecommended,
            additional_feedback: f.additionalFeedback,
            created_at: f.createdAt.toISOString(),
            updated_at: f.updatedAt.toISOString(),
          }
        : null,
    };
  });

  await audit(db, auditEntry(actor, seeker, 'seeker.export', { applications: applications.length, documents: documents.length }));
  return {
    exported_at: new Date().toISOString(),
    seeker: { ...presentSummary(seeker), email_verified_at: iso(seeker.emailVerifiedAt), disabled_at: iso(seeker.disabledAt) },
    documents,
    applications,
  };
}

/**
 * Removes the seeker's personal data for good, in one transaction: the profile is blanked (the row and profile id
 * stay so the site's counts add up), their applications keep status and dates but lose name, email, answers, cover
 * letter and resume, feedback and reports lose the seeker's words, mail to them goes, and every stored file of
 * theirs is deleted (rows now, bytes after commit). The seeker is disabled and any session acting as them ends.
 */
export async function eraseSeeker(deps: AppDeps, scope: ResolvedScope, actor: Actor, id: string, reason: string) {
  const accountId = seekerAccount(scope);
  const { detail, keys } = await deps.db.transaction(async (tx) => {
    const seeker = await repo.findSeeker(tx, accountId, id, { lock: true });
    if (!seeker) throw notFound();
    if (seeker.erasedAt) throw conflict(messagesFor.alreadyErased);
    const now = new Date();
    const anonymous = { name: ERASED_NAME, email: erasedEmail(seeker.id) };
    const held = await repo.filesHeldFor(tx, seeker);
    await repo.updateSeeker(tx, seeker.id, {
      ...anonymous,
      phone: null,
      location: null,
      visaType: null,
      desiredWorkType: null,
      passwordHash: null,
      resumeFileId: null,
      emailVerifiedAt: null,
      tags: [],
      erasedAt: now,
      enabled: false,
      disabledAt: seeker.disabledAt ?? now,
    });
    await apps.anonymiseApplications(tx, seeker.id, anonymous);
    await apps.anonymiseBoardActivity(tx, seeker.id);
    await apps.deleteMailTo(tx, accountId, seeker.email);
    await repo.deleteDocuments(tx, seeker.id);
    await repo.deleteFiles(tx, held.map((f) => f.id));
    await repo.revokeSessions(tx, seeker.id);
    await audit(tx, auditEntry(actor, seeker, 'seeker.erase', { reason, files: held.length }));
    const detail = await loadDetail({ db: tx, accountId, siteId: scope.siteId, ability: actor.ability }, seeker.id);
    return { detail, keys: held.map((f) => f.storageKey) };
  });
  await removeBytes(deps.storage, keys);
  return detail;
}
