import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@hireline/contract/dashboard';

// The same heights as DashboardChartBodies' charts, so nothing moves when they arrive.
const APPLICATIONS_CHART_HEIGHT = 260;
const JOBS_CHART_HEIGHT = 280;

const bodies = () => import('./DashboardChartBodies');
const ApplicationsChart = lazy(() => bodies().then((m) => ({ default: m.ApplicationsChart })));
const JobsByStatusChart = lazy(() => bodies().then((m) => ({ default: m.JobsByStatusChart })));

/** A chart's room: a placeholder of the chart's height until both the figures and the chart's code are in. */
function ChartArea({ height, children }: { height: number; children: ReactNode | null }) {
  const placeholder = <Skeleton variant="rounded" height={height - 16} sx={{ mt: 1 }} />;
  return (
    <Box sx={{ height }}>
      <Suspense fallback={placeholder}>{children ?? placeholder}</Suspense>
    </Box>
  );
}

/** Applications per day over 30 days, and the site's jobs by status; their frames show while the figures load. */
export function DashboardCharts({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation('home');
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('dashboard.applicationsOverTime')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.last30Days')}
            </Typography>
            <ChartArea height={APPLICATIONS_CHART_HEIGHT}>{data && <ApplicationsChart data={data} />}</ChartArea>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('dashboard.jobsByStatus')}
            </Typography>
            <ChartArea height={JOBS_CHART_HEIGHT}>{data && <JobsByStatusChart data={data} />}</ChartArea>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
