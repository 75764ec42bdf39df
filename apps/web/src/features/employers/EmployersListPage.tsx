import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import { useTranslation } from 'react-i18next';
import { listEmployers } from '@hireline/contract/employers';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { useListPager } from '../../components/list/use-list';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { listPaging } from '../../lib/list-search';
import { EmployersFilters } from './EmployersFilters';
import { EmployersTable } from './EmployersTable';
import { clearedFilters, DEFAULT_SORT, hasFilters, toListQuery, type EmployersListSearch } from './employers.search';

const FROM = '/$account/$site/employers';

/** The site's employers: server paging, sort, search and filters in the URL, CSV export of what is shown. */
export function EmployersListPage() {
  const { t } = useTranslation('employers');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const canCreate = useCan('create', 'employers');
  const canApprove = useCan('approve', 'employers');
  const canExport = useCan('export', 'employers');

  const listQuery = toListQuery(search);
  const query = useApiQuery(listEmployers, { query: listQuery }, { keepPrevious: true });
  const rows = query.data?.data;
  const go = (patch: Partial<EmployersListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  const setSearch = (patch: Partial<EmployersListSearch>, replace = false) => go({ ...patch, page: undefined }, replace);
  const pager = useListPager(listPaging(search), query.data, go);

  const addButton = canCreate && (
    <ButtonLink to="/$account/$site/employers/create" params={slugs} variant="contained" startIcon={<Add />}>
      {t('list.add')}
    </ButtonLink>
  );
  const headerActions = (canCreate || canApprove || canExport) && (
    // Three buttons wrap on a phone rather than overflow the header.
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {canApprove && (
        <ButtonLink to="/$account/$site/employers/hold" params={slugs} variant="outlined" startIcon={<HourglassEmptyOutlined />}>
          {t('list.onHold')}
        </ButtonLink>
      )}
      {canExport && <ExportCsvButton endpoint={listEmployers} query={listQuery} name="employers" />}
      {addButton}
    </Box>
  );

  const filtered = hasFilters(search);
  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={headerActions} />
      <ListCard query={query} rows={rows} errorTitle={t('list.loadError')} pager={pager}>
        {/* Typing in the search box replaces the history entry: Back leaves the list, not one letter. */}
        <EmployersFilters search={search} onChange={(patch) => setSearch(patch, 'q' in patch)} onClear={() => setSearch(clearedFilters)} />
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
                addButton || undefined
              )
            }
          />
        ) : (
          <EmployersTable
            rows={rows}
            sort={search.sort ?? DEFAULT_SORT}
            onSort={(sort) => setSearch({ sort: sort === DEFAULT_SORT ? undefined : sort })}
            slugs={slugs}
          />
        )}
      </ListCard>
    </>
  );
}
