import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@hireline/contract/dashboard';

/*
 * The charts themselves: the charting library is most of the dashboard's code, so it comes in its own chunk while
 * the figures, the latest applications and the chart frames (DashboardCharts) are already on screen.
 */

// DashboardCharts keeps a placeholder of these heights until the charts are in.
const APPLICATIONS_CHART_HEIGHT = 260;
const JOBS_CHART_HEIGHT = 280;

/** Applications per day over 30 days. */
export function ApplicationsChart({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation('home');
  const theme = useTheme();
  const days = data.applications_over_time.map((p) => new Date(`${p.date}T00:00:00Z`));
  const dayLabel = (d: Date) => d.toLocaleDateString(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <LineChart
      height={APPLICATIONS_CHART_HEIGHT}
      xAxis={[{ data: days, scaleType: 'time', valueFormatter: dayLabel }]}
      yAxis={[{ min: 0, tickMinStep: 1 }]}
      series={[
        {
          data: data.applications_over_time.map((p) => p.count),
          label: t('dashboard.applications'),
          area: true,
          showMark: false,
          // Monotone keeps the curve from dipping below zero between days.
          curve: 'monotoneX',
          color: theme.palette.primary.main,
        },
      ]}
      hideLegend
      aria-label={t('dashboard.applicationsOverTime')}
    />
  );
}

/** The site's jobs by status. */
export function JobsByStatusChart({ data }: { data: Dashboard }) {
  const { t } = useTranslation('home');
  const theme = useTheme();
  return (
    <BarChart
      height={JOBS_CHART_HEIGHT}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: data.jobs_by_status.map((s) => t(`jobStatus.${s.status}`)), width: 90 }]}
      xAxis={[{ min: 0, tickMinStep: 1 }]}
      series={[{ data: data.jobs_by_status.map((s) => s.count), label: t('dashboard.jobs'), color: theme.palette.primary.main }]}
      hideLegend
      aria-label={t('dashboard.jobsByStatus')}
    />
  );
}
