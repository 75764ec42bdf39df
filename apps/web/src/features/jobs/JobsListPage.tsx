import { useCallback, useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { listJobs } from '@hireline/contract/jobs';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { useListPager, useListSelection } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { listPaging } from '../../lib/list-search';
import { BulkConfirmDialog } from './BulkConfirmDialog';
import { JobsBulkBar } from './JobsBulkBar';
import { JobsFilters } from './JobsFilters';
import { JobsTable } from './JobsTable';
import { clearedFilters, DEFAULT_SORT, hasFilters, toListQuery, type JobsListSearch } from './jobs.search';
import { useBulkJobs } from './use-bulk-jobs';

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
  // Stable, so the filters (a few hundred components) are not drawn again each time a page of jobs arrives.
  const go = useCallback(
    (patch: Partial<JobsListSearch>, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace }),
    [navigate],
  );
  const setSearch = useCallback((patch: Partial<JobsListSearch>, replace = false) => go({ ...patch, page: undefined }, replace), [go]);
  const changeFilters = useCallback((patch: Partial<JobsListSearch>) => setSearch(patch, 'q' in patch), [setSearch]);
  const clearFilters = useCallback(() => setSearch(clearedFilters), [setSearch]);
  const pager = useListPager(listPaging(search), query.data, go);

  // The selection belongs to what is shown: another page, sort or filter starts with none.
  const { selected, setSelected, clear } = useListSelection(JSON.stringify(listQuery));
  // Each action goes to the selected rows that allow it (`allowed_actions`); one that applies to none is not offered.
  const idsFor = (action: ListBulkAction) => (rows ?? []).filter((r) => selected.includes(r.id) && r.allowed_actions.includes(action)).map((r) => r.id);
  const offered = bulkActions.filter((action) => idsFor(action).length > 0);
  const [confirm, setConfirm] = useState<{ action: ListBulkAction; ids: string[]; open: boolean } | null>(null);
  const closeConfirm = () => setConfirm((c) => c && { ...c, open: false });
  const bulk = useBulkJobs(() => {
    closeConfirm();
    clear();
  });

  const filtered = hasFilters(search);
  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={canExport && <ExportCsvButton endpoint={listJobs} query={listQuery} name="jobs" />} />
      <ListCard query={query} rows={rows} errorTitle={t('list.loadError')} pager={pager}>
        <JobsFilters search={search} onChange={changeFilters} onClear={clearFilters} />
        <JobsBulkBar
          count={selected.length}
          actions={offered}
          applies={(action) => idsFor(action as ListBulkAction).length}
          busy={bulk.isPending}
          onAction={(action) => setConfirm({ action: action as ListBulkAction, ids: idsFor(action as ListBulkAction), open: true })}
          onClear={() => setSelected([])}
        />
        {rows?.length === 0 ? (
          <ListEmpty
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            hint={filtered ? t('list.emptyFilteredHint') : t('list.emptyHint')}
            action={
              filtered ? (
                <Button variant="outlined" onClick={() => setSearch(clearedFilters)}>
                  {t('list.filters.clear')}
                </Button>
              ) : (
                canCreate && (
                  <ButtonLink to="/$account/$site/jobs/create" params={slugs} variant="contained" startIcon={<Add />}>
                    {t('list.postJob')}
                  </ButtonLink>
                )
              )
            }
          />
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
      </ListCard>
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
