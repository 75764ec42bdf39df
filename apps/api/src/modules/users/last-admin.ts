import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships, roles, users } from '../../db/schema/identity';
import { conflict } from '../../platform/errors';
import { lastAdminMessages } from '@hireline/contract/admin-messages';

/*
 * Nobody removes the last way back into an account: its last enabled account admin (accepted, at the account) cannot be
 * disabled, removed or given other access, and the built-in account admin role keeps `all` (roles.service). The
 * account's account_admin role row is locked first, so two admins taking each other's access at once are serialised.
 */

export { lastAdminMessages };

export const ACCOUNT_ADMIN = 'account_admin';

interface HeldMembership {
  scope: string;
  roleKey: string;
}

export const isAccountAdmin = (ms: readonly HeldMembership[]) => ms.some((m) => m.scope === 'account' && m.roleKey === ACCOUNT_ADMIN);

/** 409 when `userId`, an enabled and accepted account admin now, is the account's only one and would stop being one. */
export async function mustLeaveAnAdmin(tx: Tx, accountId: string, userId: string, now: { enabled: boolean; invited: boolean; memberships: HeldMembership[] }) {
  if (!now.enabled || now.invited || !isAccountAdmin(now.memberships)) return;
  await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.accountId, accountId), eq(roles.key, ACCOUNT_ADMIN))).for('update');
  const [row] = await tx
    .select({ n: count() })
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
        ne(users.id, userId),
      ),
    );
  if ((row?.n ?? 0) === 0) throw conflict(lastAdminMessages.lastAdmin);
}
