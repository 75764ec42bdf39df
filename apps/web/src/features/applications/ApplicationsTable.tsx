import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApplicationSummary } from '@hireline/contract/applications';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { RouterLink } from '../../components/RouterLink';
import { formatDate } from '../../lib/format';
import type { ApplicationSort } from './applications.search';
import { ApplicationMarkers } from './ApplicationMarkers';
import { JobLink } from './JobLink';
import { StageChip } from './StageChip';

type Row = ApplicationSummary;

/** The applications of one page: sortable headers (aria-sort on the sorted one), optional row selection. */
export function ApplicationsTable(props: {
  rows: Row[] | undefined;
  sort: ApplicationSort;
  onSort: (sort: ApplicationSort) => void;
  selectable: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  slugs: { account: string; site: string };
}) {
  const { t, i18n } = useTranslation('applications');
  const columns: ListColumn<Row, 'candidate_name' | 'job_title' | 'created_at' | 'status_changed_at'>[] = [
    {
      id: 'candidate',
      header: t('list.columns.candidate'),
      sort: 'candidate_name',
      first: 'asc',
      rowHeader: true,
      cell: (row) => (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <RouterLink
              to="/$account/$site/applications/$id/$tab"
              params={{ ...props.slugs, id: row.id, tab: 'overview' }}
              sx={{ fontWeight: 600 }}
            >
              {row.candidate.name}
            </RouterLink>
            <ApplicationMarkers knockedOut={row.knocked_out} enabled={row.enabled} />
          </Box>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {row.candidate.email}
          </Typography>
        </>
      ),
    },
    {
      id: 'job',
      header: t('list.columns.job'),
      sort: 'job_title',
      first: 'asc',
      cell: (row) => (
        <>
          <JobLink slugs={props.slugs} jobId={row.job.id}>
            {row.job.title}
          </JobLink>
          {row.job.reference_number && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('list.reference', { reference: row.job.reference_number })}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'employer', header: t('list.columns.employer'), cell: (row) => row.employer.name },
    { id: 'status', header: t('list.columns.status'), cell: (row) => <StageChip status={row.status} /> },
    {
      id: 'tags',
      header: t('list.columns.tags'),
      cell: (row) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {row.tags.map((tag) => (
            <Chip key={tag} size="small" variant="outlined" label={tag} />
          ))}
        </Box>
      ),
    },
    {
      id: 'statusChanged',
      header: t('list.columns.statusChanged'),
      sort: 'status_changed_at',
      first: 'desc',
      cell: (row) => formatDate(row.status_changed_at, i18n.language),
    },
    { id: 'applied', header: t('list.columns.applied'), sort: 'created_at', first: 'desc', cell: (row) => formatDate(row.created_at, i18n.language) },
  ];

  return (
    <ListTable
      label={t('list.title')}
      minWidth={960}
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
              rowLabel: (row) => t('list.select', { name: row.candidate.name }),
            }
          : undefined
      }
    />
  );
}
