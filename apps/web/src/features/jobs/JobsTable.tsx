import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '@hireline/contract/job-model';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { RouterLink } from '../../components/RouterLink';
import { formatDate, formatNumber } from '../../lib/format';
import { FlaggedMarker, JobStatusChip } from './JobStatusChip';
import type { JobSort } from './jobs.search';

/** The jobs of one page: sortable headers (aria-sort on the sorted one), optional row selection, title → detail. */
export function JobsTable(props: {
  rows: JobSummary[] | undefined;
  sort: JobSort;
  onSort: (sort: JobSort) => void;
  selectable: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  slugs: { account: string; site: string };
}) {
  const { t, i18n } = useTranslation('jobs');
  const columns: ListColumn<JobSummary, 'title' | 'status' | 'advert_end_at' | 'created_at'>[] = [
    {
      id: 'title',
      header: t('list.columns.title'),
      sort: 'title',
      first: 'asc',
      rowHeader: true,
      cell: (job) => (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <RouterLink to="/$account/$site/jobs/$id" params={{ ...props.slugs, id: job.id }} sx={{ fontWeight: 600 }}>
              {job.title}
            </RouterLink>
            {job.flagged && <FlaggedMarker reports={job.open_reports} />}
          </Box>
          {job.reference_number && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('list.reference', { reference: job.reference_number })}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'employer', header: t('list.columns.employer'), cell: (job) => job.employer.name },
    { id: 'status', header: t('list.columns.status'), sort: 'status', first: 'asc', cell: (job) => <JobStatusChip status={job.status} /> },
    {
      id: 'applications',
      header: t('list.columns.applications'),
      align: 'right',
      cell: (job) => formatNumber(job.applications_count, i18n.language),
    },
    {
      id: 'advertEnd',
      header: t('list.columns.advertEnd'),
      sort: 'advert_end_at',
      first: 'desc',
      cell: (job) => formatDate(job.advert_end_at, i18n.language) || '—',
    },
    { id: 'created', header: t('list.columns.created'), sort: 'created_at', first: 'desc', cell: (job) => formatDate(job.created_at, i18n.language) },
  ];

  return (
    <ListTable
      label={t('list.title')}
      minWidth={860}
      columns={columns}
      rows={props.rows}
      sort={props.sort}
      onSort={props.onSort}
      selection={
        props.selectable
          ? {
              selected: props.selected,
              onSelect: props.onSelect,
              allLabel: t('list.selectAll'),
              rowLabel: (job) => t('list.select', { title: job.title }),
            }
          : undefined
      }
    />
  );
}
