import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/tenancy';

export interface MailSenderRow {
  mailFromAddress: string | null;
  mailReplyTo: string | null;
}

/** The account's own sender address and Reply-To; undefined for no such account. */
export async function mailSenderOf(db: DbOrTx, accountId: string): Promise<MailSenderRow | undefined> {
  const [row] = await db
    .select({ mailFromAddress: accounts.mailFromAddress, mailReplyTo: accounts.mailReplyTo })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}

export async function setMailSender(db: DbOrTx, accountId: string, values: Partial<MailSenderRow>) {
  await db.update(accounts).set(values).where(eq(accounts.id, accountId));
}
