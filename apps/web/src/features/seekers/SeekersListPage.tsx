import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { listSeekers } from '@hireline/contract/seekers';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { useListPager } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { listPaging } from '../../lib/list-search';
import { SeekersFilters } from './SeekersFilters';
import { SeekersTable } from './SeekersTable';
import { clearedFilters, hasFilters, toListQuery, type SeekersListSearch } from './seekers.search';

const FROM = '/$account/$site/seekers';

/** The account's candidates: server paging, sort, search and filters in the URL, CSV export of what is shown. */
export function SeekersListPage() {
  const { t } = useTranslation('seekers');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const canExport = useCan('export', 'seekers');

  const listQuery = toListQuery(search);
  const query = useApiQuery(listSeekers, { query: listQuery }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<SeekersListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const setSearch = (patch: Partial<SeekersListSearch>, replace = false) => go({ ...patch, page: undefined }, replace);
  const pager = useListPager(listPaging(search), query.data, go);

  const filtered = hasFilters(search);
  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={canExport && <ExportCsvButton endpoint={listSeekers} query={listQuery} name="seekers" />} />
      <ListCard query={query} rows={rows} errorTitle={t('list.loadError')} pager={pager}>
        {/* Typing in the search box replaces the history entry: Back leaves the list, not one letter. */}
        <SeekersFilters search={search} onChange={(patch) => setSearch(patch, 'q' in patch)} onClear={() => setSearch(clearedFilters)} />
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
          <SeekersTable rows={rows} slugs={slugs} />
        )}
      </ListCard>
    </>
  );
}
