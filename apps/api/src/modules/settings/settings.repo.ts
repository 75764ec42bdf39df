import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { FieldOptionKind } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import {
  defaultApplicationStages,
  defaultDiscountTiers,
  defaultFieldOptions,
  defaultProducts,
  type SiteSettings,
} from '../../db/defaults';
import { discountTiers } from '../../db/schema/credits';
import { jobs, products } from '../../db/schema/jobs';
import { applicationStages, fieldOptions } from '../../db/schema/settings';
import { sites } from '../../db/schema/tenancy';
import type { SiteRef } from './settings-scope';

/* What a site is configured with: its settings column, stages, field options, discount tiers and products. */

export type ProductRow = typeof products.$inferSelect;
export type ProductPatch = Partial<Pick<ProductRow, 'name' | 'description' | 'durationDays' | 'featured' | 'priceCents' | 'enabled'>>;
export type StageValues = Omit<typeof applicationStages.$inferInsert, 'id' | 'accountId' | 'siteId' | 'createdAt' | 'updatedAt'>;
export interface OptionValues {
  value: string;
  label: string;
  enabled: boolean;
}
export interface TierValues {
  minQuantity: number;
  maxQuantity: number | null;
  discountBps: number;
}

const ofSite = (s: SiteRef) => and(eq(sites.id, s.siteId), eq(sites.accountId, s.accountId));

