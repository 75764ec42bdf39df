import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userMfa, userRecoveryCodes } from '../../db/schema/mfa';
import { users } from '../../db/schema/identity';

/** Removes a person's authenticator and recovery codes; true when two-step sign-in was on (not a setup in progress). */
export async function removeMfa(db: DbOrTx, userId: string) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const rows = await db.delete(userMfa).where(eq(userMfa.userId, userId)).returning({ confirmedAt: userMfa.confirmedAt });
  return rows.some((r) => r.confirmedAt !== null);
}

/** The person's own language, which their emails are written in. */
export async function localeOf(db: DbOrTx, userId: string) {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale ?? 'en';
}
