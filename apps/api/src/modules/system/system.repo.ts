import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema/platform';
import type { Mailbox } from '../../platform/mail';
import { newestFirst } from '../../platform/order';
import { likeContains as contains } from '../../platform/text-search';

export interface MailReach {
  all: boolean;
  accountIds: string[];
  email: string;
}

function visible(reach: MailReach): SQL | undefined {
  if (reach.all) return undefined;
  return or(
    eq(emailOutbox.toEmail, reach.email),
    reach.accountIds.length ? inArray(emailOutbox.accountId, reach.accountIds) : undefined,
  );
}

const columns = {
  id: emailOutbox.id,
  to: emailOutbox.toEmail,
  from_name: emailOutbox.fromName,
  from_address: emailOutbox.fromAddress,
  reply_to: emailOutbox.replyTo,
  subject: emailOutbox.subject,
  event: emailOutbox.event,
  status: emailOutbox.status,
  created_at: emailOutbox.createdAt,
  sent_at: emailOutbox.sentAt,
};

type Row = { created_at: Date; sent_at: Date | null; from_name: string | null; from_address: string | null };

/** As the viewer shows it; a row queued before senders were stored went out as MAIL_FROM (`fallback`). */
const shown = <T extends Row>({ from_name, from_address, ...r }: T, fallback: Mailbox) => {
  const name = from_name ?? fallback.name;
  const address = from_address ?? fallback.address;
  return {
    ...r,
    from: name ? `${name} <${address}>` : address,
    created_at: r.created_at.toISOString(),
    sent_at: r.sent_at?.toISOString() ?? null,
  };
};

export async function listMailFor(db: DbOrTx, reach: MailReach, fallback: Mailbox, page: number, perPage: number, q?: string) {
  const where = and(
    visible(reach),
    q ? or(ilike(emailOutbox.toEmail, contains(q)), ilike(emailOutbox.subject, contains(q))) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(emailOutbox).where(where).orderBy(...newestFirst(emailOutbox.createdAt)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { data: rows.map((r) => shown(r, fallback)), meta: { page, per_page: perPage, total: total?.n ?? 0 } };
}

export async function findMail(db: DbOrTx, id: string, reach: MailReach, fallback: Mailbox) {
  const [row] = await db
    .select({ ...columns, html: emailOutbox.html, text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), visible(reach)))
    .limit(1);
  return row ? shown(row, fallback) : null;
}
