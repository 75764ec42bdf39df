import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@hireline/contract/dashboard';

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
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
    </Card>
  );
}

/** The five headline figures of the selected site (skeletons while loading, so nothing jumps). */
export function DashboardStats({ data }: { data: Dashboard | undefined }) {
  const { t, i18n } = useTranslation('home');
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
      {items.map((i) => (
        <Grid key={i.key} size={{ xs: 12, sm: 6, md: 4, lg: 2.4 }}>
          <Stat label={i.label} value={i.value} hint={i.hint} />
        </Grid>
      ))}
    </Grid>
  );
}
