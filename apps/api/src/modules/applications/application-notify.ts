import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { NotifyChoice } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import type { DbOrTx, Tx } from '../../db/client';
import { consultants } from '../../db/schema/consultants';
import type { AppDeps } from '../../deps';
import { renderSimpleEmail } from '../../platform/email-layout';
import type { OutgoingMail } from '../../platform/mail';
import { siteStaff, type Recipient } from '../../platform/notify/recipients';
import type { SiteSlice } from '../../platform/site-slice';
import type { SiteBrand } from '../../platform/site-brand';

/*
 * Who hears about a status change and what they read. The candidate gets one email per application; the site's
 * admins and each job's consultant get one email per request listing what changed. Every email is queued in the
 * change's transaction with a dedupe key made of the history rows it reports and its recipient, so the same change
 * is never mailed twice, and a retried request (which changes nothing the second time) queues nothing.
 */

export const events = {
  candidate: 'application.status.candidate',
  admin: 'application.status.admin',
  consultant: 'application.status.consultant',
} as const;

/** One application's change, as the emails report it. */
export interface Change {
  applicationId: string;
  historyId: string;
  candidateName: string;
  jobTitle: string;
  from: ApplicationStatus;
  to: ApplicationStatus;
  consultantId: string | null;
}

export type { Recipient };

export interface Wording {
  site: SiteBrand;
  labels: Map<ApplicationStatus, string>;
  appUrl: string;
}

/** Enabled account admins of the account and site managers of the site. */
export const adminRecipients = (db: DbOrTx, s: SiteSlice) => siteStaff(db, s);

/** The enabled consultants among `ids` that have an email address. */
export async function consultantRecipients(db: DbOrTx, accountId: string, ids: string[]): Promise<Recipient[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: consultants.id, name: consultants.name, email: consultants.email })
    .from(consultants)
    .where(and(inArray(consultants.id, ids), eq(consultants.accountId, accountId), eq(consultants.enabled, true), isNotNull(consultants.email)))
    .orderBy(asc(consultants.name), asc(consultants.id));
  return rows.map((r) => ({ ...r, email: r.email! }));
}

/** What each status means to the candidate, said kindly. */
const candidateBody: Record<ApplicationStatus, (title: string) => string> = {
  applied: (t) => `Thank you for applying for “${t}”. We have received your application and will be in touch.`,
  registered: (t) => `Your application for “${t}” has been registered. We will let you know about the next steps.`,
  new: (t) => `Your application for “${t}” is now with our recruitment team, who will review it shortly.`,
  invited: (t) => `We would like to invite you to take the next step for “${t}”. We will contact you shortly with the details.`,
  screening: (t) => `Your application for “${t}” is being reviewed by our team. Thank you for your patience.`,
  shortlisted: (t) => `Good news: you have been shortlisted for “${t}”. We will be in touch about the next steps.`,
  interviewed: (t) => `Thank you for interviewing for “${t}” and for the time you spent with us. We will let you know the outcome as soon as we can.`,
  offered: (t) => `Congratulations! We are delighted to offer you the role of “${t}”. We will be in touch with the details.`,
  unsuccessful: (t) =>
    `Thank you for your interest in “${t}”. After careful consideration, we will not be taking your application further on this occasion. We wish you every success in your search.`,
  withdrawn: (t) => `Your application for “${t}” has been withdrawn.`,
};

export function candidateEmail(w: Wording, c: { name: string; jobTitle: string; to: ApplicationStatus }) {
  const label = w.labels.get(c.to) ?? c.to;
  const subject = `Your application for ${c.jobTitle}: ${label}`;
  const { html, text } = renderSimpleEmail({
    brand: w.site.name,
    color: w.site.color,
    heading: subject,
    paragraphs: [`Dear ${c.name},`, candidateBody[c.to](c.jobTitle), 'Kind regards,', `The ${w.site.name} team`],
    footer: `You are receiving this email because you applied for a job through ${w.site.name}.`,
  });
  return { subject, html, text };
}

