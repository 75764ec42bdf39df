import type { AppDeps } from './deps';
import { remindExpiring } from './modules/jobs/job-notify';
import { expireDueJobs } from './modules/jobs/job-expiry';
import { requeueStuck } from './platform/mail';
import { sweepRateLimitWindows } from './platform/rate-limit-pg';
import { purgeExpired } from './platform/retention';
import { applyRetention } from './platform/retention-apply';
import type { Task } from './platform/scheduler';

/**
 * Every piece of timed work, run by platform/scheduler.ts (ADR 010) in whichever API process claims it first.
 * Each is a sweep for what is due, so running late or twice does no harm.
 */
export function tasks(deps: AppDeps): Task[] {
  return [
    {
      name: 'mail.deliver',
      everyMs: 2_000,
      // Rows a crashed process left in `sending` go back to the queue after a while, then out again.
      run: async () => {
        await requeueStuck(deps.db);
        await deps.mailer.deliverDue();
      },
    },
    // Adverts past their end date expire within a minute (DESIGN §5), their owners told in the same transaction.
    { name: 'jobs.expire', everyMs: 60_000, run: () => expireDueJobs(deps.db, new Date(), deps) },
    { name: 'jobs.expiring-reminders', everyMs: 15 * 60_000, run: () => remindExpiring(deps, deps.db) },
    { name: 'retention.purge', everyMs: 60 * 60_000, run: () => purgeExpired(deps.db) },
    // Each account's own periods (contract retention.ts): old audit entries, sent mail and notifications go, closed
    // applications and inactive candidates are anonymised; bounded per run, the rest on the next.
    { name: 'retention.apply', everyMs: 60 * 60_000, run: () => applyRetention(deps) },
    // Rate-limit windows (ADR 004) that ended over an hour ago; on PGlite the table stays empty and this finds nothing.
    { name: 'rate-limits.sweep', everyMs: 15 * 60_000, run: () => sweepRateLimitWindows(deps.db) },
  ];
}
