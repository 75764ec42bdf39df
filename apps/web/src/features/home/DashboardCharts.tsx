import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@hireline/contract/dashboard';

/** Applications per day over 30 days, and the site's jobs by status. */
export function DashboardCharts({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation('home');
  const theme = useTheme();
  const days = data.applications_over_time.map((p) => new Date(`${p.date}T00:00:00Z`));
  const dayLabel = (d: Date) => d.toLocaleDateString(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
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
            <LineChart
              height={260}
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
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('dashboard.jobsByStatus')}
            </Typography>
            <BarChart
              height={280}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: data.jobs_by_status.map((s) => t(`jobStatus.${s.status}`)), width: 90 }]}
              xAxis={[{ min: 0, tickMinStep: 1 }]}
              series={[{ data: data.jobs_by_status.map((s) => s.count), label: t('dashboard.jobs'), color: theme.palette.primary.main }]}
              hideLegend
              aria-label={t('dashboard.jobsByStatus')}
            />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