/** The site's name and settings; `lock` serialises every change of the site's settings and lists. */
export async function siteSettingsOf(db: DbOrTx, s: SiteRef, opts: { lock?: boolean } = {}) {
  const q = db.select({ name: sites.name, settings: sites.settings }).from(sites).where(ofSite(s)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row!;
}

/** The secret the site's CMS tokens are signed with (docs/cms-token.md). */
export async function cmsSecretOf(db: DbOrTx, s: SiteRef): Promise<string> {
  const [row] = await db.select({ secret: sites.cmsSecret }).from(sites).where(ofSite(s)).limit(1);
  return row!.secret;
}

export async function setCmsSecret(db: DbOrTx, s: SiteRef, secret: string, at: Date) {
  await db.update(sites).set({ cmsSecret: secret, cmsSecretRotatedAt: at }).where(ofSite(s));
}

export async function saveSiteSettings(db: DbOrTx, s: SiteRef, values: { name?: string; settings: SiteSettings }) {
  await db.update(sites).set({ ...values, updatedAt: new Date() }).where(ofSite(s));
}

/** Every product is shown in the site's currency, so a change of currency follows through to them. */
export async function setProductsCurrency(db: DbOrTx, s: SiteRef, currency: string) {
  await db
    .update(products)
    .set({ currency, updatedAt: new Date() })
    .where(and(eq(products.siteId, s.siteId), eq(products.accountId, s.accountId)));
}

/**
 * What a new site starts with, from the same lists the demo seed writes: every field option, the ten stages, the
 * discount tiers, and the products priced at the site's price per credit.
 */
export async function insertSiteDefaults(db: DbOrTx, s: SiteRef, settings: SiteSettings) {
  const base = { accountId: s.accountId, siteId: s.siteId };
  await db.insert(fieldOptions).values(
    Object.entries(defaultFieldOptions).flatMap(([kind, list]) =>
      list.map(([value, label], position) => ({ ...base, kind: kind as FieldOptionKind, value, label, position })),
    ),
  );
  await db.insert(applicationStages).values(
    defaultApplicationStages.map((d, position) => ({ ...base, ...d, position, visible: true })),
  );
  await db.insert(discountTiers).values(defaultDiscountTiers.map((t) => ({ ...base, ...t })));
  await db.insert(products).values(
    defaultProducts.map((p, position) => ({
      ...base,
      ...p,
      priceCents: settings.price_per_credit_cents,
      currency: settings.currency,
      position,
    })),
  );
}

/* Application stages. */

/** Every status's row, in the given order (the site's unique (site, status) keeps one row per status). */
export async function saveStages(db: DbOrTx, s: SiteRef, list: StageValues[]) {
  const now = new Date();
  await db
    .insert(applicationStages)
    .values(list.map((v) => ({ ...v, accountId: s.accountId, siteId: s.siteId })))
    .onConflictDoUpdate({
      target: [applicationStages.siteId, applicationStages.status],
      set: {
        label: sql`excluded.label`,
        color: sql`excluded.color`,
        position: sql`excluded.position`,
        visible: sql`excluded.visible`,
        emailAdmin: sql`excluded.email_admin`,
        emailConsultants: sql`excluded.email_consultants`,
        emailCandidate: sql`excluded.email_candidate`,
        updatedAt: now,
      },
    });
}

/* Field options. */

export async function allFieldOptions(db: DbOrTx, s: SiteRef, kind?: FieldOptionKind) {
  return db
    .select({ kind: fieldOptions.kind, value: fieldOptions.value, label: fieldOptions.label, enabled: fieldOptions.enabled })
    .from(fieldOptions)
    .where(and(eq(fieldOptions.siteId, s.siteId), eq(fieldOptions.accountId, s.accountId), kind ? eq(fieldOptions.kind, kind) : undefined))
    .orderBy(asc(fieldOptions.kind), asc(fieldOptions.position), asc(fieldOptions.label));
}

/** One kind's list becomes exactly `list`: rows of values no longer listed go, the rest are written in order. */
export async function saveFieldOptions(db: DbOrTx, s: SiteRef, kind: FieldOptionKind, list: OptionValues[]) {
  const ofKind = and(eq(fieldOptions.siteId, s.siteId), eq(fieldOptions.accountId, s.accountId), eq(fieldOptions.kind, kind));
  await db.delete(fieldOptions).where(and(ofKind, list.length ? notInArray(fieldOptions.value, list.map((o) => o.value)) : undefined));
  if (!list.length) return;
  await db
    .insert(fieldOptions)
    .values(list.map((o, position) => ({ ...o, accountId: s.accountId, siteId: s.siteId, kind, position })))
    .onConflictDoUpdate({
      target: [fieldOptions.siteId, fieldOptions.kind, fieldOptions.value],
      set: { label: sql`excluded.label`, position: sql`excluded.position`, enabled: sql`excluded.enabled`, updatedAt: new Date() },
    });
}

/* Discount tiers. */

export async function saveTiers(db: DbOrTx, s: SiteRef, list: TierValues[]) {
  await db.delete(discountTiers).where(and(eq(discountTiers.siteId, s.siteId), eq(discountTiers.accountId, s.accountId)));
  if (!list.length) return [];
  return db
    .insert(discountTiers)
    .values(list.map((t) => ({ ...t, accountId: s.accountId, siteId: s.siteId })))
    .returning({ id: discountTiers.id, min: discountTiers.minQuantity, max: discountTiers.maxQuantity, bps: discountTiers.discountBps });
}

/* Products. */

// Spelled out: in a one-table query drizzle leaves columns unqualified, and a bare "id" in the subquery is the job's.
const jobsCount = sql<number>`(select count(*)::int from ${jobs} where ${jobs.productId} = "products"."id")`;

export async function listProducts(db: DbOrTx, s: SiteRef) {
  return db
    .select({ product: products, jobsCount })
    .from(products)
    .where(and(eq(products.siteId, s.siteId), eq(products.accountId, s.accountId)))
    .orderBy(asc(products.position), asc(products.name), asc(products.id));
}

/** One product of the site with its job count, or null (another site's is "not found"). */
export async function findProduct(db: DbOrTx, s: SiteRef, id: string) {
  const [row] = await db
    .select({ product: products, jobsCount })
    .from(products)
    .where(and(eq(products.id, id), eq(products.siteId, s.siteId), eq(products.accountId, s.accountId)))
    .limit(1);
  return row ?? null;
}

/** The product row locked for a change, or null. */
export async function lockProduct(db: DbOrTx, s: SiteRef, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.siteId, s.siteId), eq(products.accountId, s.accountId)))
    .for('update');
  return row ?? null;
}

export async function nextProductPosition(db: DbOrTx, s: SiteRef): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${products.position}) + 1, 0)::int` })
    .from(products)
    .where(and(eq(products.siteId, s.siteId), eq(products.accountId, s.accountId)));
  return row?.n ?? 0;
}

export async function insertProduct(db: DbOrTx, s: SiteRef, values: Omit<typeof products.$inferInsert, 'accountId' | 'siteId'>) {
  const [row] = await db.insert(products).values({ ...values, accountId: s.accountId, siteId: s.siteId }).returning();
  return row!;
}

export async function updateProduct(db: DbOrTx, id: string, patch: ProductPatch) {
  await db.update(products).set({ ...patch, updatedAt: new Date() }).where(eq(products.id, id));
}

/** Jobs posted with it stay: their product_id is set null by the foreign key. */
export async function deleteProduct(db: DbOrTx, id: string) {
  await db.delete(products).where(eq(products.id, id));
}
