import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listSeekers } from '@hireline/contract/seekers';
import { ErrorState } from '../../components/ErrorState';
import { ListPagination, useStepBackWhenEmptied } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { RefetchingBar } from '../../components/RefetchingBar';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { SeekersFilters } from './SeekersFilters';
import { SeekersTable } from './SeekersTable';
import { clearedFilters, DEFAULT_PER_PAGE, hasFilters, toListQuery, type SeekersListSearch } from './seekers.search';

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
  const meta = query.data?.meta;
  const page = search.page ?? 1;
  const perPage = search.per_page ?? DEFAULT_PER_PAGE;

  const setSearch = (patch: Partial<SeekersListSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace });

  useStepBackWhenEmptied(meta, rows, page, perPage, (to) => void navigate({ search: (prev) => ({ ...prev, page: to }), replace: true }));

  const filtered = hasFilters(search);
  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle')} actions={canExport && <ExportCsvButton endpoint={listSeekers} query={listQuery} name="seekers" />} />
      {query.isError && !rows ? (
        <ErrorState title={t('list.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card sx={{ position: 'relative' }}>
          <RefetchingBar show={query.isFetching} />
          {/* Typing in the search box replaces the history entry: Back leaves the list, not one letter. */}
          <SeekersFilters search={search} onChange={(patch) => setSearch(patch, 'q' in patch)} onClear={() => setSearch(clearedFilters)} />
          {rows?.length === 0 ? (
            <Box role="status" sx={{ py: 8, px: 2, textAlign: 'center' }}>
              <Typography variant="h6" component="p" gutterBottom>
                {filtered ? t('list.emptyFiltered') : t('list.empty')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: filtered ? 2 : 0 }}>
                {filtered ? t('list.emptyFilteredHint') : t('list.emptyHint')}
              </Typography>
              {filtered && (
                <Button variant="outlined" onClick={() => setSearch(clearedFilters)}>
                  {t('list.filters.clear')}
                </Button>
              )}
            </Box>
          ) : (
            <SeekersTable rows={rows} slugs={slugs} />
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
    </>
  );
}
