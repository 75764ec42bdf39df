import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getDashboard } from '@hireline/contract/dashboard';
import { ErrorState } from '../../components/ErrorState';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { PageHeader } from '../../components/PageHeader';
import { useApiQuery } from '../../lib/api-query';
import { useCan } from '../../lib/ability';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { AccountsOverview } from './AccountsOverview';
import { DashboardCharts } from './DashboardCharts';
import { DashboardStats } from './DashboardStats';
import { LatestApplications } from './LatestApplications';

/** The root page: the selected site's dashboard, then everywhere else the user can work. */
export function HomePage() {
  const { t } = useTranslation('home');
  const user = useCurrentUser();
  const { scope } = useSession();
  const canSeeDashboard = useCan('view', 'dashboard');
  const dashboard = useApiQuery(getDashboard, {}, { enabled: !!scope.siteId && canSeeDashboard });
  if (!user) return <FullPageSpinner fill="area" />;
  const site = user.accounts.flatMap((a) => a.sites).find((s) => s.id === scope.siteId);
  const data = dashboard.data;
  const empty = data && data.live_jobs + data.pending_jobs + data.latest_applications.length + data.jobs_by_status.reduce((n, s) => n + s.count, 0) === 0;
  return (
    <Stack spacing={3}>
      <PageHeader title={t('welcome', { name: user.name })} subtitle={site ? t('dashboard.subtitle', { site: site.name }) : t('subtitle')} />
      {site && canSeeDashboard && (
        <>
          {dashboard.isError ? (
            <ErrorState title={t('dashboard.loadError')} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
          ) : (
            <DashboardStats data={data} />
          )}
          {empty && (
            <Typography color="text.secondary" role="status">
              {t('dashboard.empty')}
            </Typography>
          )}
          {/* Shown while the figures load too (placeholders of their size), so nothing below them moves. */}
          {!dashboard.isError && !empty && <DashboardCharts data={data} />}
          {!dashboard.isError && <LatestApplications rows={data?.latest_applications} />}
        </>
      )}
      <AccountsOverview user={user} scope={scope} />
    </Stack>
  );
}
