import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema/platform';

export interface OutgoingMail {
  to: string;
  toName?: string | null;
  subject: string;
  html: string;
  text: string;
  /** What happened, e.g. `auth.password_reset`. */
  event: string;
  /** One email per key, ever: queuing the same key twice is a no-op. */
  dedupeKey: string;
  accountId?: string | null;
  siteId?: string | null;
  locale?: string;
}

/** Sends one message; the development transport only records that it was "sent". */
export interface MailTransport {
  kind: 'smtp' | 'viewer' | 'off';
  /** `messageId` is the outbox row's: a receiver can tell a resend after a crash from a new message. */
  send(mail: { from: string; to: string; subject: string; html: string; text: string; messageId: string }): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(m) {
      await transporter.sendMail(m);
    },
  };
}

/** Keeps mail in the outbox table, readable in the portal's development mail viewer. */
export const viewerTransport: MailTransport = { kind: 'viewer', async send() {} };

/** Neither delivered nor shown (MAIL_VIEWER=0 without SMTP_URL): the outbox still records what would have gone. */
export const offTransport: MailTransport = { kind: 'off', async send() {} };

export interface Mailer {
  transport: MailTransport;
  /** Queues inside the caller's transaction, so mail exists exactly when the change does; a list is one INSERT. */
  queue(db: DbOrTx, mail: OutgoingMail | OutgoingMail[]): Promise<void>;
  /** Delivers what is due; returns how many were sent. Safe to run from several processes. */
  deliverDue(limit?: number): Promise<number>;
}

const MAX_ATTEMPTS = 6;

export function createMailer(db: Db, transport: MailTransport, from: string): Mailer {
  return {
    transport,
    async queue(tx, mail) {
      const list = Array.isArray(mail) ? mail : [mail];
      if (!list.length) return;
      await tx
        .insert(emailOutbox)
        .values(list.map((m) => ({
          accountId: m.accountId ?? null,
          siteId: m.siteId ?? null,
          event: m.event,
          dedupeKey: m.dedupeKey,
          toEmail: m.to,
          toName: m.toName ?? null,
          locale: m.locale ?? 'en',
          subject: m.subject,
          html: m.html,
          text: m.text,
          status: 'queued' as const,
          nextAttemptAt: new Date(),
        })))
        .onConflictDoNothing({ target: emailOutbox.dedupeKey });
    },
    async deliverDue(limit = 20) {
      const due = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, new Date())))
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(limit);
      let sent = 0;
      for (const { id } of due) {
        // Claiming with a conditional update means two processes never send the same row. The claim time is
        // kept in next_attempt_at so `requeueStuck` only reclaims rows whose sender has been gone a while.
        const [row] = await db
          .update(emailOutbox)
          .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date() })
          .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')))
          .returning();
        if (!row) continue;
        try {
          await transport.send({ from, to: row.toEmail, subject: row.subject, html: row.html, text: row.text, messageId: `<${row.id}@hireline.mail>` });
          await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, id));
          sent++;
        } catch (err) {
          const attempts = row.attempts;
          const failed = attempts >= MAX_ATTEMPTS;
          await db
            .update(emailOutbox)
            .set({
              status: failed ? 'failed' : 'queued',
              lastError: String((err as Error).message ?? err).slice(0, 1000),
              nextAttemptAt: new Date(Date.now() + 2 ** attempts * 30_000),
            })
            .where(eq(emailOutbox.id, id));
        }
      }
      return sent;
    },
  };
}

/** Rows left in `sending` by a process that died mid-send (claimed over `olderThanMs` ago) go back to the queue. */
export async function requeueStuck(db: Db, olderThanMs = 10 * 60_000) {
  const stale = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'sending'), lte(emailOutbox.nextAttemptAt, new Date(Date.now() - olderThanMs))));
  if (stale.length)
    await db.update(emailOutbox).set({ status: 'queued' }).where(inArray(emailOutbox.id, stale.map((r) => r.id)));
}
