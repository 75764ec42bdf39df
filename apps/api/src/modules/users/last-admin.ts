import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { memberships, roles, users } from '../../db/schema/identity';
import { lastAdminMessages } from '@hireline/contract/admin-messages';
import { ACCOUNT_ADMIN } from './user.policy';

/*
 * The account's admins, for the rule that nobody removes the last way back into an account (user.policy decides:
 * its last enabled account admin cannot be disabled, removed or given other access), and the built-in account admin
 * role keeps `all` (roles.service).
 */

export { ACCOUNT_ADMIN, lastAdminMessages };

/** Enabled account admins of the account who have accepted, at the account itself (but `except`). */
const enabledAdmins = (db: DbOrTx, accountId: string, except?: string) =>
  db
    .selectDistinct({ id: users.id })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.scopeType, 'account'),
        eq(roles.key, ACCOUNT_ADMIN),
        isNotNull(memberships.acceptedAt),
        eq(users.enabled, true),
        except ? ne(users.id, except) : undefined,
      ),
    );

/**
 * Whether the account has an enabled admin besides `userId`. The account's account_admin role row is locked first,
 * so two admins taking each other's access at once are serialised and the second sees the first's change.
 */
export async function anotherAdmin(tx: Tx, accountId: string, userId: string): Promise<boolean> {
  await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.key, ACCOUNT_ADMIN))).for('update');
  const [row] = await enabledAdmins(tx, accountId, userId).limit(1);
  return Boolean(row);
}

/** Two of the account's enabled admins at most: enough to tell, for everyone on a page, whether another than them exists. */
export async function someAdmins(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await enabledAdmins(db, accountId).limit(2);
  return rows.map((r) => r.id);
}
