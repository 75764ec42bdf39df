import { useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { listJobs } from '@hireline/contract/jobs';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { BulkActionsBar } from './BulkActionsBar';
import { BulkConfirmDialog } from './BulkConfirmDialog';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { JobsFilters } from './JobsFilters';
import { JobsTable } from './JobsTable';
import { clearedFilters, DEFAULT_PER_PAGE, DEFAULT_SORT, hasFilters, toListQuery, type JobsListSearch } from './jobs.search';
import { ListPagination, useStepBackWhenEmptied } from '../../components/ListPagination';
import { useBulkJobs } from './use-bulk-jobs';
import { RefetchingBar } from '../../components/RefetchingBar';

type ListBulkAction = 'unlist' | 'relist' | 'expire' | 'delete';
const FROM = '/$account/$site/jobs';

/** The site's jobs: server paging, sort, search and filters in the URL, row selection with bulk actions, CSV. */
export function JobsListPage() {
  const { t } = useTranslation('jobs');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const canExport = useCan('export', 'jobs');
  const canCreate = useCan('create', 'jobs');
  const canStatus = useCan('status', 'jobs');
  const canDelete = useCan('delete', 'jobs');
  const bulkActions: ListBulkAction[] = [
    ...(canStatus ? (['unlist', 'relist', 'expire'] as const) : []),
    ...(canDelete ? (['delete'] as const) : []),
  ];

  const listQuery = toListQuery(search);
  const query = useApiQuery(listJobs, { query: listQuery }, { keepPrevious: true });
  const rows = query.data?.data;
  const meta = query.data?.meta;
  const page = search.page ?? 1;
  const perPage = search.per_page ?? DEFAULT_PER_PAGE;

  // The selection belongs to what is shown: another page, sort or filter starts with none.
  const selectionKey = JSON.stringify(listQuery);
  const [selection, setSelection] = useState({ key: selectionKey, ids: [] as string[] });
  const selected = selection.key === selectionKey ? selection.ids : [];
  const setSelected = (ids: string[]) => setSelection({ key: selectionKey, ids });
  const [confirm, setConfirm] = useState<{ action: ListBulkAction; ids: string[]; open: boolean } | null>(null);
  const closeConfirm = () => setConfirm((c) => c && { ...c, open: false });
  const bulk = useBulkJobs(() => {
    closeConfirm();
    setSelection({ key: selectionKey, ids: [] });
  });

  const setSearch = (patch: Partial<JobsListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace });

  useStepBackWhenEmptied(meta, rows, page, perPage, (to) => void navigate({ search: (prev) => ({ ...prev, page: to }), replace: true }));

  const filtered = hasFilters(search);
  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={canExport && <ExportCsvButton endpoint={listJobs} query={listQuery} name="jobs" />} />
      {query.isError && !rows ? (
        <ErrorState title={t('list.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card sx={{ position: 'relative' }}>
          <RefetchingBar show={query.isFetching} />
          <JobsFilters
            search={search}
            onChange={(patch) => setSearch(patch, 'q' in patch)}
            onClear={() => setSearch(clearedFilters)}
          />
          <BulkActionsBar
            count={selected.length}
            actions={bulkActions}
            busy={bulk.isPending}
            onAction={(action) => setConfirm({ action: action as ListBulkAction, ids: selected, open: true })}
            onClear={() => setSelected([])}
          />
          {rows?.length === 0 ? (
            <Box role="status" sx={{ py: 8, px: 2, textAlign: 'center' }}>
              <Typography variant="h6" component="p" gutterBottom>
                {filtered ? t('list.emptyFiltered') : t('list.empty')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {filtered ? t('list.emptyFilteredHint') : t('list.emptyHint')}
              </Typography>
              {filtered ? (
                <Button variant="outlined" onClick={() => setSearch(clearedFilters)}>
                  {t('list.filters.clear')}
                </Button>
              ) : (
                canCreate && (
                  <ButtonLink to="/$account/$site/jobs/create" params={slugs} variant="contained" startIcon={<Add />}>
                    {t('list.postJob')}
                  </ButtonLink>
                )
              )}
            </Box>
          ) : (
            <JobsTable
              rows={rows}
              sort={search.sort ?? DEFAULT_SORT}
              onSort={(sort) => setSearch({ sort: sort === DEFAULT_SORT ? undefined : sort })}
              selectable={bulkActions.length > 0}
              selected={selected}
              onSelect={setSelected}
              slugs={slugs}
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
        action={confirm?.action ?? null}
        open={confirm?.open ?? false}
        count={confirm?.ids.length ?? 0}
        pending={bulk.isPending}
        onCancel={closeConfirm}
        onConfirm={() => confirm && bulk.mutate({ body: { action: confirm.action, ids: confirm.ids } })}
      />
    </>
  );
}
