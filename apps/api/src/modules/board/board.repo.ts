import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FieldOptionKind } from '@hireline/contract/enums';
import type { DbOrTx } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { fieldOptions } from '../../db/schema/settings';
import { accounts, sites } from '../../db/schema/tenancy';
import { onBoard } from './board-jobs.repo';

/** The board whose domain this is. Only a site's own domain counts: an account's portal domain is no board. */
export async function findBoardSite(db: DbOrTx, enterpriseId: string, domain: string) {
  const [row] = await db
    .select({
      id: sites.id,
      accountId: sites.accountId,
      name: sites.name,
      locale: sql<string | null>`${sites.settings}->>'locale'`,
      currency: sql<string | null>`${sites.settings}->>'currency'`,
      // The account's periods its candidates are told on the board's privacy notice.
      applicationRetentionDays: accounts.retentionApplicationDays,
      candidateRetentionDays: accounts.retentionCandidateDays,
    })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(
      and(
        eq(sites.domain, domain),
        // A domain nobody has proved control of is not served (a site's claim alone is not enough).
        isNotNull(sites.domainVerifiedAt),
        eq(sites.enabled, true),
        eq(sites.boardEnabled, true),
        eq(accounts.enabled, true),
        eq(accounts.enterpriseId, enterpriseId),
      ),
    )
    .limit(1);
  return row ?? null;
}
export type BoardSiteRow = NonNullable<Awaited<ReturnType<typeof findBoardSite>>>;

/**
 * A verified board domain of this enterprise that is not served now: its site or account disabled, or its board
 * turned off. Its host answers the offline page rather than falling through to the portal.
 */
export async function findOfflineBoardSite(db: DbOrTx, enterpriseId: string, domain: string) {
  const [row] = await db
    .select({
      name: sites.name,
      locale: sql<string | null>`${sites.settings}->>'locale'`,
      accountBranding: accounts.branding,
      siteBranding: sites.branding,
    })
    .from(sites)
    .innerJoin(accounts, eq(accounts.id, sites.accountId))
    .where(
      and(
        eq(sites.domain, domain),
        isNotNull(sites.domainVerifiedAt),
        eq(accounts.enterpriseId, enterpriseId),
        sql`not (${sites.enabled} and ${sites.boardEnabled} and ${accounts.enabled})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The kinds of field option an advert shows. */
export const boardKinds = ['work_type', 'classification', 'pay_type'] as const satisfies readonly FieldOptionKind[];

/**
 * The site's options of those kinds in its order, disabled ones included: an advert keeps a value whose option was
 * switched off later, and still shows its label (field_options_site_kind_position_idx).
 */
export async function optionsOf(db: DbOrTx, site: BoardSiteRow) {
  return db
    .select({ kind: fieldOptions.kind, value: fieldOptions.value, label: fieldOptions.label, enabled: fieldOptions.enabled })
    .from(fieldOptions)
    .where(and(eq(fieldOptions.siteId, site.id), eq(fieldOptions.accountId, site.accountId), inArray(fieldOptions.kind, [...boardKinds])))
    .orderBy(asc(fieldOptions.kind), asc(fieldOptions.position), asc(fieldOptions.label));
}

/** Live adverts per combination of work type, classification and pay type: few rows, summed per facet by the service. */
export async function liveFacets(db: DbOrTx, site: BoardSiteRow, now: Date) {
  return db
    .select({ workType: jobs.workType, classification: jobs.classification, payType: jobs.payType, n: count() })
    .from(jobs)
    .innerJoin(employers, eq(employers.id, jobs.employerId))
    .where(onBoard(site.id, now))
    .groupBy(jobs.workType, jobs.classification, jobs.payType);
}
