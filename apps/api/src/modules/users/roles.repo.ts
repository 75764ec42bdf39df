import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { MembershipScope } from '@hireline/contract/account-users';
import type { DbOrTx } from '../../db/client';
import { memberships, roles } from '../../db/schema/identity';

/* The account's roles: its copies of the default bundles and its custom ones. */

const roleColumns = {
  id: roles.id,
  key: roles.key,
  name: roles.name,
  level: roles.level,
  permissions: roles.permissions,
  // Qualified by hand: drizzle writes bare column names in a one-table query, and a bare "id" here is the membership's.
  membersCount: sql<number>`(select count(*)::int from ${memberships} where ${memberships.roleId} = "roles"."id")`,
};

/**
 * The roles an account gives: an enterprise-level bundle never counts as one of an account's (older data copied
 * every default bundle, the enterprise admin's included, into each account).
 */
const ofAccount = (accountId: string) => and(eq(roles.accountId, accountId), ne(roles.level, 'enterprise'));

/** Level, then name: account roles first, as the editor lists them. */
export async function accountRoles(db: DbOrTx, accountId: string) {
  return db
    .select(roleColumns)
    .from(roles)
    .where(ofAccount(accountId))
    .orderBy(sql`case ${roles.level} when 'account' then 0 when 'site' then 1 when 'employer' then 2 else 3 end`, asc(roles.name), asc(roles.id));
}
export type RoleRow = Awaited<ReturnType<typeof accountRoles>>[number];

/** One role of the account, or null (another account's is "not found"). `lock` serialises edits and deletion. */
export async function findRole(db: DbOrTx, accountId: string, id: string, opts: { lock?: boolean } = {}): Promise<RoleRow | null> {
  const q = db.select(roleColumns).from(roles).where(and(eq(roles.id, id), ofAccount(accountId))).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Another role of the account with this name, ignoring case. */
export async function nameTaken(db: DbOrTx, accountId: string, name: string, exceptId: string | null) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), sql`lower(${roles.name}) = lower(${name})`, exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function roleKeys(db: DbOrTx, accountId: string) {
  const rows = await db.select({ key: roles.key }).from(roles).where(eq(roles.accountId, accountId));
  return rows.map((r) => r.key);
}

export async function insertRole(
  db: DbOrTx,
  r: { enterpriseId: string; accountId: string; key: string; name: string; level: MembershipScope; permissions: string[] },
) {
  const [row] = await db.insert(roles).values(r).returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(db: DbOrTx, id: string, patch: { name?: string; permissions?: string[] }) {
  await db.update(roles).set({ ...patch, updatedAt: new Date() }).where(eq(roles.id, id));
}

export async function deleteRole(db: DbOrTx, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}
