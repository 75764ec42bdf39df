import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import type { getFlaggedJob } from '@hireline/contract/job-reviews';
import { formatDateTime } from '../../lib/format';

type Report = ResponseOf<typeof getFlaggedJob>['reports'][number];

/** A job's reports (spec §3: date, reason, additional comments), open ones first as the API sends them. */
export function FlagReportsList({ reports }: { reports: Report[] }) {
  const { t, i18n } = useTranslation('jobs');
  if (reports.length === 0) return <Typography color="text.secondary">{t('flagged.noReports')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {reports.map((r) => (
        <Box component="li" key={r.id} sx={{ borderInlineStart: 3, borderColor: r.status === 'open' ? 'error.main' : 'divider', paddingInlineStart: 1.5 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary" component="time" dateTime={r.date}>
              {formatDateTime(r.date, i18n.language)}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={r.status === 'open' ? 'error' : 'default'}
              label={t(`flagged.reportStatus.${r.status}`)}
            />
          </Box>
          <Typography sx={{ fontWeight: 500 }}>{r.reason}</Typography>
          <Typography variant="body2" color={r.additional_comments ? 'text.primary' : 'text.secondary'}>
            {r.additional_comments ?? t('flagged.noComments')}
          </Typography>
          {r.reporter_email && (
            <Typography variant="caption" color="text.secondary">
              {t('flagged.reporter', { email: r.reporter_email })}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
