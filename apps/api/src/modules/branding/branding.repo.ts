import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, sites } from '../../db/schema/tenancy';

export interface BrandingRow {
  accountId: string;
  accountName: string;
  accountTitle: string | null;
  accountBranding: unknown;
  logoSquare: string | null;
  siteId: string | null;
  siteName: string | null;
  siteBranding: unknown;
  locale: string | null;
}

/** A site's board domain wins over an account's portal domain; disabled tenants have no branding. */
export async function findBrandingByDomain(db: DbOrTx, enterpriseId: string, domain: string): Promise<BrandingRow | null> {
  const [site] = await db
    .select({
      accountId: accounts.id,
      accountName: accounts.name,
      accountTitle: accounts.title,
      accountBranding: accounts.branding,
      logoSquare: accounts.logoSquare,
      siteId: sites.id,
      siteName: sites.name,
      siteBranding: sites.branding,
      locale: sql<string | null>`${sites.settings}->>'locale'`,
    })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(
      and(
        eq(sites.domain, domain),
        isNotNull(sites.domainVerifiedAt),
        eq(sites.enabled, true),
        eq(sites.boardEnabled, true),
        eq(accounts.enabled, true),
        eq(accounts.enterpriseId, enterpriseId),
      ),
    )
    .limit(1);
  if (site) return site;

  const [account] = await db
    .select({
      accountId: accounts.id,
      accountName: accounts.name,
      accountTitle: accounts.title,
      accountBranding: accounts.branding,
      logoSquare: accounts.logoSquare,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.enterpriseId, enterpriseId),
        eq(accounts.enabled, true),
        or(eq(accounts.domain, domain), sql`${domain} = any(${accounts.domainAliases})`),
      ),
    )
    .limit(1);
  return account ? { ...account, siteId: null, siteName: null, siteBranding: null, locale: null } : null;
}
