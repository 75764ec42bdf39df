import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships, users } from '../../db/schema/identity';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import type { AppDeps } from '../../deps';
import { renderSimpleEmail } from '../../platform/email-layout';
import type { JobRow } from './jobs.repo';
import { siteOf } from './jobs.repo';

/**
 * Tells the employer's users that a job on hold was decided: an email (queued in the same transaction, once per
 * user and job) and an inbox notification, each unless the user switched that channel off for the event.
 */
export type JobDecision = 'job.approved' | 'job.rejected';

async function employerUsers(tx: Tx, employerId: string, event: JobDecision) {
  return tx
    .selectDistinctOn([users.id], { id: users.id, email: users.email, name: users.name, locale: users.locale, channel: notificationPreferences.channel })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.event, event)))
    .where(and(eq(memberships.scopeType, 'employer'), eq(memberships.employerId, employerId), eq(users.enabled, true)));
}

function wording(event: JobDecision, title: string, reason: string | null) {
  return event === 'job.approved'
    ? {
        subject: `Job approved: ${title}`,
        content: `“${title}” was approved and is now live.`,
        paragraphs: [`Good news: your job “${title}” was approved and is now live on the job board.`],
      }
    : {
        subject: `Job rejected: ${title}`,
        content: `“${title}” was rejected and its credit refunded.`,
        paragraphs: [
          `Your job “${title}” was not approved.`,
          ...(reason ? [`Reason: ${reason}`] : []),
          'The credit spent on posting it has been returned to your balance. You can clone the job, make the changes and post it again.',
        ],
      };
}

export async function notifyDecision(deps: AppDeps, tx: Tx, job: JobRow, event: JobDecision, reason: string | null = null) {
  const recipients = await employerUsers(tx, job.employerId, event);
  if (!recipients.length) return;
  const site = await siteOf(tx, job.siteId);
  const link = `/${site.accountSlug}/${site.slug}/jobs/${job.id}`;
  const w = wording(event, job.title, reason);
  const { html, text } = renderSimpleEmail({
    brand: site.name,
    color: site.branding.colors?.primary_color,
    heading: w.subject,
    paragraphs: w.paragraphs,
    action: { label: 'View the job', url: `${deps.config.appUrl}${link}` },
  });
  for (const u of recipients) {
    const channel = u.channel ?? 'both';
    if (channel === 'email' || channel === 'both')
      await deps.mailer.queue(tx, {
        to: u.email,
        toName: u.name,
        subject: w.subject,
        html,
        text,
        event,
        dedupeKey: `${event}:${job.id}:${u.id}`,
        accountId: job.accountId,
        siteId: job.siteId,
        locale: u.locale,
      });
  }
  const inApp = recipients.filter((u) => (u.channel ?? 'both') === 'in_app' || (u.channel ?? 'both') === 'both');
  if (inApp.length)
    await tx.insert(notifications).values(
      inApp.map((u) => ({
        accountId: job.accountId,
        siteId: job.siteId,
        userId: u.id,
        event,
        subject: w.subject,
        content: w.content,
        link,
        data: { job_id: job.id, ...(reason ? { reason } : {}) },
      })),
    );
}
