import { and, asc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailOutbox } from '../db/schema/platform';
import type { TestApp } from './harness';

/*
 * The one place API tests read the outbox (mail is queued there, then sent): everything to an address, one event's
 * mail to an address, the application-status mail a request added, one event's recipients; and the links in a mail.
 */

/** Every mail queued to this address (any event), oldest first. */
export async function allMailTo(t: TestApp, email: string) {
  return t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

/** The mail of one event (or events starting with `eventPrefix`) queued to one address, oldest first. */
export async function eventMailTo(t: TestApp, to: string, eventPrefix = '') {
  return t.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, to), like(emailOutbox.event, `${eventPrefix}%`)))
    .orderBy(asc(emailOutbox.createdAt));
}

/** The application-status emails queued so far; pass it to {@link newMail} to see what a request added. */
export async function mailMark(t: TestApp) {
  const rows = await t.deps.db.select({ id: emailOutbox.id }).from(emailOutbox).where(like(emailOutbox.event, 'application.status%'));
  return new Set(rows.map((r) => r.id));
}

/** Application-status emails queued since `mark`, sorted by event then recipient so tests can compare them. */
export async function newMail(t: TestApp, mark: Set<string>) {
  const rows = await t.deps.db.select().from(emailOutbox).where(like(emailOutbox.event, 'application.status%')).orderBy(asc(emailOutbox.createdAt));
  return rows.filter((r) => !mark.has(r.id)).sort((x, y) => x.event.localeCompare(y.event) || x.toEmail.localeCompare(y.toEmail));
}

/** The recipients, sorted, of one event's mail about one subject (`key` in its dedupe key). */
export async function mailsFor(t: TestApp, event: string, key: string) {
  const rows = await t.deps.db.select({ to: emailOutbox.toEmail, key: emailOutbox.dedupeKey, subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.event, event));
  return rows.filter((r) => r.key?.startsWith(`${event}:${key}:`)).map((r) => r.to).sort();
}

/** The invitation link's token from an invitation email. */
export function tokenFromMail(text: string): string {
  const m = /\/auth\/invitation\?token=([^\s"&]+)/.exec(text);
  if (!m) throw new Error(`no invitation link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

/** The token of the link to `path` in a mail's text, checking the link points at the board it came from. */
export function linkToken(mail: { text: string }, origin: string, path: '/verify' | '/reset-password') {
  const escaped = `${origin}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  expect(m, mail.text).not.toBeNull();
  return decodeURIComponent(m![1]!);
}
