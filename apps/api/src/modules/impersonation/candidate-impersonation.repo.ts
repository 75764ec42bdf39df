import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/applications';
import { seekers } from '../../db/schema/seekers';
import { accounts, sites } from '../../db/schema/tenancy';

/* SQL of acting as a candidate: the candidate (or the application's), and the job board to open them on. */

export async function findSeeker(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ id: seekers.id, accountId: seekers.accountId, enabled: seekers.enabled, erasedAt: seekers.erasedAt })
    .from(seekers)
    .where(and(eq(seekers.accountId, accountId), eq(seekers.id, id)))
    .limit(1);
  return row ?? null;
}

/** An application of the account, within the selected site when one is (another site's or tenant's: null). */
export async function findApplication(db: DbOrTx, accountId: string, siteId: string | null, id: string) {
  const [row] = await db
    .select({ id: applications.id, seekerId: applications.seekerId, siteId: applications.siteId })
    .from(applications)
    .where(and(eq(applications.accountId, accountId), eq(applications.id, id), siteId ? eq(applications.siteId, siteId) : undefined))
    .limit(1);
  return row ?? null;
}

/**
 * The board to open a candidate on: the preferred site's when it has one, else the board of the site the candidate
 * last applied on, else the account's first board. Only enabled sites with a domain and the board on count.
 */
export async function boardDomain(db: DbOrTx, accountId: string, seekerId: string, preferredSiteId: string | null) {
  const [row] = await db
    .select({ domain: sites.domain })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(and(eq(sites.accountId, accountId), eq(sites.enabled, true), eq(sites.boardEnabled, true), isNotNull(sites.domain), isNotNull(sites.domainVerifiedAt), eq(accounts.enabled, true)))
    .orderBy(
      ...(preferredSiteId ? [desc(sql`${sites.id} = ${preferredSiteId}`)] : []),
      sql`(select max("applications"."created_at") from "applications"
        where "applications"."site_id" = "sites"."id" and "applications"."seeker_id" = ${seekerId}) desc nulls last`,
      asc(sites.createdAt),
    )
    .limit(1);
  return row?.domain ?? null;
}
