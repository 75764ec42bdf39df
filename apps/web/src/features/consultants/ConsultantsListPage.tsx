import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';
import { listConsultants } from '@hireline/contract/consultants';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { useListPager } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { listPaging } from '../../lib/list-search';
import { ConsultantsFilters } from './ConsultantsFilters';
import { ConsultantsTable } from './ConsultantsTable';
import { clearedFilters, hasFilters, toListQuery, type ConsultantsListSearch } from './consultants.search';

const FROM = '/$account/$site/consultants';

/** The consultants working on the selected site: server paging, sort, search and filter in the URL, CSV export. */
export function ConsultantsListPage() {
  const { t } = useTranslation('consultants');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const canCreate = useCan('create', 'consultants');
  const canExport = useCan('export', 'consultants');

  const listQuery = toListQuery(search);
  const query = useApiQuery(listConsultants, { query: listQuery }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<ConsultantsListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const setSearch = (patch: Partial<ConsultantsListSearch>, replace = false) => go({ ...patch, page: undefined }, replace);
  const pager = useListPager(listPaging(search), query.data, go);
  const add = canCreate && (
    <ButtonLink to="/$account/$site/consultants/create" params={slugs} variant="contained" startIcon={<AddOutlined />}>
      {t('list.add')}
    </ButtonLink>
  );

  const filtered = hasFilters(search);
  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          <>
            {canExport && <ExportCsvButton endpoint={listConsultants} query={listQuery} name="consultants" />}
            {add}
          </>
        }
      />
      <ListCard query={query} rows={rows} errorTitle={t('list.loadError')} pager={pager}>
        {/* Typing in the search box replaces the history entry: Back leaves the list, not one letter. */}
        <ConsultantsFilters search={search} onChange={(patch) => setSearch(patch, 'q' in patch)} onClear={() => setSearch(clearedFilters)} />
        {rows?.length === 0 ? (
          <ListEmpty
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            hint={filtered ? t('list.emptyFilteredHint') : canCreate ? t('list.emptyHint') : t('list.emptyHintViewer')}
            action={
              filtered ? (
                <Button variant="outlined" onClick={() => setSearch(clearedFilters)}>
                  {t('list.filters.clear')}
                </Button>
              ) : add || undefined
            }
          />
        ) : (
          <ConsultantsTable rows={rows} slugs={slugs} sort={search.sort} onSort={(sort) => setSearch({ sort })} />
        )}
      </ListCard>
    </>
  );
}
