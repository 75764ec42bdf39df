import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import { boardSorts, listBoardJobs } from '@hireline/contract/board';
import { ErrorState } from '../../components/ErrorState';
import { paginationLabel } from '../../components/pagination-label';
import { useApiQuery } from '../../lib/api-query';
import { useBoardSite, usePageTitle } from '../../lib/site';
import { renderedWideScreen } from '../../lib/ssr-state';
import { JobCard } from './JobCard';
import { JobFilters } from './JobFilters';
import { clearFilters, hasFilters, pageCount, toApiQuery, type JobsSearch } from './jobs.search';
import { SearchBar } from './SearchBar';

export interface JobSearchPageProps {
  search: JobsSearch;
  /** Writes the search into the URL (the route owns navigation). */
  onChange: (next: JobsSearch) => void;
}

/** `/` and `/jobs`: the board's live adverts, searched, filtered, sorted and paged; everything in the URL. */
export function JobSearchPage({ search, onChange }: JobSearchPageProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  // A page the server rendered starts with the layout it chose, so the browser can take it over unchanged.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { defaultMatches: renderedWideScreen() });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const site = useBoardSite();
  const jobs = useApiQuery(listBoardJobs, { query: toApiQuery(search) }, { keepPrevious: true });
  usePageTitle(search.q ? t('jobs.titleFor', { q: search.q }) : t('jobs.title'));

  const goToPage = (page: number) => {
    onChange({ ...search, page: page > 1 ? page : undefined });
    document.getElementById('main')?.scrollIntoView({ block: 'start' });
    document.querySelector<HTMLElement>('#results-heading')?.focus();
  };

  const filters = <JobFilters site={site.data} search={search} onChange={onChange} />;
  const total = jobs.data?.meta.total ?? 0;
  const sortLabel: Record<(typeof boardSorts)[number], string> = {
    '-published_at': t('jobs.sort.newest'),
    published_at: t('jobs.sort.oldest'),
    relevance: t('jobs.sort.relevance'),
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3, borderRadius: 3 }}>
        <Typography variant="h1" component="h1" sx={{ mb: 2, fontSize: { xs: '1.5rem', md: '2rem' } }}>
          {site.data ? t('jobs.heading', { site: site.data.name }) : t('jobs.title')}
        </Typography>
        <SearchBar search={search} onChange={onChange} />
      </Paper>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 3 }}>
          {wide ? (
            <Box component="aside" aria-labelledby={`${filtersId}-title`}>
              <Typography variant="h2" id={`${filtersId}-title`} sx={{ fontSize: '1.125rem', mb: 2 }}>
                {t('filters.title')}
              </Typography>
              {filters}
            </Box>
          ) : (
            <Box component="aside" aria-label={t('filters.title')}>
              <Button
                variant="outlined"
                startIcon={<TuneIcon />}
                aria-expanded={filtersOpen}
                aria-controls={filtersId}
                onClick={() => setFiltersOpen((o) => !o)}
              >
                {filtersOpen ? t('filters.hide') : t('filters.show')}
              </Button>
              <Collapse in={filtersOpen} id={filtersId} sx={{ mt: filtersOpen ? 2 : 0 }}>
                {filters}
              </Collapse>
            </Box>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Typography variant="h2" id="results-heading" tabIndex={-1} aria-live="polite" sx={{ fontSize: '1.125rem', outline: 'none' }}>
              {jobs.data ? t('jobs.count', { count: total }) : t('jobs.loading')}
            </Typography>
            <TextField
              select
              size="small"
              label={t('jobs.sort.label')}
              value={search.sort ?? (search.q ? 'relevance' : '-published_at')}
              onChange={(e) => onChange({ ...search, sort: e.target.value as JobsSearch['sort'], page: undefined })}
              sx={{ minWidth: 200 }}
            >
              {boardSorts.map((sort) => (
                <MenuItem key={sort} value={sort}>
                  {sortLabel[sort]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {jobs.isError && !jobs.data ? (
            <ErrorState title={t('jobs.loadError')} error={jobs.error} onRetry={() => void jobs.refetch()} />
          ) : !jobs.data ? (
            <ResultsSkeleton />
          ) : jobs.data.data.length === 0 && total > 0 ? (
            // A page past the end (an old link, or adverts that closed since): the results are there, on other pages.
            <Card>
              <CardContent sx={{ textAlign: 'center', py: 6 }}>
                <Typography variant="h3" component="p" sx={{ mb: 1 }}>
                  {t('jobs.pastEnd')}
                </Typography>
                <Button variant="contained" onClick={() => goToPage(pageCount(total))} sx={{ mt: 2 }}>
                  {t('jobs.lastPage', { page: pageCount(total) })}
                </Button>
              </CardContent>
            </Card>
          ) : jobs.data.data.length === 0 ? (
            <Card>
              <CardContent sx={{ textAlign: 'center', py: 6 }}>
                <Typography variant="h3" component="p" sx={{ mb: 1 }}>
                  {t('jobs.empty')}
                </Typography>
                {hasFilters(search) && (
                  <Button variant="contained" onClick={() => onChange(clearFilters(search))} sx={{ mt: 2 }}>
                    {t('filters.clear')}
                  </Button>
                )}
              </CardContent>
            </Card>
          ) : (
            <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0, opacity: jobs.isPlaceholderData ? 0.6 : 1 }} aria-busy={jobs.isFetching}>
              {jobs.data.data.map((job) => (
                <li key={job.id}>
                  <JobCard job={job} />
                </li>
              ))}
            </Stack>
          )}
          {jobs.data && total > 0 && pageCount(total) > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Pagination
                aria-label={t('jobs.pagination')}
                count={pageCount(total)}
                page={search.page ?? 1}
                onChange={(_, page) => goToPage(page)}
                color="primary"
                siblingCount={wide ? 1 : 0}
                getItemAriaLabel={paginationLabel(t)}
              />
            </Box>
          )}
        </Grid>
      </Grid>
    </>
  );
}

function ResultsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} role="status" aria-label={t('jobs.loading')}>
      {[0, 1, 2, 3].map((i) => (
        <Card key={i}>
          <CardContent>
            <Stack direction="row" spacing={2}>
              <Skeleton variant="rounded" width={48} height={48} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="55%" height={28} />
                <Skeleton width="35%" />
                <Skeleton width="80%" />
                <Skeleton width="70%" />
              </Box>
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
