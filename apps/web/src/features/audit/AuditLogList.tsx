import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { useListPager } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { visuallyHidden } from '../../components/visually-hidden';
import { listPaging } from '../../lib/list-search';
import { AuditFilters } from './AuditFilters';
import { AuditRow, type AuditRowData } from './AuditRow';
import { clearedFilters, DEFAULT_SORT, hasFilters, type AuditSort, type EnterpriseAuditSearch } from './audit.search';

type Patch = Partial<EnterpriseAuditSearch>;

export interface AuditListQuery {
  data: { data: AuditRowData[]; meta: { page: number; per_page: number; total: number; estimated?: boolean } } | undefined;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * The audit trail of an account or of the enterprise (the pages differ in their endpoint, who may see them and the
 * account column and filter): filters in the URL, newest first unless the time header says otherwise, a row per entry
 * that opens what was recorded, paging, empty and error states, and the page's CSV export.
 */
export function AuditLogList(props: {
  title: string;
  subtitle: string;
  search: EnterpriseAuditSearch;
  go: (patch: Patch, replace?: boolean) => void;
  query: AuditListQuery;
  exportButton: ReactNode;
  /** The enterprise's trail: the account column, and the account filter when its accounts could be read. */
  enterprise?: { accounts: { id: string; name: string }[] | undefined };
}) {
  const { t } = useTranslation('audit');
  const { search, go, query } = props;
  const [expanded, setExpanded] = useState<string | null>(null);
  const rows = query.data?.data;
  // Typing in a search box replaces the history entry: Back leaves the list, not one letter.
  const setSearch = (patch: Patch) => go({ ...patch, page: undefined }, 'q' in patch || 'actor_email' in patch || 'subject_id' in patch);
  const pager = useListPager(listPaging(search), query.data, go);
  const filtered = hasFilters(search);
  const showAccount = Boolean(props.enterprise);
  const actorName = rows
    ?.flatMap((r) => [r.actor, r.impersonator])
    .find((p) => p?.id === search.actor)?.name;

  const columns: ListColumn<AuditRowData, 'created_at'>[] = [
    {
      id: 'expand',
      narrow: true,
      header: (
        <Box component="span" sx={visuallyHidden}>
          {t('list.columns.details')}
        </Box>
      ),
    },
    { id: 'time', header: t('list.columns.time'), sort: 'created_at', first: 'desc' },
    { id: 'who', header: t('list.columns.who') },
    { id: 'action', header: t('list.columns.action') },
    { id: 'subject', header: t('list.columns.subject') },
    ...(showAccount ? [{ id: 'account', header: t('list.columns.account') }] : []),
    { id: 'ip', header: t('list.columns.ip') },
  ];

  return (
    <>
      <PageHeader title={props.title} subtitle={props.subtitle} actions={props.exportButton || undefined} />
      <ListCard query={query} rows={rows} errorTitle={t('list.loadError')} pager={pager}>
        <AuditFilters
          search={search}
          onChange={setSearch}
          onClear={() => setSearch(clearedFilters)}
          actorName={actorName}
          accounts={props.enterprise?.accounts}
        />
        {rows?.length === 0 ? (
          <ListEmpty
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            hint={filtered ? t('list.emptyFilteredHint') : t('list.emptyHint')}
            action={
              filtered ? (
                <Button variant="outlined" onClick={() => setSearch(clearedFilters)}>
                  {t('filters.clear')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ListTable
            label={t('list.label')}
            minWidth={showAccount ? 1040 : 900}
            columns={columns}
            rows={rows}
            sort={search.sort ?? DEFAULT_SORT}
            onSort={(sort: AuditSort) => setSearch({ sort: sort === DEFAULT_SORT ? undefined : sort })}
            renderRow={(row) => (
              <AuditRow
                row={row}
                showAccount={showAccount}
                columns={columns.length}
                open={expanded === row.id}
                onToggle={() => setExpanded((id) => (id === row.id ? null : row.id))}
                onActor={(actor) => setSearch({ actor })}
              />
            )}
          />
        )}
      </ListCard>
    </>
  );
}
