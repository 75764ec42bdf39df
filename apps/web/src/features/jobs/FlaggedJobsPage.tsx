import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { dismissFlags, listFlaggedJobs, takeDownFlaggedJob } from '@hireline/contract/job-reviews';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListSearchBox } from '../../components/list/FilterPanel';
import { ListCard, ListEmptyMessage } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { useListPager } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { visuallyHidden } from '../../components/visually-hidden';
import { useCan } from '../../lib/ability';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { listPaging, type SimpleListSearch } from '../../lib/list-search';
import { translateError } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { FlaggedJobRow, type FlaggedJob } from './FlaggedJobRow';
import { useRefreshJobs } from './use-bulk-jobs';

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
  const paging = listPaging(search);
  const listQuery = { page: paging.page, per_page: paging.perPage, q: search.q };
  const query = useApiQuery(listFlaggedJobs, { query: listQuery }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<SimpleListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const pager = useListPager(paging, query.data, go);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [pending, setPending] = useState<{ kind: 'dismiss' | 'take-down'; row: FlaggedJob; open: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const close = () => setPending((p) => p && { ...p, open: false });
  const onError = (error: ApiError) => {
    snackbar.error(translateError(error));
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

  const ask = (kind: 'dismiss' | 'take-down', row: FlaggedJob) => {
    setReason('');
    setPending({ kind, row, open: true });
  };
  const title = pending?.row.job.title ?? '';
  const live = pending?.row.job.status === 'live';
  // The rows are FlaggedJobRow's (each opens its reports below it): these columns only head the table.
  const columns: ListColumn<FlaggedJob>[] = [
    {
      id: 'reports',
      narrow: true,
      header: (
        <Box component="span" sx={visuallyHidden}>
          {t('flagged.columns.reports')}
        </Box>
      ),
    },
    { id: 'title', header: t('list.columns.title') },
    { id: 'employer', header: t('list.columns.employer') },
    { id: 'status', header: t('list.columns.status') },
    { id: 'openReports', header: t('flagged.columns.openReports'), align: 'right' },
    { id: 'latest', header: t('flagged.columns.latest') },
    { id: 'actions', header: canUpdate ? t('hold.columns.actions') : null, align: 'right' },
  ];
  return (
    <>
      <PageHeader title={t('flagged.title')} subtitle={t('flagged.subtitle')} />
      <ListCard query={query} rows={rows} errorTitle={t('flagged.loadError')} pager={pager}>
        <ListSearchBox label={t('flagged.search')} value={search.q} onChange={(q) => go({ q, page: undefined }, true)} />
        {rows?.length === 0 ? (
          <ListEmptyMessage>{search.q ? t('flagged.emptySearch', { q: search.q }) : t('flagged.empty')}</ListEmptyMessage>
        ) : (
          <ListTable
            label={t('flagged.title')}
            minWidth={860}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.job.id}
            placeholders={3}
            renderRow={(row) => (
              <FlaggedJobRow
                row={row}
                slugs={slugs}
                open={expanded === row.job.id}
                onToggle={() => setExpanded((e) => (e === row.job.id ? null : row.job.id))}
                canUpdate={canUpdate}
                busy={dismiss.isPending || takeDown.isPending}
                onDismiss={() => ask('dismiss', row)}
                onTakeDown={() => ask('take-down', row)}
              />
            )}
          />
        )}
      </ListCard>
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
