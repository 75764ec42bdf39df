import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listApplications, type ApplicationSummary } from '@hireline/contract/applications';
import type { ConsultantDetail } from '@hireline/contract/consultants';
import { ErrorState } from '../../components/ErrorState';
import { ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { ListPagination } from '../../components/ListPagination';
import { RefetchingBar } from '../../components/RefetchingBar';
import { RouterLink } from '../../components/RouterLink';
import { SectionCard } from '../../components/SectionCard';
import { useApiQuery } from '../../lib/api-query';
import { formatDate } from '../../lib/format';
import { ApplicationStatusChip } from './job-labels';

type Slugs = { account: string; site: string };
const PER_PAGE = 10;

/** Applications to the consultant's jobs on this site, newest first and paged; the whole list is the applications page filtered by them. */
export function ConsultantApplicationsCard({ consultant, slugs }: { consultant: ConsultantDetail; slugs: Slugs }) {
  const { t, i18n } = useTranslation('consultants');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PER_PAGE);
  const query = useApiQuery(
    listApplications,
    { query: { consultant_id: consultant.id, page, per_page: perPage, sort: '-created_at' } },
    { keepPrevious: true },
  );
  const rows = query.data?.data;
  const columns: ListColumn<ApplicationSummary>[] = [
    {
      id: 'candidate',
      header: t('applications.columns.candidate'),
      rowHeader: true,
      cell: (a) => (
        <RouterLink to="/$account/$site/applications/$id/$tab" params={{ ...slugs, id: a.id, tab: 'overview' }} sx={{ fontWeight: 600 }}>
          {a.candidate.name}
        </RouterLink>
      ),
    },
    {
      id: 'job',
      header: t('applications.columns.job'),
      cell: (a) => (
        <>
          {a.job.title}
          <Typography variant="caption" color="text.secondary" component="div">
            {a.employer.name}
          </Typography>
        </>
      ),
    },
    { id: 'status', header: t('applications.columns.status'), cell: (a) => <ApplicationStatusChip status={a.status} /> },
    { id: 'applied', header: t('applications.columns.applied'), sx: { whiteSpace: 'nowrap' }, cell: (a) => formatDate(a.created_at, i18n.language) },
  ];

  return (
    <SectionCard
      title={t('applications.title')}
      action={
        <RouterLink to="/$account/$site/applications" params={slugs} search={{ consultant_id: consultant.id }} variant="body2">
          {t('applications.viewAll')}
        </RouterLink>
      }
    >
      {query.isError && !rows ? (
        <ErrorState title={t('applications.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : rows?.length === 0 ? (
        <ListEmpty compact title={t('applications.empty')} hint={t('applications.emptyHint')} />
      ) : (
        <Box sx={{ position: 'relative' }}>
          <RefetchingBar show={query.isFetching && Boolean(rows)} />
          <ListTable label={t('applications.label')} minWidth={520} columns={columns} rows={rows} placeholders={3} />
          <ListPagination
            meta={query.data?.meta}
            page={page}
            perPage={perPage}
            onPage={(next) => setPage(next ?? 1)}
            onPerPage={(size) => {
              setPerPage(size);
              setPage(1);
            }}
          />
        </Box>
      )}
    </SectionCard>
  );
}
