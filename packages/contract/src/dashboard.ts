import { z } from 'zod';
import { endpoint } from './endpoint';
import { timestamp, uuid } from './common';
import { applicationStatuses, jobStatuses } from './enums';

export const dashboard = z.object({
  live_jobs: z.number().int(),
  pending_jobs: z.number().int(),
  flagged_jobs: z.number().int(),
  new_applications_week: z.number().int(),
  /** Credits of the employers the caller works for: the selected employer, or all the caller may see on the site. */
  credits_balance: z.number().int(),
  /** One point per day for the last 30 days, oldest first, days without applications included as 0. */
  applications_over_time: z.array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), count: z.number().int() })),
  jobs_by_status: z.array(z.object({ status: z.enum(jobStatuses), count: z.number().int() })),
  latest_applications: z.array(
    z.object({
      id: uuid,
      candidate_name: z.string(),
      job_title: z.string(),
      status: z.enum(applicationStatuses),
      created_at: timestamp,
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboard>;

/**
 * The jobs list query that lists exactly what each job figure counts: the dashboard links to the list with it, so the
 * number on a card and the rows it opens agree (the API's dashboard test holds them to it).
 */
export const dashboardJobQueues = {
  live_jobs: { status: ['live'] },
  pending_jobs: { status: ['pending'] },
  // Reports on a draft or an expired job are not shown on the board, so only live and unlisted ones count.
  flagged_jobs: { status: ['live', 'unlisted'], flagged: 'true' },
} as const satisfies Record<string, { status: ReadonlyArray<(typeof jobStatuses)[number]>; flagged?: 'true' }>;

/** The applications list query behind `new_applications_week`: the last seven days of the dashboard's own series. */
export function newApplicationsQuery(d: Pick<Dashboard, 'applications_over_time'>) {
  const days = d.applications_over_time.slice(-7);
  return { created_from: days[0]?.date, created_to: days.at(-1)?.date };
}

export const getDashboard = endpoint({
  method: 'GET',
  path: '/v1/site/dashboard',
  summary: "The selected site's dashboard: job and application figures, credits, trends and latest applications",
  tags: ['dashboard'],
  access: { subject: 'dashboard', action: 'view' },
  response: dashboard,
});