/** The candidate's email about one change, ready for the outbox (queued together with the others of the request). */
export function candidateMail(w: Wording, s: SiteSlice, change: Change, to: { seekerId: string; name: string; email: string }): OutgoingMail {
  const mail = candidateEmail(w, { name: to.name, jobTitle: change.jobTitle, to: change.to });
  return {
    to: to.email,
    toName: to.name,
    ...mail,
    event: events.candidate,
    dedupeKey: `${events.candidate}:${change.historyId}:${to.seekerId}`,
    accountId: s.accountId,
    siteId: s.siteId,
  };
}

/** Lists at most this many applications in one summary; the link shows the rest. */
const MAX_LINES = 50;

/** The same set of history rows always gives the same key (order does not matter). */
const digest = (changes: Change[]) =>
  createHash('sha256')
    .update(changes.map((c) => c.historyId).sort().join(','))
    .digest('hex')
    .slice(0, 32);

function summary(w: Wording, changes: Change[], opening: string) {
  const to = changes[0]!.to;
  const label = w.labels.get(to) ?? to;
  const one = changes.length === 1;
  const subject = one ? `Application moved to ${label}: ${changes[0]!.candidateName}` : `${changes.length} applications moved to ${label}`;
  const base = `${w.appUrl}/${w.site.accountSlug}/${w.site.slug}/applications`;
  const lines = changes
    .slice(0, MAX_LINES)
    .map((c) => `${c.candidateName} – ${c.jobTitle} (was ${w.labels.get(c.from) ?? c.from})`);
  const more = changes.length > MAX_LINES ? [`…and ${changes.length - MAX_LINES} more.`] : [];
  return renderMail(w, subject, [opening, ...lines, ...more], {
    label: one ? 'View the application' : 'View applications',
    url: one ? `${base}/${changes[0]!.applicationId}/overview` : `${base}?status=${to}`,
  });
}

function renderMail(w: Wording, subject: string, paragraphs: string[], action: { label: string; url: string }) {
  const { html, text } = renderSimpleEmail({ brand: w.site.name, color: w.site.color, heading: subject, paragraphs, action });
  return { subject, html, text };
}

/** One email per admin and one per consultant (their jobs' applications only) for the whole request. */
export async function queueSummaries(
  deps: AppDeps,
  tx: Tx,
  w: Wording,
  s: SiteSlice,
  changes: Change[],
  notify: NotifyChoice,
  actorName: string,
) {
  if (!changes.length) return;
  const label = w.labels.get(changes[0]!.to) ?? changes[0]!.to;
  const count = changes.length === 1 ? 'an application' : `${changes.length} applications`;
  if (notify.admin) {
    const mail = summary(w, changes, `${actorName} moved ${count} on ${w.site.name} to “${label}”:`);
    const key = digest(changes);
    for (const r of await adminRecipients(tx, s))
      await deps.mailer.queue(tx, { to: r.email, toName: r.name, ...mail, event: events.admin, dedupeKey: `${events.admin}:${key}:${r.id}`, accountId: s.accountId, siteId: s.siteId });
  }
  if (notify.consultants) {
    const ids = [...new Set(changes.map((c) => c.consultantId).filter((id): id is string => id !== null))];
    for (const r of await consultantRecipients(tx, s.accountId, ids)) {
      const theirs = changes.filter((c) => c.consultantId === r.id);
      const mine = theirs.length === 1 ? 'an application for your job' : `${theirs.length} applications for your jobs`;
      const mail = summary(w, theirs, `Hello ${r.name}, ${actorName} moved ${mine} to “${label}”:`);
      await deps.mailer.queue(tx, {
        to: r.email,
        toName: r.name,
        ...mail,
        event: events.consultant,
        dedupeKey: `${events.consultant}:${digest(theirs)}:${r.id}`,
        accountId: s.accountId,
        siteId: s.siteId,
      });
    }
  }
}
