import { jobStatuses } from '@hireline/contract/enums';
import type { Dashboard } from '@hireline/contract/dashboard';
import type { DbOrTx } from '../../db/client';
import type { ResolvedScope } from '../../platform/scope';
import { siteSlice } from '../../platform/site-slice';
import * as repo from './dashboard.repo';

const DAY = 86_400_000;

/** Midnight UTC `days` days before `now`'s day, so the series always has whole days. */
function startOfDay(now: Date, daysBack: number) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(d.getTime() - daysBack * DAY);
}

/**
 * The selected site's figures. An employer user sees their employers' share of
 * the site, and a selected employer narrows everything to that employer.
 */
export async function siteDashboard(db: DbOrTx, scope: ResolvedScope, now = new Date()): Promise<Dashboard> {
  const slice = siteSlice(scope);
  const from = startOfDay(now, 29);
  const [byStatus, flagged, perDay, latest, credits] = await Promise.all([
    repo.jobCountsByStatus(db, slice),
    repo.flaggedJobCount(db, slice),
    repo.applicationsPerDay(db, slice, from),
    repo.latestApplications(db, slice, 8),
    repo.creditsBalance(db, slice),
  ]);
  const counts = new Map(byStatus.map((r) => [r.status, Number(r.count)]));
  const daily = new Map(perDay.map((r) => [r.date, Number(r.count)]));
  const series = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY).toISOString().slice(0, 10);
    return { date, count: daily.get(date) ?? 0 };
  });
  return {
    live_jobs: counts.get('live') ?? 0,
    pending_jobs: counts.get('pending') ?? 0,
    flagged_jobs: flagged,
    new_applications_week: series.slice(-7).reduce((n, d) => n + d.count, 0),
    credits_balance: credits,
    applications_over_time: series,
    jobs_by_status: jobStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    latest_applications: latest.map((a) => ({ ...a, created_at: a.created_at.toISOString() })),
  };
}
