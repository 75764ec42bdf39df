import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { Db, DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema/platform';
import { accounts, sites } from '../db/schema/tenancy';

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

/** A From: the display name travels apart from the address so the transport encodes it (quotes, commas, Arabic). */
export interface Mailbox {
  name: string;
  address: string;
}

/** Who an email speaks as, decided when it is queued and stored on its outbox row. */
export interface Sender extends Mailbox {
  replyTo: string | null;
}

/** Splits MAIL_FROM (`Name <address>` or a bare address) into its name and address. */
export function parseMailbox(value: string): Mailbox {
  const [first] = addressparser(value, { flatten: true });
  return { name: first?.name ?? '', address: first?.address || value.trim() };
}

/** Sends one message; the development transport only records that it was "sent". */
export interface MailTransport {
  kind: 'smtp' | 'viewer' | 'off';
  /** `messageId` is the outbox row's: a receiver can tell a resend after a crash from a new message. */
  send(mail: {
    from: Mailbox;
    /** The SMTP envelope sender (where bounces go): the deployment's MAIL_FROM address, whatever the From says. */
    envelopeFrom: string;
    replyTo?: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    messageId: string;
  }): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send({ envelopeFrom, ...m }) {
      // An empty name would be sent as `"" <address>`: a bare address reads better.
      await transporter.sendMail({ ...m, from: m.from.name ? m.from : m.from.address, envelope: { from: envelopeFrom, to: m.to } });
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

interface Tenants {
  accounts: Map<string, { name: string; fromAddress: string | null; replyTo: string | null }>;
  sites: Map<string, { name: string; accountId: string }>;
}

/**
 * The accounts and sites the listed mail concerns, in one query run in the caller's transaction: on PostgreSQL it
 * sees only what the caller's tenant context lets it see, so a mail can never borrow another tenant's sender.
 */
async function tenantsOf(tx: DbOrTx, list: OutgoingMail[]): Promise<Tenants> {
  const accountIds = [...new Set(list.flatMap((m) => (m.accountId ? [m.accountId] : [])))];
  const siteIds = [...new Set(list.flatMap((m) => (m.siteId ? [m.siteId] : [])))];
  const found: Tenants = { accounts: new Map(), sites: new Map() };
  if (!accountIds.length && !siteIds.length) return found;
  const ofSites = siteIds.length ? inArray(sites.id, siteIds) : sql`false`;
  const ofAccounts = accountIds.length ? inArray(accounts.id, accountIds) : sql`false`;
  const rows = await tx
    .select({
      id: accounts.id,
      name: accounts.name,
      fromAddress: accounts.mailFromAddress,
      replyTo: accounts.mailReplyTo,
      siteId: sites.id,
      siteName: sites.name,
    })
    .from(accounts)
    .leftJoin(sites, and(eq(sites.accountId, accounts.id), ofSites))
    .where(or(ofAccounts, ofSites));
  for (const r of rows) {
    found.accounts.set(r.id, { name: r.name, fromAddress: r.fromAddress, replyTo: r.replyTo });
    if (r.siteId && r.siteName !== null) found.sites.set(r.siteId, { name: r.siteName, accountId: r.id });
  }
  return found;
}

/**
 * The sender of one mail: named after its site (site mail), else its account, else the deployment; from the
 * account's own address and Reply-To when it set them, else the deployment's address and no Reply-To. A site is
 * only taken when it belongs to the mail's account.
 */
function senderOf(m: OutgoingMail, fallback: Mailbox, tenants: Tenants): Sender {
  const site = m.siteId ? tenants.sites.get(m.siteId) : undefined;
  const ownSite = site && (!m.accountId || site.accountId === m.accountId) ? site : undefined;
  const accountId = m.accountId ?? ownSite?.accountId;
  const account = accountId ? tenants.accounts.get(accountId) : undefined;
  return {
    name: ownSite?.name ?? account?.name ?? fallback.name,
    address: account?.fromAddress ?? fallback.address,
    replyTo: account?.replyTo ?? null,
  };
}

/** `from` is the deployment's MAIL_FROM: the address of every mail whose account has none of its own. */
export function createMailer(db: Db, transport: MailTransport, from: string): Mailer {
  const fallback = parseMailbox(from);
  return {
    transport,
    async queue(tx, mail) {
      const list = Array.isArray(mail) ? mail : [mail];
      if (!list.length) return;
      const tenants = await tenantsOf(tx, list);
      await tx
        .insert(emailOutbox)
        .values(
          list.map((m) => {
            const sender = senderOf(m, fallback, tenants);
            return {
              accountId: m.accountId ?? null,
              siteId: m.siteId ?? null,
              fromName: sender.name,
              fromAddress: sender.address,
              replyTo: sender.replyTo,
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
            };
          }),
        )
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
          // Exactly the sender decided when queued; a row queued before senders were stored goes out as MAIL_FROM.
          await transport.send({
            from: { name: row.fromName ?? fallback.name, address: row.fromAddress ?? fallback.address },
            envelopeFrom: fallback.address,
            ...(row.replyTo ? { replyTo: row.replyTo } : {}),
            to: row.toEmail,
            subject: row.subject,
            html: row.html,
            text: row.text,
            messageId: `<${row.id}@hireline.mail>`,
          });
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
