import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, sites } from '../db/schema/tenancy';
import type { SiteSlice } from './site-slice';

/** The site's names, slugs and colour that links and emails need; a site's own colours win over the account's. */
export async function siteBrand(db: DbOrTx, s: Pick<SiteSlice, 'accountId' | 'siteId'>) {
  const [row] = await db
    .select({ name: sites.name, slug: sites.slug, siteBranding: sites.branding, accountSlug: accounts.slug, accountBranding: accounts.branding })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(and(eq(sites.id, s.siteId), eq(sites.accountId, s.accountId)))
    .limit(1);
  const site = row!;
  const color = site.siteBranding?.colors?.primary_color ?? site.accountBranding.colors?.primary_color;
  return { name: site.name, slug: site.slug, accountSlug: site.accountSlug, color };
}
export type SiteBrand = Awaited<ReturnType<typeof siteBrand>>;
