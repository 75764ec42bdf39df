import type { ReactNode, Ref } from 'react';
import { createLink } from '@tanstack/react-router';
import Card from '@mui/material/Card';
import CardActionArea, { type CardActionAreaProps } from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dashboardJobQueues, newApplicationsQuery, type Dashboard } from '@hireline/contract/dashboard';
import { useCan } from '../../lib/ability';
import { useSelectedSlugs } from '../../lib/current-user';
import { useSession } from '../../lib/session';

/* The headline figures; each opens the list it counts, filtered as it was counted, when the user may open that list. */

const AreaBase = (props: CardActionAreaProps<'a'> & { ref?: Ref<HTMLAnchorElement> }) => <CardActionArea component="a" {...props} />;
const CardLink = createLink(AreaBase);

type Slugs = { account: string; site: string };
type Wrap = (body: ReactNode) => ReactNode;
const FILL = { height: '100%', alignItems: 'flex-start' } as const;

function StatBody({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <CardContent>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 1, fontWeight: 600 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </CardContent>
  );
}

/** Where each figure leads: a typed route with the search that reproduces its count, or nothing. */
function useTargets(data: Dashboard | undefined, slugs: Slugs | null) {
  const { scope } = useSession();
  const jobs = useCan('view', 'jobs');
  const applications = useCan('view', 'applications');
  const employers = useCan('view', 'employers');
  const credits = useCan('view', 'credits');
  if (!slugs) return {} as Record<string, Wrap | null>;
  const job = (search: (typeof dashboardJobQueues)[keyof typeof dashboardJobQueues]): Wrap | null =>
    jobs
      ? (body) => (
          <CardLink to="/$account/$site/jobs" params={slugs} search={{ ...search, status: [...search.status] }} sx={FILL}>
            {body}
          </CardLink>
        )
      : null;
  const week = data ? newApplicationsQuery(data) : null;
  const targets: Record<string, Wrap | null> = {
    live: job(dashboardJobQueues.live_jobs),
    pending: job(dashboardJobQueues.pending_jobs),
    flagged: job(dashboardJobQueues.flagged_jobs),
    applications:
      applications && week
        ? (body) => (
            <CardLink to="/$account/$site/applications" params={slugs} search={week} sx={FILL}>
              {body}
            </CardLink>
          )
        : null,
    // One employer's balance is its ledger; the site's total is the employers' balances, largest first.
    credits:
      scope.employerId && credits
        ? (body) => (
            <CardLink to="/$account/$site/credit-system" params={slugs} sx={FILL}>
              {body}
            </CardLink>
          )
        : employers
          ? (body) => (
              <CardLink to="/$account/$site/employers" params={slugs} search={{ sort: '-credit_balance' }} sx={FILL}>
                {body}
              </CardLink>
            )
          : null,
  };
  return targets;
}

/** The five headline figures of the selected site (skeletons while loading, so nothing jumps). */
export function DashboardStats({ data }: { data: Dashboard | undefined }) {
  const { t, i18n } = useTranslation('home');
  const { account, site } = useSelectedSlugs();
  const targets = useTargets(data, account && site ? { account, site } : null);
  const n = (v: number | undefined) => (v === undefined ? <Skeleton width={48} /> : v.toLocaleString(i18n.language));
  const items = [
    { key: 'live', label: t('dashboard.liveJobs'), value: n(data?.live_jobs) },
    { key: 'pending', label: t('dashboard.pendingJobs'), value: n(data?.pending_jobs), hint: t('dashboard.pendingHint') },
    { key: 'flagged', label: t('dashboard.flaggedJobs'), value: n(data?.flagged_jobs), hint: t('dashboard.flaggedHint') },
    { key: 'applications', label: t('dashboard.newApplications'), value: n(data?.new_applications_week), hint: t('dashboard.last7Days') },
    { key: 'credits', label: t('dashboard.credits'), value: n(data?.credits_balance), hint: t('dashboard.creditsHint') },
  ];
  return (
    <Grid container spacing={2}>
      {items.map((i) => {
        const body = <StatBody label={i.label} value={i.value} hint={i.hint} />;
        const wrap = targets[i.key];
        return (
          <Grid key={i.key} size={{ xs: 12, sm: 6, md: 4, lg: 2.4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              {wrap ? wrap(body) : body}
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
