import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { memberships, roles, users } from '../../db/schema/identity';
import { sites } from '../../db/schema/tenancy';

/* What an employer's registration on a board reads and writes: the site's settings, the employer, its first user. */

export type NewEmployer = Omit<typeof employers.$inferInsert, 'id' | 'creditBalance' | 'createdAt' | 'updatedAt'>;

export async function siteSettingsOf(db: DbOrTx, site: { id: string; accountId: string }) {
  const [row] = await db
    .select({ settings: sites.settings })
    .from(sites)
    .where(and(eq(sites.id, site.id), eq(sites.accountId, site.accountId)))
    .limit(1);
  return row?.settings ?? null;
}

/** Staff users are one per email in the enterprise (users_enterprise_email_unique), whatever they belong to. */
export async function findUser(db: DbOrTx, enterpriseId: string, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale, enabled: users.enabled })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.email, email)))
    .limit(1);
  return row ?? null;
}

/** The account's Employer admin role, the one the employers module gives an employer's admins (packages/access roles.ts). */
export async function employerAdminRole(db: DbOrTx, accountId: string) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.level, 'employer'), eq(roles.key, 'employer_admin')))
    .limit(1);
  return row ?? null;
}

export async function insertEmployer(db: DbOrTx, values: NewEmployer) {
  const [row] = await db.insert(employers).values(values).returning();
  return row!;
}

export async function insertUser(db: DbOrTx, values: { enterpriseId: string; email: string; name: string; passwordHash: string; locale: string }) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id, name: users.name, email: users.email, locale: users.locale });
  return row!;
}

export async function insertEmployerMembership(
  db: DbOrTx,
  m: { userId: string; enterpriseId: string; accountId: string; siteId: string; employerId: string; roleId: string },
) {
  await db.insert(memberships).values({ ...m, scopeType: 'employer' });
}
