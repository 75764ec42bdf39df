import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userMfa, userRecoveryCodes } from '../../db/schema/mfa';
import { accounts } from '../../db/schema/tenancy';

/** Removes a person's authenticator and recovery codes; true when two-step sign-in was on (not a setup in progress). */
export async function removeMfa(db: DbOrTx, userId: string) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const rows = await db.delete(userMfa).where(eq(userMfa.userId, userId)).returning({ confirmedAt: userMfa.confirmedAt });
  return rows.some((r) => r.confirmedAt !== null);
}

export async function accountName(db: DbOrTx, accountId: string) {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.name ?? '';
}
