import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { getFlaggedJob, type listFlaggedJobs } from '@hireline/contract/job-reviews';
import { ErrorState } from '../../components/ErrorState';
import { RouterLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { FlagReportsList } from './FlagReportsList';
import { formatDateTime, formatNumber } from '../../lib/format';
import { JobStatusChip } from './JobStatusChip';

export type FlaggedJob = ResponseOf<typeof listFlaggedJobs>['data'][number];
const FLAGGED_COLUMNS = 7;

function Reports({ jobId }: { jobId: string }) {
  const { t } = useTranslation('jobs');
  const query = useApiQuery(getFlaggedJob, { params: { uuid: jobId } });
  if (query.isError) return <ErrorState title={t('flagged.reportsError')} error={query.error} onRetry={() => void query.refetch()} />;
  return query.data ? <FlagReportsList reports={query.data.reports} /> : <Skeleton height={64} />;
}

/** One flagged job; its reports open below it (loaded on first open). */
export function FlaggedJobRow(props: {
  row: FlaggedJob;
  slugs: { account: string; site: string };
  open: boolean;
  onToggle: () => void;
  canUpdate: boolean;
  busy: boolean;
  onDismiss: () => void;
  onTakeDown: () => void;
}) {
  const { t, i18n } = useTranslation('jobs');
  const { row } = props;
  const panelId = `flag-reports-${row.job.id}`;
  return (
    <>
      <TableRow hover sx={{ '& > td, & > th': { borderBottom: props.open ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={props.open}
            aria-controls={panelId}
            aria-label={t(props.open ? 'flagged.hideReports' : 'flagged.showReports', { title: row.job.title })}
            onClick={props.onToggle}
          >
            {props.open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
          </IconButton>
        </TableCell>
        <TableCell component="th" scope="row">
          <RouterLink to="/$account/$site/jobs/$id" params={{ ...props.slugs, id: row.job.id }} sx={{ fontWeight: 600 }}>
            {row.job.title}
          </RouterLink>
          {row.job.reference_number && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('list.reference', { reference: row.job.reference_number })}
            </Typography>
          )}
        </TableCell>
        <TableCell>{row.job.employer.name}</TableCell>
        <TableCell>
          <JobStatusChip status={row.job.status} />
        </TableCell>
        <TableCell align="right">{formatNumber(row.open_reports, i18n.language)}</TableCell>
        <TableCell>
          <Typography variant="body2" component="time" dateTime={row.latest_report_at} sx={{ display: 'block' }}>
            {formatDateTime(row.latest_report_at, i18n.language)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 280 }} noWrap title={row.latest_reason}>
            {row.latest_reason}
          </Typography>
        </TableCell>
        <TableCell align="right">
          {props.canUpdate && (
            <Box sx={{ display: 'inline-flex', gap: 1 }}>
              <Button size="small" variant="outlined" disabled={props.busy} onClick={props.onDismiss} aria-label={t('flagged.dismissOne', { title: row.job.title })}>
                {t('flagged.dismiss')}
              </Button>
              <Button size="small" variant="outlined" color="error" disabled={props.busy} onClick={props.onTakeDown} aria-label={t('flagged.takeDownOne', { title: row.job.title })}>
                {t('flagged.takeDown')}
              </Button>
            </Box>
          )}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={FLAGGED_COLUMNS} sx={{ py: 0, borderBottom: props.open ? undefined : 0 }}>
          <Collapse in={props.open} unmountOnExit>
            <Box id={panelId} role="region" aria-label={t('flagged.reportsOf', { title: row.job.title })} sx={{ py: 2, paddingInlineStart: 7 }}>
              <Reports jobId={row.job.id} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
