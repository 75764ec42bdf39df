import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dismissFlags, listFlaggedJobs, takeDownFlaggedJob } from '@hireline/contract/job-reviews';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCan } from '../../lib/ability';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { ConfirmDialog } from './ConfirmDialog';
import { DebouncedSearchField } from './DebouncedSearchField';
import { FLAGGED_COLUMNS, FlaggedJobRow, type FlaggedJob } from './FlaggedJobRow';
import { DEFAULT_PER_PAGE } from './jobs.search';
import { ListPagination, useStepBackWhenEmptied } from '../../components/ListPagination';
import { useRefreshJobs } from './use-bulk-jobs';
import { RefetchingBar } from '../../components/RefetchingBar';

const FROM = '/$account/$site/jobs/flagged-jobs';

/** Jobs with open reports, most recently reported first: read the reports, dismiss them or take the job down. */
export function FlaggedJobsPage() {
  const { t } = useTranslation('jobs');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const snackbar = useSnackbar();
  const refresh = useRefreshJobs();
  const canUpdate = useCan('update', 'flagged_jobs');
  const page = search.page ?? 1;
  const perPage = search.per_page ?? DEFAULT_PER_PAGE;
  const query = useApiQuery(listFlaggedJobs, { query: { page, per_page: perPage, q: search.q } }, { keepPrevious: true });
  const rows = query.data?.data;
  const meta = query.data?.meta;
  const [expanded, setExpanded] = useState<string | null>(null);
  const [pending, setPending] = useState<{ kind: 'dismiss' | 'take-down'; row: FlaggedJob; open: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const close = () => setPending((p) => p && { ...p, open: false });
  const onError = (error: ApiError) => {
    snackbar.error(translateMessage(error.message));
    if (error.status === 409 || error.status === 404) {
      close();
      void refresh();
    }
  };
  const dismiss = useApiMutation(dismissFlags, {
    onSuccess: ({ resolved }) => {
      close();
      snackbar.success(t('flagged.dismissed', { count: resolved }));
      return refresh();
    },
    onError,
  });
  const takeDown = useApiMutation(takeDownFlaggedJob, {
    onSuccess: ({ resolved, status }) => {
      close();
      snackbar.success(t('flagged.takenDown', { count: resolved, status: t(`status.${status}`) }));
      return refresh();
    },
    onError,
  });

  useStepBackWhenEmptied(meta, rows, page, perPage, (to) => void navigate({ search: (prev) => ({ ...prev, page: to }), replace: true }));

  const ask = (kind: 'dismiss' | 'take-down', row: FlaggedJob) => {
    setReason('');
    setPending({ kind, row, open: true });
  };
  const title = pending?.row.job.title ?? '';
  const live = pending?.row.job.status === 'live';
  return (
    <>
      <PageHeader title={t('flagged.title')} subtitle={t('flagged.subtitle')} />
      {query.isError && !rows ? (
        <ErrorState title={t('flagged.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card sx={{ position: 'relative' }}>
          <RefetchingBar show={query.isFetching} />
          <Box sx={{ p: 2 }}>
            <DebouncedSearchField
              label={t('flagged.search')}
              value={search.q}
              onChange={(q) => void navigate({ search: (prev) => ({ ...prev, q, page: undefined }), replace: true })}
              sx={{ width: { xs: '100%', sm: 360 } }}
            />
          </Box>
          {rows?.length === 0 ? (
            <Typography role="status" color="text.secondary" sx={{ py: 8, px: 2, textAlign: 'center' }}>
              {search.q ? t('flagged.emptySearch', { q: search.q }) : t('flagged.empty')}
            </Typography>
          ) : (
            <TableContainer>
              <Table aria-label={t('flagged.title')} sx={{ minWidth: 860 }}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Box component="span" sx={visuallyHidden}>
                        {t('flagged.columns.reports')}
                      </Box>
                    </TableCell>
                    <TableCell>{t('list.columns.title')}</TableCell>
                    <TableCell>{t('list.columns.employer')}</TableCell>
                    <TableCell>{t('list.columns.status')}</TableCell>
                    <TableCell align="right">{t('flagged.columns.openReports')}</TableCell>
                    <TableCell>{t('flagged.columns.latest')}</TableCell>
                    <TableCell align="right">{canUpdate ? t('hold.columns.actions') : null}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {!rows &&
                    Array.from({ length: 3 }, (_, i) => (
                      <TableRow key={i}>
                        {Array.from({ length: FLAGGED_COLUMNS }, (_, j) => (
                          <TableCell key={j}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  {rows?.map((row) => (
                    <FlaggedJobRow
                      key={row.job.id}
                      row={row}
                      slugs={slugs}
                      open={expanded === row.job.id}
                      onToggle={() => setExpanded((e) => (e === row.job.id ? null : row.job.id))}
                      canUpdate={canUpdate}
                      busy={dismiss.isPending || takeDown.isPending}
                      onDismiss={() => ask('dismiss', row)}
                      onTakeDown={() => ask('take-down', row)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ListPagination
            meta={meta}
            page={page}
            perPage={perPage}
            onPage={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
            onPerPage={(size) => void navigate({ search: (prev) => ({ ...prev, per_page: size, page: undefined }) })}
          />
        </Card>
      )}
      <ConfirmDialog
        open={pending?.kind === 'dismiss' && pending.open}
        title={t('flagged.confirmDismiss.title', { title })}
        body={t('flagged.confirmDismiss.body', { count: pending?.row.open_reports ?? 0 })}
        confirmLabel={t('flagged.dismiss')}
        pending={dismiss.isPending}
        onCancel={close}
        onConfirm={() => pending && dismiss.mutate({ params: { uuid: pending.row.job.id } })}
      />
      <ConfirmDialog
        open={pending?.kind === 'take-down' && pending.open}
        title={t('flagged.confirmTakeDown.title', { title })}
        body={live ? t('flagged.confirmTakeDown.bodyLive') : t('flagged.confirmTakeDown.body')}
        confirmLabel={t('flagged.takeDown')}
        color="error"
        pending={takeDown.isPending}
        onCancel={close}
        onConfirm={() => pending && takeDown.mutate({ params: { uuid: pending.row.job.id }, body: { reason: reason.trim() || undefined } })}
      >
        <TextField
          label={t('flagged.confirmTakeDown.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </ConfirmDialog>
    </>
  );
}
