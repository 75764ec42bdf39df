import { and, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx, Db } from '../../db/client';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { accounts, sites } from '../../db/schema/tenancy';
import { notify, type NotifyDeps } from '../../platform/notify/notify';
import { consultantUserIds, employerUserIds, siteStaff } from '../../platform/notify/recipients';
import type { JobRow } from './jobs.repo';
import { siteOf } from './jobs.repo';

/* Who hears about a job's life: its employer's users and its consultant; the site's staff when it needs approval. */

export type JobDecision = 'job.approved' | 'job.rejected';

const jobLink = (site: { accountSlug: string; slug: string }, jobId: string) => `/${site.accountSlug}/${site.slug}/jobs/${jobId}`;

async function owners(db: DbOrTx, job: Pick<JobRow, 'accountId' | 'employerId' | 'consultantId'>) {
  return [...(await employerUserIds(db, job.employerId)), ...(await consultantUserIds(db, job.accountId, [job.consultantId]))];
}

/** A job on hold was approved or rejected: its employer's users hear it, with the reason of a rejection. */
export async function notifyDecision(deps: NotifyDeps, tx: DbOrTx, job: JobRow, event: JobDecision, reason: string | null = null) {
  const site = await siteOf(tx, job.siteId);
  await notify(deps, tx, {
    event,
    accountId: job.accountId,
    siteId: job.siteId,
    userIds: await owners(tx, job),
    vars: { job_title: job.title, reason: reason ?? '' },
    link: jobLink(site, job.id),
    key: job.id,
  });
}

/** A posted job waits for approval: the site's admins and managers are asked to review it. */
export async function notifyPending(deps: NotifyDeps, tx: DbOrTx, job: JobRow, postedAt: Date) {
  const site = await siteOf(tx, job.siteId);
  const [employer] = await tx.select({ name: employers.businessName }).from(employers).where(eq(employers.id, job.employerId)).limit(1);
  const staff = await siteStaff(tx, { accountId: job.accountId, siteId: job.siteId });
  await notify(deps, tx, {
    event: 'job.pending',
    accountId: job.accountId,
    siteId: job.siteId,
    userIds: staff.map((s) => s.id),
    vars: { job_title: job.title, employer_name: employer?.name ?? '' },
    link: `/${site.accountSlug}/${site.slug}/jobs/hold`,
    // A rejected job is final, but a pending one may be withdrawn and posted again: each post is its own notice.
    key: `${job.id}:${postedAt.toISOString()}`,
  });
}

/** Jobs that expired in a sweep: their owners hear it once per job. */
export async function notifyExpired(deps: NotifyDeps, db: DbOrTx, jobIds: string[]) {
  if (!jobIds.length) return;
  const rows = await db
    .select({ id: jobs.id, title: jobs.title, accountId: jobs.accountId, siteId: jobs.siteId, employerId: jobs.employerId, consultantId: jobs.consultantId, siteSlug: sites.slug, accountSlug: accounts.slug })
    .from(jobs)
    .innerJoin(sites, eq(sites.id, jobs.siteId))
    .innerJoin(accounts, eq(accounts.id, jobs.accountId))
    .where(inArray(jobs.id, jobIds));
  for (const j of rows)
    await notify(deps, db, {
      event: 'job.expired',
      accountId: j.accountId,
      siteId: j.siteId,
      userIds: await owners(db, j),
      vars: { job_title: j.title },
      link: jobLink({ accountSlug: j.accountSlug, slug: j.siteSlug }, j.id),
      key: j.id,
    });
}

/** How far ahead owners are reminded that an advert ends (issue: "expiring in 3 days"). */
export const EXPIRING_WITHIN_MS = 3 * 24 * 3_600_000;

/**
 * Live jobs whose advert ends within three days: one reminder per job and end date (an extended advert that again
 * nears its end is reminded again). Idempotent through the notices' dedupe keys, so the sweep may run as often as
 * it likes, in any process. Answers how many jobs it reminded about.
 */
export async function remindExpiring(deps: NotifyDeps, db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .select({ id: jobs.id, title: jobs.title, accountId: jobs.accountId, siteId: jobs.siteId, employerId: jobs.employerId, consultantId: jobs.consultantId, endAt: jobs.advertEndAt, siteSlug: sites.slug, accountSlug: accounts.slug })
    .from(jobs)
    .innerJoin(sites, eq(sites.id, jobs.siteId))
    .innerJoin(accounts, eq(accounts.id, jobs.accountId))
    .where(and(eq(jobs.status, 'live'), isNotNull(jobs.advertEndAt), gt(jobs.advertEndAt, now), lte(jobs.advertEndAt, new Date(now.getTime() + EXPIRING_WITHIN_MS))));
  for (const j of rows)
    await notify(deps, db, {
      event: 'job.expiring',
      accountId: j.accountId,
      siteId: j.siteId,
      userIds: await owners(db, j),
      vars: { job_title: j.title, end_date: j.endAt!.toISOString().slice(0, 10) },
      link: jobLink({ accountSlug: j.accountSlug, slug: j.siteSlug }, j.id),
      key: `${j.id}:${j.endAt!.toISOString()}`,
    });
  return rows.length;
}

/** At or below this balance, an employer is told to buy credits before posting stalls. */
export const LOW_CREDIT_BALANCE = 2;

/**
 * A post took the employer's balance to the low mark or below it from above: its users hear it once per post that
 * crossed the mark (a balance that stays low is not repeated on every further post).
 */
export async function notifyLowBalance(deps: NotifyDeps, tx: DbOrTx, job: JobRow, balance: number) {
  if (balance > LOW_CREDIT_BALANCE || balance + 1 <= LOW_CREDIT_BALANCE) return;
  const site = await siteOf(tx, job.siteId);
  const [employer] = await tx.select({ name: employers.businessName }).from(employers).where(eq(employers.id, job.employerId)).limit(1);
  await notify(deps, tx, {
    event: 'credit.low_balance',
    accountId: job.accountId,
    siteId: job.siteId,
    userIds: await employerUserIds(tx, job.employerId),
    vars: { employer_name: employer?.name ?? '', balance: String(balance) },
    link: `/${site.accountSlug}/${site.slug}/credit-system/create`,
    key: `${job.employerId}:${job.id}`,
  });
}
