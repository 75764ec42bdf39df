import { sql } from 'drizzle-orm';
import type { JobStatus } from '@hireline/contract/enums';
import type { Db } from '../../db/client';
import { jobStatusHistory } from '../../db/schema/jobs';
import { auditLogs } from '../../db/schema/platform';
import type { NotifyDeps } from '../../platform/notify/notify';
import { jobAudit } from './job-fields';
import { notifyExpired } from './job-notify';

/** Rows per transaction: a backlog (a server that was down for days) is worked off in bounded steps. */
const BATCH = 500;

/**
 * Ends every advert whose end date has come (DESIGN §5: expiry is also automatic at advert end): live and unlisted
 * jobs with `advert_end_at <= now` become expired, with a history row and an audit row whose actor is nobody.
 * Served by the partial index jobs_advert_end_idx; `skip locked` lets several API processes sweep at once, and a
 * job that someone is changing right now is simply taken on the next sweep. With `deps`, owners are notified.
 * Returns how many jobs expired.
 */
export async function expireDueJobs(db: Db, now = new Date(), deps?: NotifyDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const at = now.toISOString();
      const { rows } = await tx.execute<{ id: string; account_id: string; enterprise_id: string; from_status: JobStatus }>(sql`
        with due as (
          select id, status from jobs
          where status in ('live', 'unlisted') and advert_end_at <= ${at}::timestamptz
          order by advert_end_at
          limit ${BATCH}
          for update skip locked
        )
        update jobs set status = 'expired', expired_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        from due, accounts
        where jobs.id = due.id and accounts.id = jobs.account_id
        returning jobs.id, jobs.account_id, accounts.enterprise_id, due.status as from_status`);
      if (rows.length) {
        await tx.insert(jobStatusHistory).values(
          rows.map((r) => ({
            accountId: r.account_id,
            jobId: r.id,
            fromStatus: r.from_status,
            toStatus: 'expired' as const,
            actorUserId: null,
            reason: 'Advert period ended.',
            createdAt: now,
          })),
        );
        // Written directly rather than through audit(): the rows carry the sweep's `now`, like the history above.
        await tx.insert(auditLogs).values(
          rows.map((r) => ({
            ...jobAudit({ enterpriseId: r.enterprise_id, userId: null, impersonatorUserId: null, ip: null }, { id: r.id, accountId: r.account_id }, 'job.expired', {
              from: r.from_status,
              to: 'expired',
              automatic: true,
            }),
            createdAt: now,
          })),
        );
        // In the same transaction: an expiry and its notices exist together or not at all.
        if (deps) await notifyExpired(deps, tx, rows.map((r) => r.id));
      }
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}
