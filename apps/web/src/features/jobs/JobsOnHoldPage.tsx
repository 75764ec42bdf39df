import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '@hireline/contract/job-model';
import { approveJob, listJobsOnHold, rejectJob } from '@hireline/contract/jobs';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { BulkActionsBar } from './BulkActionsBar';
import { BulkConfirmDialog } from './BulkConfirmDialog';
import { DebouncedSearchField } from './DebouncedSearchField';
import { DEFAULT_PER_PAGE } from './jobs.search';
import { ListPagination, useStepBackWhenEmptied } from '../../components/ListPagination';
import { OnHoldTable } from './OnHoldTable';
import { RejectJobDialog } from './RejectJobDialog';
import { useBulkJobs, useRefreshJobs } from './use-bulk-jobs';
import { RefetchingBar } from '../../components/RefetchingBar';

const FROM = '/$account/$site/jobs/hold';
type Pending = { kind: 'approve-many' | 'reject-many'; ids: string[]; open: boolean } | { kind: 'reject-one'; job: JobSummary; open: boolean };

/** Jobs awaiting approval, oldest first: approve or reject (with a reason) one by one or several at once. */
export function JobsOnHoldPage() {
  const { t } = useTranslation('jobs');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const snackbar = useSnackbar();
  const refresh = useRefreshJobs();
  const page = search.page ?? 1;
  const perPage = search.per_page ?? DEFAULT_PER_PAGE;
  const query = useApiQuery(listJobsOnHold, { query: { page, per_page: perPage, q: search.q } }, { keepPrevious: true });
  const rows = query.data?.data;
  const meta = query.data?.meta;

  const selectionKey = JSON.stringify(search);
  const [selection, setSelection] = useState({ key: selectionKey, ids: [] as string[] });
  const selected = selection.key === selectionKey ? selection.ids : [];
  const setSelected = (ids: string[]) => setSelection({ key: selectionKey, ids });
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending((p) => p && { ...p, open: false });
  const done = () => {
    close();
    setSelection({ key: selectionKey, ids: [] });
  };
  const bulk = useBulkJobs(done);
  const onError = (error: ApiError) => {
    snackbar.error(translateMessage(error.message));
    if (error.status === 409) {
      close();
      void refresh();
    }
  };
  const approve = useApiMutation(approveJob, {
    onSuccess: (job) => {
      snackbar.success(t('hold.approved', { title: job.title }));
      return refresh();
    },
    onError,
  });
  const reject = useApiMutation(rejectJob, {
    onSuccess: (job) => {
      close();
      snackbar.success(t('hold.rejected', { title: job.title }));
      return refresh();
    },
    onError,
  });

  useStepBackWhenEmptied(meta, rows, page, perPage, (to) => void navigate({ search: (prev) => ({ ...prev, page: to }), replace: true }));

  const ids = pending && 'ids' in pending ? pending.ids : [];
  return (
    <>
      <PageHeader title={t('hold.title')} subtitle={t('hold.subtitle')} />
      {query.isError && !rows ? (
        <ErrorState title={t('hold.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card sx={{ position: 'relative' }}>
          <RefetchingBar show={query.isFetching} />
          <Box sx={{ p: 2 }}>
            <DebouncedSearchField
              label={t('hold.search')}
              value={search.q}
              onChange={(q) => void navigate({ search: (prev) => ({ ...prev, q, page: undefined }), replace: true })}
              sx={{ width: { xs: '100%', sm: 360 } }}
            />
          </Box>
          <BulkActionsBar
            count={selected.length}
            actions={['approve', 'reject']}
            busy={bulk.isPending}
            onAction={(action) => setPending({ kind: action === 'approve' ? 'approve-many' : 'reject-many', ids: selected, open: true })}
            onClear={() => setSelected([])}
          />
          {rows?.length === 0 ? (
            <Typography role="status" color="text.secondary" sx={{ py: 8, px: 2, textAlign: 'center' }}>
              {search.q ? t('hold.emptySearch', { q: search.q }) : t('hold.empty')}
            </Typography>
          ) : (
            <OnHoldTable
              rows={rows}
              slugs={slugs}
              selected={selected}
              onSelect={setSelected}
              busy={approve.isPending || reject.isPending || bulk.isPending}
              approving={approve.isPending ? approve.variables?.params?.uuid : undefined}
              onApprove={(job) => approve.mutate({ params: { uuid: job.id } })}
              onReject={(job) => setPending({ kind: 'reject-one', job, open: true })}
            />
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
      <BulkConfirmDialog
        action={pending?.kind === 'approve-many' ? 'approve' : null}
        open={pending?.kind === 'approve-many' && pending.open}
        count={ids.length}
        pending={bulk.isPending}
        onCancel={close}
        onConfirm={() => bulk.mutate({ body: { action: 'approve', ids } })}
      />
      <RejectJobDialog
        open={pending?.kind !== 'approve-many' && !!pending?.open}
        title={pending?.kind === 'reject-one' ? pending.job.title : undefined}
        count={pending?.kind === 'reject-many' ? ids.length : undefined}
        pending={bulk.isPending || reject.isPending}
        onCancel={close}
        onConfirm={(reason) =>
          pending?.kind === 'reject-one'
            ? reject.mutate({ params: { uuid: pending.job.id }, body: { reason } })
            : bulk.mutate({ body: { action: 'reject', ids, reason } })
        }
      />
    </>
  );
}
