import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApplicationSummary } from '@hireline/contract/applications';
import { RouterLink } from '../../components/RouterLink';
import { formatDate } from '../jobs/job-format';
import type { ApplicationSort } from './applications.search';
import { ApplicationMarkers } from './ApplicationMarkers';
import { JobLink } from './JobLink';
import { StageChip } from './StageChip';

type SortKey = 'candidate_name' | 'job_title' | 'created_at' | 'status_changed_at';
interface Column {
  id: 'candidate' | 'job' | 'employer' | 'status' | 'tags' | 'statusChanged' | 'applied';
  sort?: SortKey;
  /** The direction a first click sorts by: dates newest first, text A→Z. */
  first?: 'asc' | 'desc';
}
const COLUMNS: Column[] = [
  { id: 'candidate', sort: 'candidate_name', first: 'asc' },
  { id: 'job', sort: 'job_title', first: 'asc' },
  { id: 'employer' },
  { id: 'status' },
  { id: 'tags' },
  { id: 'statusChanged', sort: 'status_changed_at', first: 'desc' },
  { id: 'applied', sort: 'created_at', first: 'desc' },
];

/** The applications of one page: sortable headers (aria-sort on the sorted one), optional row selection. */
export function ApplicationsTable(props: {
  rows: ApplicationSummary[] | undefined;
  sort: ApplicationSort;
  onSort: (sort: ApplicationSort) => void;
  selectable: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  slugs: { account: string; site: string };
}) {
  const { t, i18n } = useTranslation('applications');
  const { rows, selected } = props;
  const desc = props.sort.startsWith('-');
  const sortKey = props.sort.replace(/^-/, '') as SortKey;
  const allOnPage = !!rows?.length && rows.every((r) => selected.includes(r.id));
  const someOnPage = !!rows?.some((r) => selected.includes(r.id));
  const toggle = (id: string) => props.onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const sortBy = (column: Column) => {
    const key = column.sort!;
    const nextDesc = key === sortKey ? !desc : column.first === 'desc';
    props.onSort((nextDesc ? `-${key}` : key) as ApplicationSort);
  };

  return (
    <TableContainer>
      <Table aria-label={t('list.title')} sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            {props.selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  disabled={!rows?.length}
                  onChange={() => props.onSelect(allOnPage ? [] : (rows ?? []).map((r) => r.id))}
                  slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
                />
              </TableCell>
            )}
            {COLUMNS.map((column) => {
              const active = column.sort === sortKey;
              return (
                <TableCell key={column.id} sortDirection={active ? (desc ? 'desc' : 'asc') : false}>
                  {column.sort ? (
                    <TableSortLabel active={active} direction={active ? (desc ? 'desc' : 'asc') : column.first} onClick={() => sortBy(column)}>
                      {t(`list.columns.${column.id}`)}
                    </TableSortLabel>
                  ) : (
                    t(`list.columns.${column.id}`)
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {!rows &&
            Array.from({ length: 5 }, (_, i) => (
              <TableRow key={i}>
                {Array.from({ length: COLUMNS.length + (props.selectable ? 1 : 0) }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {rows?.map((row) => {
            const isSelected = selected.includes(row.id);
            return (
              <TableRow key={row.id} hover selected={isSelected}>
                {props.selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isSelected}
                      onChange={() => toggle(row.id)}
                      slotProps={{ input: { 'aria-label': t('list.select', { name: row.candidate.name }) } }}
                    />
                  </TableCell>
                )}
                <TableCell component="th" scope="row">
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
                </TableCell>
                <TableCell>
                  <JobLink slugs={props.slugs} jobId={row.job.id}>
                    {row.job.title}
                  </JobLink>
                  {row.job.reference_number && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('list.reference', { reference: row.job.reference_number })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{row.employer.name}</TableCell>
                <TableCell>
                  <StageChip status={row.status} />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {row.tags.map((tag) => (
                      <Chip key={tag} size="small" variant="outlined" label={tag} />
                    ))}
                  </Box>
                </TableCell>
                <TableCell>{formatDate(row.status_changed_at, i18n.language)}</TableCell>
                <TableCell>{formatDate(row.created_at, i18n.language)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
