import { and, asc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, oauthProviders, roles, users } from '../../db/schema/identity';
import { accounts, sites } from '../../db/schema/tenancy';

/* SQL of single sign-on: an account's providers (every query filtered by the account) and the user an email names. */

export type ProviderRow = typeof oauthProviders.$inferSelect;
type Editable = 'name' | 'issuer' | 'clientId' | 'clientSecret' | 'allowedDomains' | 'enabled' | 'newUserRoleId' | 'newUserSiteId';
export type ProviderPatch = Partial<Pick<ProviderRow, Editable>>;

/** A provider as admins see it: with the key and name of the role new users get, and the site's name. */
const withNewUsers = {
  ...getTableColumns(oauthProviders),
  newUserRoleKey: roles.key,
  newUserRoleName: roles.name,
  newUserSiteName: sites.name,
};

const listed = (db: DbOrTx) =>
  db
    .select(withNewUsers)
    .from(oauthProviders)
    .leftJoin(roles, eq(roles.id, oauthProviders.newUserRoleId))
    .leftJoin(sites, eq(sites.id, oauthProviders.newUserSiteId));
export type ListedProvider = Awaited<ReturnType<typeof listed>>[number];

export function listProviders(db: DbOrTx, accountId: string) {
  return listed(db).where(eq(oauthProviders.accountId, accountId)).orderBy(asc(oauthProviders.name), asc(oauthProviders.slug));
}

export async function findProvider(db: DbOrTx, accountId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = listed(db)
    .where(and(eq(oauthProviders.accountId, accountId), eq(oauthProviders.id, id)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update', { of: oauthProviders }) : await q;
  return row ?? null;
}

/** A role of the account by key, as new users of a provider would get it. */
export async function findAccountRole(db: DbOrTx, accountId: string, key: string) {
  const [row] = await db
    .select({ id: roles.id, level: roles.level, permissions: roles.permissions })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.key, key)))
    .limit(1);
  return row ?? null;
}

export async function isSiteOfAccount(db: DbOrTx, accountId: string, siteId: string) {
  const [row] = await db.select({ id: sites.id }).from(sites).where(and(eq(sites.accountId, accountId), eq(sites.id, siteId))).limit(1);
  return Boolean(row);
}

/** The provider a sign-in goes through: enabled, of this account, by the slug in its URL. */
export async function findEnabledProviderBySlug(db: DbOrTx, accountId: string, slug: string) {
  const [row] = await db
    .select()
    .from(oauthProviders)
    .where(and(eq(oauthProviders.accountId, accountId), eq(oauthProviders.slug, slug), eq(oauthProviders.enabled, true)))
    .limit(1);
  return row ?? null;
}

/** What the login page offers: names and slugs only. */
export function listEnabledProviders(db: DbOrTx, accountId: string) {
  return db
    .select({ slug: oauthProviders.slug, name: oauthProviders.name })
    .from(oauthProviders)
    .where(and(eq(oauthProviders.accountId, accountId), eq(oauthProviders.enabled, true)))
    .orderBy(asc(oauthProviders.name), asc(oauthProviders.slug));
}

export async function insertProvider(db: DbOrTx, accountId: string, values: Pick<ProviderRow, Editable | 'slug'>) {
  const [row] = await db
    .insert(oauthProviders)
    .values({ ...values, accountId })
    .returning({ id: oauthProviders.id, slug: oauthProviders.slug, issuer: oauthProviders.issuer });
  return row!;
}

export async function updateProvider(db: DbOrTx, accountId: string, id: string, patch: ProviderPatch) {
  await db
    .update(oauthProviders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(oauthProviders.accountId, accountId), eq(oauthProviders.id, id)));
}

export async function deleteProvider(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .delete(oauthProviders)
    .where(and(eq(oauthProviders.accountId, accountId), eq(oauthProviders.id, id)))
    .returning({ id: oauthProviders.id, slug: oauthProviders.slug });
  return row ?? null;
}

/** The staff user an email names in this enterprise (emails are stored lowercased). */
export async function findUserByEmail(db: DbOrTx, enterpriseId: string, email: string) {
  const [row] = await db
    .select({ id: users.id, enabled: users.enabled })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.email, email.toLowerCase())))
    .limit(1);
  return row ?? null;
}

/** Whether this account has an invitation of the person waiting for them to accept it. */
export async function hasPendingInvitation(db: DbOrTx, accountId: string, userId: string) {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), isNull(memberships.acceptedAt)))
    .limit(1);
  return row !== undefined;
}

/** A provider a sign-in may finish through: still enabled, in a still enabled account. */
export async function findSignInProvider(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ provider: oauthProviders })
    .from(oauthProviders)
    .innerJoin(accounts, eq(accounts.id, oauthProviders.accountId))
    .where(and(eq(oauthProviders.accountId, accountId), eq(oauthProviders.id, id), eq(oauthProviders.enabled, true), eq(accounts.enabled, true)))
    .limit(1);
  return row?.provider ?? null;
}

/**
 * The access a provider gives people on their first sign-in, if it gives any that still holds: the role and site are
 * the account's own (checked again here, not only when the admin saved them), a site role comes with its site.
 */
export async function newUserAccess(db: DbOrTx, provider: ProviderRow) {
  if (!provider.newUserRoleId) return null;
  const [role] = await db
    .select({ id: roles.id, key: roles.key, level: roles.level })
    .from(roles)
    .where(and(eq(roles.id, provider.newUserRoleId), eq(roles.accountId, provider.accountId), inArray(roles.level, ['account', 'site'])))
    .limit(1);
  if (!role) return null;
  if (role.level === 'account') return { roleId: role.id, roleKey: role.key, scopeType: 'account' as const, siteId: null };
  if (!provider.newUserSiteId || !(await isSiteOfAccount(db, provider.accountId, provider.newUserSiteId))) return null;
  return { roleId: role.id, roleKey: role.key, scopeType: 'site' as const, siteId: provider.newUserSiteId };
}
export type NewUserAccess = NonNullable<Awaited<ReturnType<typeof newUserAccess>>>;

/**
 * Gives the person the provider's access, creating their user (without a password) when the enterprise has none for
 * this email. Two first sign-ins at once both end with one user and one membership.
 */
export async function provisionUser(
  db: DbOrTx,
  p: { enterpriseId: string; accountId: string; email: string; name: string; access: NewUserAccess },
) {
  const email = p.email.toLowerCase();
  await db.insert(users).values({ enterpriseId: p.enterpriseId, email, name: p.name }).onConflictDoNothing();
  const [user] = await db
    .select({ id: users.id, enabled: users.enabled })
    .from(users)
    .where(and(eq(users.enterpriseId, p.enterpriseId), eq(users.email, email)))
    .limit(1);
  await db
    .insert(memberships)
    .values({
      userId: user!.id,
      enterpriseId: p.enterpriseId,
      scopeType: p.access.scopeType,
      accountId: p.accountId,
      siteId: p.access.siteId,
      roleId: p.access.roleId,
    })
    .onConflictDoNothing();
  return user!;
}
