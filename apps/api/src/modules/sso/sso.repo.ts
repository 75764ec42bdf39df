import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oauthProviders, users } from '../../db/schema/identity';
import { accounts } from '../../db/schema/tenancy';

/* SQL of single sign-on: an account's providers (every query filtered by the account) and the user an email names. */

export type ProviderRow = typeof oauthProviders.$inferSelect;
export type ProviderPatch = Partial<
  Pick<ProviderRow, 'name' | 'issuer' | 'clientId' | 'clientSecret' | 'allowedDomains' | 'enabled'>
>;

export function listProviders(db: DbOrTx, accountId: string) {
  return db
    .select()
    .from(oauthProviders)
    .where(eq(oauthProviders.accountId, accountId))
    .orderBy(asc(oauthProviders.name), asc(oauthProviders.slug));
}

export async function findProvider(db: DbOrTx, accountId: string, id: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(oauthProviders)
    .where(and(eq(oauthProviders.accountId, accountId), eq(oauthProviders.id, id)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
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

export async function insertProvider(
  db: DbOrTx,
  accountId: string,
  values: Pick<ProviderRow, 'slug' | 'name' | 'issuer' | 'clientId' | 'clientSecret' | 'allowedDomains' | 'enabled'>,
) {
  const [row] = await db
    .insert(oauthProviders)
    .values({ ...values, accountId })
    .returning();
  return row!;
}

export async function updateProvider(db: DbOrTx, accountId: string, id: string, patch: ProviderPatch) {
  const [row] = await db
    .update(oauthProviders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(oauthProviders.accountId, accountId), eq(oauthProviders.id, id)))
    .returning();
  return row ?? null;
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
