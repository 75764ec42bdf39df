import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { NotifyChoice } from '@hireline/contract/applications';
import { candidateStatusKind } from '@hireline/contract/email-kinds';
import type { ApplicationStatus, UserLocale } from '@hireline/contract/enums';
import type { DbOrTx, Tx } from '../../db/client';
import { consultants } from '../../db/schema/consultants';
import type { AppDeps } from '../../deps';
import { escapeHtml } from '../../platform/email-layout';
import type { OutgoingMail } from '../../platform/mail';
import { composeMail, siteLocale } from '../../platform/notify/compose';
import { asLocale } from '../../platform/notify/locale';
import { siteStaff, type Recipient } from '../../platform/notify/recipients';
import type { SiteSlice } from '../../platform/site-slice';
import type { SiteBrand } from '../../platform/site-brand';

/*
 * Who hears about a status change and what they read. The candidate gets one email per application, worded for the
 * status it moved to (a site words an offer unlike a rejection: `application.status.<status>`), in the site's
 * language and linking to the board; the site's admins and each job's consultant get one summary per request
 * listing what changed, in their language and linking to the portal. Every email is queued in the change's
 * transaction with a dedupe key made of the history rows it reports and its recipient, so the same change is never
 * mailed twice, and a retried request (which changes nothing the second time) queues nothing.
 */

export const events = {
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
  /** The site's default language: candidates' and consultants' (neither has one of their own). */
  locale: UserLocale;
}

/** Enabled account admins of the account and site managers of the site. */
export const adminRecipients = (db: DbOrTx, s: SiteSlice) => siteStaff(db, s);

/** The enabled consultants among `ids` that have an email address. */
export async function consultantRecipients(db: DbOrTx, accountId: string, ids: string[]): Promise<Recipient[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: consultants.id,
      name: consultants.name,
      email: consultants.email,
    })
    .from(consultants)
    .where(and(inArray(consultants.id, ids), eq(consultants.accountId, accountId), eq(consultants.enabled, true), isNotNull(consultants.email)))
    .orderBy(asc(consultants.name), asc(consultants.id));
  return rows.map((r) => ({ ...r, email: r.email! }));
}

export const wordingLocale = (db: DbOrTx, s: SiteSlice) => siteLocale(db, s.accountId, s.siteId);

/** The candidate's email about one change, ready for the outbox (queued together with the others of the request). */
export function candidateMail(
  deps: AppDeps,
  db: DbOrTx,
  w: Wording,
  s: SiteSlice,
  change: Change,
  to: { seekerId: string; name: string; email: string },
) {
  const kind = candidateStatusKind(change.to);
  return composeMail(deps, db, {
    kind,
    accountId: s.accountId,
    siteId: s.siteId,
    audience: 'board',
    to: { email: to.email, name: to.name, locale: w.locale },
    vars: {
      job_title: change.jobTitle,
      status_label: w.labels.get(change.to) ?? change.to,
    },
    action: '/me/applications',
    dedupeKey: `${kind}:${change.historyId}:${to.seekerId}`,
  });
}

/** What the candidate would read (the status dialog's preview). */
export async function candidateEmail(
  deps: AppDeps,
  db: DbOrTx,
  w: Wording,
  s: SiteSlice,
  c: { name: string; email: string; jobTitle: string; to: ApplicationStatus },
) {
  const change = {
    applicationId: '',
    historyId: 'preview',
    candidateName: c.name,
    jobTitle: c.jobTitle,
    from: c.to,
    to: c.to,
    consultantId: null,
  };
  const mail = await candidateMail(deps, db, w, s, change, {
    seekerId: 'preview',
    name: c.name,
    email: c.email,
  });
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

/** Lists at most this many applications in one summary; the link shows the rest. */
const MAX_LINES = 50;

/** The same set of history rows always gives the same key (order does not matter). */
const digest = (changes: Change[]) =>
  createHash('sha256')
    .update(
      changes
        .map((c) => c.historyId)
        .sort()
        .join(','),
    )
    .digest('hex')
    .slice(0, 32);

/** `{{application_list}}`: pre-rendered HTML, every value escaped here. */
function applicationList(w: Wording, changes: Change[]) {
  const label = (st: ApplicationStatus) => escapeHtml(w.labels.get(st) ?? st);
  const lines = changes
    .slice(0, MAX_LINES)
    .map((c) => `<li>${escapeHtml(c.candidateName)} – ${escapeHtml(c.jobTitle)} (${label(c.from)} → ${label(c.to)})</li>`);
  if (changes.length > MAX_LINES) lines.push(`<li>… +${changes.length - MAX_LINES}</li>`);
  return `<ul>${lines.join('')}</ul>`;
}

/** One summary, for staff on the portal: one application opens it, several open the list at that status. */
function summary(
  deps: AppDeps,
  tx: Tx,
  w: Wording,
  s: SiteSlice,
  kind: 'application.status.admin' | 'application.status.consultant',
  r: Recipient,
  changes: Change[],
  actorName: string,
  dedupeKey: string,
) {
  const to = changes[0]!.to;
  const base = `/${w.site.accountSlug}/${w.site.slug}/applications`;
  return composeMail(deps, tx, {
    kind,
    accountId: s.accountId,
    siteId: s.siteId,
    audience: 'portal',
    to: {
      email: r.email,
      name: r.name,
      locale: r.locale ? asLocale(r.locale) : w.locale,
    },
    vars: {
      actor_name: actorName,
      status_label: w.labels.get(to) ?? to,
      application_list: applicationList(w, changes),
    },
    action: changes.length === 1 ? `${base}/${changes[0]!.applicationId}/overview` : `${base}?status=${to}`,
    dedupeKey,
  });
}

/** One email per admin and one per consultant (their jobs' applications only) for the whole request. */
export async function queueSummaries(deps: AppDeps, tx: Tx, w: Wording, s: SiteSlice, changes: Change[], notify: NotifyChoice, actorName: string) {
  if (!changes.length) return;
  const mails: OutgoingMail[] = [];
  if (notify.admin) {
    const key = digest(changes);
    for (const r of await adminRecipients(tx, s))
      mails.push(await summary(deps, tx, w, s, events.admin, r, changes, actorName, `${events.admin}:${key}:${r.id}`));
  }
  if (notify.consultants) {
    const ids = [...new Set(changes.map((c) => c.consultantId).filter((id): id is string => id !== null))];
    for (const r of await consultantRecipients(tx, s.accountId, ids)) {
      const theirs = changes.filter((c) => c.consultantId === r.id);
      mails.push(await summary(deps, tx, w, s, events.consultant, r, theirs, actorName, `${events.consultant}:${digest(theirs)}:${r.id}`));
    }
  }
  await deps.mailer.queue(tx, mails);
}
