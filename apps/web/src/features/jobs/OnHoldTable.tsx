import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '@hireline/contract/job-model';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime } from './job-format';

/** Jobs on hold with a checkbox each and Approve / Reject on the row. */
export function OnHoldTable(props: {
  rows: JobSummary[] | undefined;
  slugs: { account: string; site: string };
  selected: string[];
  onSelect: (ids: string[]) => void;
  busy: boolean;
  approving: string | undefined;
  onApprove: (job: JobSummary) => void;
  onReject: (job: JobSummary) => void;
}) {
  const { t, i18n } = useTranslation('jobs');
  const { rows, selected } = props;
  const all = !!rows?.length && rows.every((r) => selected.includes(r.id));
  const some = !!rows?.some((r) => selected.includes(r.id));
  return (
    <TableContainer>
      <Table aria-label={t('hold.title')} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={some && !all}
                disabled={!rows?.length}
                onChange={() => props.onSelect(all ? [] : (rows ?? []).map((r) => r.id))}
                slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
              />
            </TableCell>
            <TableCell>{t('list.columns.title')}</TableCell>
            <TableCell>{t('list.columns.employer')}</TableCell>
            <TableCell>{t('hold.columns.consultant')}</TableCell>
            <TableCell>{t('hold.columns.submitted')}</TableCell>
            <TableCell align="right">{t('hold.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!rows &&
            Array.from({ length: 3 }, (_, i) => (
              <TableRow key={i}>
                {Array.from({ length: 6 }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {rows?.map((job) => {
            const on = selected.includes(job.id);
            return (
              <TableRow key={job.id} hover selected={on}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={on}
                    onChange={() => props.onSelect(on ? selected.filter((id) => id !== job.id) : [...selected, job.id])}
                    slotProps={{ input: { 'aria-label': t('list.select', { title: job.title }) } }}
                  />
                </TableCell>
                <TableCell component="th" scope="row">
                  <RouterLink to="/$account/$site/jobs/$id" params={{ ...props.slugs, id: job.id }} sx={{ fontWeight: 600 }}>
                    {job.title}
                  </RouterLink>
                  {job.reference_number && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('list.reference', { reference: job.reference_number })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{job.employer.name}</TableCell>
                <TableCell>{job.consultant?.name ?? '—'}</TableCell>
                <TableCell>{formatDateTime(job.posted_at ?? job.created_at, i18n.language)}</TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'inline-flex', gap: 1 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      color="success"
                      disabled={props.busy && props.approving !== job.id}
                      loading={props.approving === job.id}
                      onClick={() => props.onApprove(job)}
                      aria-label={t('hold.approveOne', { title: job.title })}
                    >
                      {t('actions.approve')}
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      disabled={props.busy}
                      onClick={() => props.onReject(job)}
                      aria-label={t('hold.rejectOne', { title: job.title })}
                    >
                      {t('actions.reject')}
                    </Button>
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
