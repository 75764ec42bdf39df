import { and, asc, eq, gte, inArray, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { applicationFeedbacks, applications } from '../db/schema/applications';
import { notifications } from '../db/schema/notifications';
import { auditLogs, emailOutbox } from '../db/schema/platform';
import { seekers } from '../db/schema/seekers';
import { accounts } from '../db/schema/tenancy';
import { audit, auditEntry } from './audit';
import { ERASED_NAME, eraseSeekerData, removeBytes } from './seeker-privacy';
import type { Storage } from './storage';

/*
 * The accounts' retention periods (contract retention.ts, migration 0024), applied by the scheduler's
 * `retention.apply` task. Each run does a bounded amount of work per account and kind, oldest first; what is left
 * goes on the next run, so a first run on years of history never holds one long transaction. Each account is one
 * transaction, ending with one audit entry of what was done (none when nothing was).
 */

/** Rows of one kind removed or anonymised per account per run. */
export const RETENTION_BATCH = 500;
/** Candidates erased per account per run: each is a dozen statements (platform/seeker-privacy.ts). */
export const RETENTION_CANDIDATE_BATCH = 50;

/** Applications whose outcome is settled against the candidate: kept for counts, anonymised past the period. */
const closedStatuses = ['unsuccessful', 'withdrawn'] as const;

const DAY_MS = 24 * 3_600_000;

export interface RetentionCounts {
  audit_entries: number;
  mail: number;
  notifications: number;
  applications: number;
  candidates: number;
}

type AccountRow = { id: string; enterpriseId: string; auditDays: number; mailDays: number; notificationDays: number; applicationDays: number; candidateDays: number };

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/**
 * Anonymises applications the way an erasure does (platform/seeker-privacy.ts), one application at a time rather
 * than the whole candidate: the row, its status and dates stay, so every report and status count is unchanged.
 * "Last change" stays what it was.
 */
async function anonymiseApplications(tx: DbOrTx, accountId: string, before: Date, limit: number) {
  const due = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.accountId, accountId),
        inArray(applications.status, [...closedStatuses]),
        lt(applications.updatedAt, before),
        ne(applications.candidateName, ERASED_NAME),
      ),
    )
    .orderBy(asc(applications.updatedAt))
    .limit(limit);
  if (!due.length) return 0;
  await tx
    .update(applications)
    .set({
      candidateName: ERASED_NAME,
      // erasedEmail(seeker id), per row.
      candidateEmail: sql`'erased-' || ${applications.seekerId} || '@erased.invalid'`,
      answers: [],
      coverLetter: null,
      resumeFileId: null,
      updatedAt: sql`${applications.updatedAt}`,
    })
    .where(inArray(applications.id, ids(due)));
  await tx.update(applicationFeedbacks).set({ additionalFeedback: null }).where(inArray(applicationFeedbacks.applicationId, ids(due)));
  return due.length;
}

/** Candidates with no sign-in (or, never signed in, no sign-up) and no application since `before`, not yet erased. */
async function inactiveCandidates(tx: DbOrTx, accountId: string, before: Date, limit: number) {
  return tx
    .select({ id: seekers.id, accountId: seekers.accountId, email: seekers.email, disabledAt: seekers.disabledAt })
    .from(seekers)
    .where(
      and(
        eq(seekers.accountId, accountId),
        isNull(seekers.erasedAt),
        sql`coalesce(${seekers.lastActiveAt}, ${seekers.createdAt}) < ${before}`,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(applications)
            .where(and(eq(applications.seekerId, seekers.id), gte(applications.createdAt, before))),
        ),
      ),
    )
    .orderBy(asc(seekers.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

async function applyToAccount(db: Db, storage: Storage, a: AccountRow, now: Date) {
  const cutoff = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const { counts, keys } = await db.transaction(async (tx) => {
    // The audit trail's append-only trigger lets this transaction, and no other, delete (migration 0024).
    await tx.execute(sql`select set_config('hireline.retention', 'on', true)`);
    const oldAudit = tx
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(eq(auditLogs.accountId, a.id), lt(auditLogs.createdAt, cutoff(a.auditDays))))
      .orderBy(asc(auditLogs.createdAt))
      .limit(RETENTION_BATCH);
    const auditGone = await tx.delete(auditLogs).where(inArray(auditLogs.id, oldAudit)).returning({ id: auditLogs.id });
    const oldMail = tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.accountId, a.id),
          eq(emailOutbox.status, 'sent'),
          sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.createdAt}) < ${cutoff(a.mailDays)}`,
        ),
      )
      .limit(RETENTION_BATCH);
    const mailGone = await tx.delete(emailOutbox).where(inArray(emailOutbox.id, oldMail)).returning({ id: emailOutbox.id });
    const oldNotices = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.accountId, a.id), lt(notifications.createdAt, cutoff(a.notificationDays))))
      .limit(RETENTION_BATCH);
    const noticesGone = await tx.delete(notifications).where(inArray(notifications.id, oldNotices)).returning({ id: notifications.id });
    const anonymised = await anonymiseApplications(tx, a.id, cutoff(a.applicationDays), RETENTION_BATCH);

    const keys: string[] = [];
    const inactive = await inactiveCandidates(tx, a.id, cutoff(a.candidateDays), RETENTION_CANDIDATE_BATCH);
    for (const seeker of inactive) keys.push(...(await eraseSeekerData(tx, seeker)).keys);

    const counts: RetentionCounts = {
      audit_entries: auditGone.length,
      mail: mailGone.length,
      notifications: noticesGone.length,
      applications: anonymised,
      candidates: inactive.length,
    };
    if (Object.values(counts).some((n) => n > 0)) {
      const system = { enterpriseId: a.enterpriseId, userId: null, impersonatorUserId: null, ip: null };
      await audit(tx, auditEntry(system, { type: 'account', id: a.id, accountId: a.id }, 'retention.applied', { ...counts, files: keys.length }));
    }
    return { counts, keys };
  });
  await removeBytes(storage, keys);
  return counts;
}

/** One run over every account; answers what was done per account id (accounts with nothing to do included). */
export async function applyRetention(deps: { db: Db; storage: Storage }, now = new Date()) {
  const list = await deps.db
    .select({
      id: accounts.id,
      enterpriseId: accounts.enterpriseId,
      auditDays: accounts.retentionAuditDays,
      mailDays: accounts.retentionMailDays,
      notificationDays: accounts.retentionNotificationDays,
      applicationDays: accounts.retentionApplicationDays,
      candidateDays: accounts.retentionCandidateDays,
    })
    .from(accounts)
    .orderBy(asc(accounts.id));
  const done: Record<string, RetentionCounts> = {};
  for (const a of list) done[a.id] = await applyToAccount(deps.db, deps.storage, a, now);
  return done;
}
