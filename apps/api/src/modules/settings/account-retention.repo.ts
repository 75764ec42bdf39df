import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/tenancy';

/** The account's retention periods in days, as stored (migration 0024). */
export const retentionColumns = {
  auditDays: accounts.retentionAuditDays,
  mailDays: accounts.retentionMailDays,
  notificationDays: accounts.retentionNotificationDays,
  applicationDays: accounts.retentionApplicationDays,
  candidateDays: accounts.retentionCandidateDays,
};

export interface RetentionRow {
  auditDays: number;
  mailDays: number;
  notificationDays: number;
  applicationDays: number;
  candidateDays: number;
}

/** Undefined for no such account. */
export async function retentionOf(db: DbOrTx, accountId: string): Promise<RetentionRow | undefined> {
  const [row] = await db.select(retentionColumns).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

export async function setRetention(db: DbOrTx, accountId: string, values: Partial<RetentionRow>) {
  await db
    .update(accounts)
    .set({
      retentionAuditDays: values.auditDays,
      retentionMailDays: values.mailDays,
      retentionNotificationDays: values.notificationDays,
      retentionApplicationDays: values.applicationDays,
      retentionCandidateDays: values.candidateDays,
    })
    .where(eq(accounts.id, accountId));
}
