import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import { useTranslation } from 'react-i18next';
import type { ConsultantDetail } from '@hireline/contract/consultants';
import type { JobSummary } from '@hireline/contract/job-model';
import { listJobs } from '@hireline/contract/jobs';
import { ErrorState } from '../../components/ErrorState';
import { ListEmpty } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { ListPagination } from '../../components/ListPagination';
import { RefetchingBar } from '../../components/RefetchingBar';
import { RouterLink } from '../../components/RouterLink';
import { SectionCard } from '../../components/SectionCard';
import { useApiQuery } from '../../lib/api-query';
import { formatDate, formatNumber } from '../../lib/format';
import { AssignJobsDialog } from './AssignJobsDialog';
import { JobStatusChip } from './job-labels';

type Slugs = { account: string; site: string };
const PER_PAGE = 10;

/**
 * The consultant's jobs on this site (the jobs list filtered by `consultant_id`), newest first and paged, with a link
 * to the whole filtered list and, for an enabled consultant, "Assign jobs".
 */
export function ConsultantJobsCard({ consultant, slugs }: { consultant: ConsultantDetail; slugs: Slugs }) {
  const { t, i18n } = useTranslation('consultants');
  // The API says whether the caller may assign jobs to them now (an enabled consultant, and `jobs.update` too).
  const canAssign = consultant.allowed_actions.includes('assign_jobs');
  // A disabled one: say why there is no "Assign jobs" to whoever may enable them.
  const mayEnable = consultant.allowed_actions.includes('enable');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PER_PAGE);
  const [assigning, setAssigning] = useState(false);
  const query = useApiQuery(
    listJobs,
    { query: { consultant_id: consultant.id, page, per_page: perPage, sort: '-created_at' } },
    { keepPrevious: true },
  );
  const rows = query.data?.data;
  const columns: ListColumn<JobSummary>[] = [
    {
      id: 'title',
      header: t('jobs.columns.title'),
      rowHeader: true,
      cell: (job) => (
        <>
          <RouterLink to="/$account/$site/jobs/$id" params={{ ...slugs, id: job.id }} sx={{ fontWeight: 600 }}>
            {job.title}
          </RouterLink>
          <Typography variant="caption" color="text.secondary" component="div">
            {job.reference_number ? t('jobs.employerRef', { employer: job.employer.name, reference: job.reference_number }) : job.employer.name}
          </Typography>
        </>
      ),
    },
    { id: 'status', header: t('jobs.columns.status'), cell: (job) => <JobStatusChip status={job.status} /> },
    {
      id: 'applications',
      header: t('jobs.columns.applications'),
      align: 'right',
      cell: (job) => formatNumber(job.applications_count, i18n.language),
    },
    { id: 'created', header: t('jobs.columns.created'), sx: { whiteSpace: 'nowrap' }, cell: (job) => formatDate(job.created_at, i18n.language) },
  ];

  return (
    <SectionCard
      title={t('jobs.title')}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <RouterLink to="/$account/$site/jobs" params={slugs} search={{ consultant_id: consultant.id }} variant="body2" sx={{ alignSelf: 'center' }}>
            {t('jobs.viewAll')}
          </RouterLink>
          {canAssign && (
            <Button size="small" variant="outlined" startIcon={<AddLinkOutlined />} onClick={() => setAssigning(true)}>
              {t('jobs.assign')}
            </Button>
          )}
        </Box>
      }
    >
      {mayEnable && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('jobs.assignDisabled')}
        </Typography>
      )}
      {query.isError && !rows ? (
        <ErrorState title={t('jobs.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : rows?.length === 0 ? (
        <ListEmpty compact title={t('jobs.empty')} hint={canAssign ? t('jobs.emptyHintAssign') : t('jobs.emptyHint')} />
      ) : (
        <Box sx={{ position: 'relative' }}>
          <RefetchingBar show={query.isFetching && Boolean(rows)} />
          <ListTable label={t('jobs.label')} minWidth={520} columns={columns} rows={rows} placeholders={3} />
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
      <AssignJobsDialog open={assigning} consultant={consultant} onClose={() => setAssigning(false)} />
    </SectionCard>
  );
}
