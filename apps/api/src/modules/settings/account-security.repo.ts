import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema/tenancy';

/** Whether the account requires two-step sign-in of its staff; null for no such account. */
export async function requireMfaOf(db: DbOrTx, accountId: string) {
  const [row] = await db.select({ requireMfa: accounts.requireMfa }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row ? row.requireMfa : null;
}

export async function setRequireMfa(db: DbOrTx, accountId: string, requireMfa: boolean) {
  await db.update(accounts).set({ requireMfa }).where(eq(accounts.id, accountId));
}
