import { useId, useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { countApplications, listApplications } from '@hireline/contract/applications';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { BulkActionsBar } from '../../components/list/BulkActionsBar';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { useListPager, useListSelection } from '../../components/list/use-list';
import { ListPagination } from '../../components/ListPagination';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { listPaging } from '../../lib/list-search';
import { ApplicationsFilters } from './ApplicationsFilters';
import { ApplicationsTable } from './ApplicationsTable';
import { clearedFilters, DEFAULT_SORT, hasFilters, toCountsQuery, toListQuery, type ApplicationsListSearch } from './applications.search';
import { StageTabs, stageTabId } from './StageTabs';
import { StatusChangeDialog, type StatusChangeTarget } from './StatusChangeDialog';
import { useBulkApplications, type ApplicationBulkAction } from './use-bulk-applications';
import { useStages } from './use-stages';

const FROM = '/$account/$site/applications';
type Confirmed = Exclude<ApplicationBulkAction, 'status'>;

/** The list view: stage tabs with counts, filters, the table with selection and bulk actions, paging. */
export function ApplicationsList() {
  const { t } = useTranslation('applications');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const panelId = useId();
  const stages = useStages();
  const canStatus = useCan('status', 'applications');
  const canUpdate = useCan('update', 'applications');
  const canDelete = useCan('delete', 'applications');
  const bulkActions: ApplicationBulkAction[] = [
    ...(canStatus ? (['status'] as const) : []),
    ...(canUpdate ? (['enable', 'disable'] as const) : []),
    ...(canDelete ? (['delete'] as const) : []),
  ];

  const listQuery = toListQuery(search, stages.shown);
  // Asked once the stages are known: until then "All" could still include a hidden stage.
  const query = useApiQuery(listApplications, { query: listQuery }, { keepPrevious: true, enabled: !stages.query.isPending });
  const counts = useApiQuery(countApplications, { query: toCountsQuery(search) }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<ApplicationsListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const setSearch = (patch: Partial<ApplicationsListSearch>, replace = false) => go({ ...patch, page: undefined }, replace);
  const pager = useListPager(listPaging(search), query.data, go);

  // The selection belongs to what is shown: another page, sort or filter starts with none.
  const { selected, setSelected, clear: clearSelection } = useListSelection(JSON.stringify(listQuery));
  const [confirm, setConfirm] = useState<{ action: Confirmed; ids: string[]; open: boolean } | null>(null);
  const closeConfirm = () => setConfirm((c) => c && { ...c, open: false });
  const [statusDialog, setStatusDialog] = useState<{ key: number; open: boolean; target: StatusChangeTarget } | null>(null);
  const bulk = useBulkApplications(() => {
    closeConfirm();
    clearSelection();
  });

  const onAction = (action: ApplicationBulkAction) => {
    if (action !== 'status') return setConfirm({ action, ids: selected, open: true });
    const names = Object.fromEntries((rows ?? []).filter((r) => selected.includes(r.id)).map((r) => [r.id, r.candidate.name]));
    setStatusDialog((d) => ({ key: (d?.key ?? 0) + 1, open: true, target: { ids: selected, names } }));
  };
  const single = search.status?.length === 1 && stages.visible.some((s) => s.status === search.status![0]);
  const filtered = hasFilters(search);
  const count = t('bulk.count', { count: confirm?.ids.length ?? 0 });

  return (
    <ListCard query={query} rows={rows} errorTitle={t('list.loadError')}>
      <StageTabs
        stages={stages}
        counts={counts.data}
        countsFailed={counts.isError}
        status={search.status}
        panelId={panelId}
        onChange={(status) => setSearch({ status })}
      />
      <Box
        role="tabpanel"
        id={panelId}
        {...(single || !search.status ? { 'aria-labelledby': stageTabId(single ? search.status![0]! : 'all') } : { 'aria-label': t('list.title') })}
      >
        <ApplicationsFilters
          search={search}
          stages={stages}
          onChange={(patch) => setSearch(patch, 'q' in patch)}
          onClear={() => setSearch(clearedFilters)}
        />
        <BulkActionsBar
          count={selected.length}
          actions={bulkActions}
          busy={bulk.isPending}
          onAction={onAction}
          onClear={() => setSelected([])}
          labels={{
            region: t('bulk.label'),
            selected: t('bulk.selected', { count: selected.length }),
            clear: t('bulk.clear'),
            action: (action) => t(`actions.${action}`),
          }}
          colors={{ disable: 'warning', delete: 'error' }}
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
              ) : undefined
            }
          />
        ) : (
          <ApplicationsTable
            rows={rows}
            sort={search.sort ?? DEFAULT_SORT}
            onSort={(sort) => setSearch({ sort: sort === DEFAULT_SORT ? undefined : sort })}
            selectable={bulkActions.length > 0}
            selected={selected}
            onSelect={setSelected}
            slugs={slugs}
          />
        )}
        <ListPagination {...pager} />
      </Box>
      <ConfirmDialog
        open={confirm?.open ?? false}
        title={t(`bulk.confirm.${confirm?.action ?? 'enable'}.title`, { applications: count })}
        body={t(`bulk.confirm.${confirm?.action ?? 'enable'}.body`)}
        confirmLabel={t(`actions.${confirm?.action ?? 'enable'}`)}
        irreversible={confirm?.action === 'delete'}
        color={confirm?.action === 'delete' ? 'error' : confirm?.action === 'disable' ? 'warning' : 'primary'}
        pending={bulk.isPending}
        onCancel={closeConfirm}
        onConfirm={() => confirm && bulk.mutate({ body: { action: confirm.action, ids: confirm.ids } })}
      />
      {statusDialog && (
        <StatusChangeDialog
          key={statusDialog.key}
          open={statusDialog.open}
          target={statusDialog.target}
          onClose={() => setStatusDialog((d) => d && { ...d, open: false })}
          onDone={clearSelection}
        />
      )}
    </ListCard>
  );
}
