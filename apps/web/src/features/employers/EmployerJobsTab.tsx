import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobStatus } from '@hireline/contract/enums';
import type { JobSummary } from '@hireline/contract/job-model';
import { listJobs } from '@hireline/contract/jobs';
import { ListCard, ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { useListPager } from '../../components/list/use-list';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { formatDate, formatNumber } from '../../lib/format';
import { listPaging } from '../../lib/list-search';

// The jobs list's colours for the same statuses (features do not share code; the theme keeps these at 4.5:1).
const JOB_STATUS_COLOR: Record<JobStatus, NonNullable<ChipProps['color']>> = {
  draft: 'default',
  pending: 'warning',
  live: 'success',
  unlisted: 'info',
  expired: 'secondary',
  rejected: 'error',
};

/** The employer's jobs on this site, newest first, paged through the URL; each opens the job, and the full list is one link away. */
export function EmployerJobsTab(props: {
  employerId: string;
  slugs: { account: string; site: string };
  paging: { page?: number; per_page?: number };
  go: (patch: { page?: number; per_page?: number }, replace?: boolean) => void;
}) {
  const { t, i18n } = useTranslation('employers');
  const paging = listPaging(props.paging);
  const query = useApiQuery(
    listJobs,
    { query: { page: paging.page, per_page: paging.perPage, sort: '-created_at', employer_id: props.employerId } },
    { keepPrevious: true },
  );
  const rows = query.data?.data;
  const pager = useListPager(paging, query.data, props.go);
  const columns: ListColumn<JobSummary>[] = [
    {
      id: 'title',
      header: t('jobs.columns.title'),
      rowHeader: true,
      cell: (job) => (
        <>
          <RouterLink to="/$account/$site/jobs/$id" params={{ ...props.slugs, id: job.id }} sx={{ fontWeight: 600 }}>
            {job.title}
          </RouterLink>
          {job.reference_number && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('jobs.reference', { reference: job.reference_number })}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'status',
      header: t('jobs.columns.status'),
      cell: (job) => (
        <Chip size="small" color={JOB_STATUS_COLOR[job.status]} variant={job.status === 'draft' ? 'outlined' : 'filled'} label={t(`jobStatus.${job.status}`)} />
      ),
    },
    {
      id: 'applications',
      header: t('jobs.columns.applications'),
      align: 'right',
      cell: (job) => formatNumber(job.applications_count, i18n.language),
    },
    { id: 'created', header: t('jobs.columns.created'), sx: { whiteSpace: 'nowrap' }, cell: (job) => formatDate(job.created_at, i18n.language) },
  ];

  return (
    <ListCard query={query} rows={rows} errorTitle={t('jobs.loadError')} pager={pager}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, p: 2 }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('jobs.intro')}
        </Typography>
        <ButtonLink to="/$account/$site/jobs" params={props.slugs} search={{ employer_id: props.employerId }} variant="outlined">
          {t('jobs.openList')}
        </ButtonLink>
      </Box>
      {rows?.length === 0 ? (
        <ListEmpty compact title={t('jobs.empty')} hint={t('jobs.emptyHint')} />
      ) : (
        <ListTable label={t('jobs.label')} minWidth={640} columns={columns} rows={rows} placeholders={3} />
      )}
    </ListCard>
  );
}
