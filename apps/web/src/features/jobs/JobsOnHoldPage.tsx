import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '@hireline/contract/job-model';
import { approveJob, listJobsOnHold, rejectJob } from '@hireline/contract/jobs';
import { ListSearchBox } from '../../components/list/FilterPanel';
import { ListCard, ListEmptyMessage } from '../../components/list/ListCard';
import { useListPager, useListSelection } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import type { ApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { listPaging, type SimpleListSearch } from '../../lib/list-search';
import { translateError } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { BulkConfirmDialog } from './BulkConfirmDialog';
import { JobsBulkBar } from './JobsBulkBar';
import { OnHoldTable } from './OnHoldTable';
import { RejectJobDialog } from './RejectJobDialog';
import { useBulkJobs, useRefreshJobs } from './use-bulk-jobs';

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
  const paging = listPaging(search);
  const listQuery = { page: paging.page, per_page: paging.perPage, q: search.q };
  const query = useApiQuery(listJobsOnHold, { query: listQuery }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<SimpleListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const pager = useListPager(paging, query.data, go);

  const { selected, setSelected, clear } = useListSelection(JSON.stringify(search));
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending((p) => p && { ...p, open: false });
  const done = () => {
    close();
    clear();
  };
  const bulk = useBulkJobs(done);
  const onError = (error: ApiError) => {
    snackbar.error(translateError(error));
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

  const ids = pending && 'ids' in pending ? pending.ids : [];
  return (
    <>
      <PageHeader title={t('hold.title')} subtitle={t('hold.subtitle')} />
      <ListCard query={query} rows={rows} errorTitle={t('hold.loadError')} pager={pager}>
        <ListSearchBox label={t('hold.search')} value={search.q} onChange={(q) => go({ q, page: undefined }, true)} />
        <JobsBulkBar
          count={selected.length}
          actions={['approve', 'reject']}
          busy={bulk.isPending}
          onAction={(action) => setPending({ kind: action === 'approve' ? 'approve-many' : 'reject-many', ids: selected, open: true })}
          onClear={() => setSelected([])}
        />
        {rows?.length === 0 ? (
          <ListEmptyMessage>{search.q ? t('hold.emptySearch', { q: search.q }) : t('hold.empty')}</ListEmptyMessage>
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
      </ListCard>
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
