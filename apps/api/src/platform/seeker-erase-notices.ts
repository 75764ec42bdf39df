import { and, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { applications } from '../db/schema/applications';
import { notifications } from '../db/schema/notifications';
import { emailOutbox } from '../db/schema/platform';
import { seekers } from '../db/schema/seekers';
import { escapeHtml } from './email-layout';

/*
 * What the staff were told about a candidate names them: "Ann Applicant applied for …" in the inbox and in email
 * (queued, or kept as sent). Erasing the candidate rewrites those of the account's application notices and mails
 * that carry one of the names they went by (the profile's, and the one on each application), as written and as
 * escaped in HTML, to the erased name; the notices stay, so the staff's history still adds up. Only notices about
 * applications are touched, so a person of the same name elsewhere in the account (a user, an employer) keeps theirs;
 * another candidate of exactly the same name in the same notices would lose it too, which errs on the side of privacy.
 */

/** Every name the seeker went by in the account, read before the erase blanks them. */
export async function namesOf(tx: DbOrTx, seeker: { id: string; accountId: string }): Promise<string[]> {
  const [profile] = await tx.select({ name: seekers.name }).from(seekers).where(eq(seekers.id, seeker.id)).limit(1);
  const onApplications = await tx
    .selectDistinct({ name: applications.candidateName })
    .from(applications)
    .where(and(eq(applications.seekerId, seeker.id), eq(applications.accountId, seeker.accountId)));
  const names = [profile?.name, ...onApplications.map((a) => a.name)].map((n) => n?.trim() ?? '');
  // Longest first, so a name that contains another is replaced whole.
  return [...new Set(names.filter((n) => n.length > 0))].sort((a, b) => b.length - a.length);
}

/** Each name, and its HTML-escaped form, replaced with `erased` in `column`. */
function scrubbed(column: AnyPgColumn, names: string[], erased: string): SQL {
  let expr: SQL = sql`${column}`;
  for (const name of names) {
    expr = sql`replace(${expr}, ${name}, ${erased})`;
    if (escapeHtml(name) !== name) expr = sql`replace(${expr}, ${escapeHtml(name)}, ${escapeHtml(erased)})`;
  }
  return expr;
}

function mentions(columns: AnyPgColumn[], names: string[]): SQL {
  const forms = [...new Set(names.flatMap((n) => [n, escapeHtml(n)]))];
  return or(...columns.flatMap((c) => forms.map((f) => sql`strpos(${c}, ${f}) > 0`)))!;
}

export async function eraseNameFromStaffNotices(tx: DbOrTx, accountId: string, names: string[], erased: string) {
  if (!names.length) return;
  const inbox = [notifications.subject, notifications.content];
  await tx
    .update(notifications)
    .set({ subject: scrubbed(notifications.subject, names, erased), content: scrubbed(notifications.content, names, erased) })
    .where(and(eq(notifications.accountId, accountId), like(notifications.event, 'application.%'), mentions(inbox, names)));
  const mail = [emailOutbox.subject, emailOutbox.html, emailOutbox.text];
  await tx
    .update(emailOutbox)
    .set({
      subject: scrubbed(emailOutbox.subject, names, erased),
      html: scrubbed(emailOutbox.html, names, erased),
      text: scrubbed(emailOutbox.text, names, erased),
    })
    .where(and(eq(emailOutbox.accountId, accountId), like(emailOutbox.event, 'application.%'), mentions(mail, names)));
}
