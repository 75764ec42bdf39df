import { and, asc, eq, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consultants, consultantSites } from '../../db/schema/consultants';
import { employers } from '../../db/schema/employers';
import { products } from '../../db/schema/jobs';
import { fieldOptions } from '../../db/schema/settings';
import { inEmployers, type SiteSlice } from '../../platform/site-slice';

/** The site's enabled options of every kind in one read (field_options_site_kind_position_idx). */
export async function enabledFieldOptions(db: DbOrTx, s: SiteSlice) {
  return db
    .select({ kind: fieldOptions.kind, value: fieldOptions.value, label: fieldOptions.label })
    .from(fieldOptions)
    .where(and(eq(fieldOptions.accountId, s.accountId), eq(fieldOptions.siteId, s.siteId), eq(fieldOptions.enabled, true)))
    .orderBy(asc(fieldOptions.kind), asc(fieldOptions.position), asc(fieldOptions.label));
}

export async function enabledProducts(db: DbOrTx, s: SiteSlice) {
  return db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      duration_days: products.durationDays,
      featured: products.featured,
      price_cents: products.priceCents,
      currency: products.currency,
    })
    .from(products)
    .where(and(eq(products.accountId, s.accountId), eq(products.siteId, s.siteId), eq(products.enabled, true)))
    .orderBy(asc(products.position), asc(products.name), asc(products.id));
}

/**
 * Employers a job may be posted for: active and enabled, on the site, and only the caller's own when they are
 * confined to employers. `pattern` is an escaped `%…%` LIKE pattern (the business name's trigram index serves it).
 */
export async function postableEmployers(db: DbOrTx, s: SiteSlice, pattern: string | null, limit: number) {
  return db
    .select({ id: employers.id, name: employers.businessName })
    .from(employers)
    .where(
      and(
        eq(employers.accountId, s.accountId),
        eq(employers.siteId, s.siteId),
        inEmployers(employers.id, s.employerIds),
        eq(employers.status, 'active'),
        eq(employers.enabled, true),
        pattern === null ? undefined : ilike(employers.businessName, pattern),
      ),
    )
    .orderBy(asc(employers.businessName), asc(employers.id))
    .limit(limit);
}

/** Enabled consultants assigned to the site (consultant_sites_site_idx). */
export async function siteConsultants(db: DbOrTx, s: SiteSlice, pattern: string | null, limit: number) {
  return db
    .select({ id: consultants.id, name: consultants.name })
    .from(consultantSites)
    .innerJoin(consultants, eq(consultants.id, consultantSites.consultantId))
    .where(
      and(
        eq(consultantSites.siteId, s.siteId),
        eq(consultantSites.accountId, s.accountId),
        eq(consultants.accountId, s.accountId),
        eq(consultants.enabled, true),
        pattern === null ? undefined : ilike(consultants.name, pattern),
      ),
    )
    .orderBy(asc(consultants.name), asc(consultants.id))
    .limit(limit);
}
