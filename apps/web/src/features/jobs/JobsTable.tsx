import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
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
import type { JobSummary } from '@hireline/contract/job-model';
import { RouterLink } from '../../components/RouterLink';
import { formatDate } from './job-format';
import { FlaggedMarker, JobStatusChip } from './JobStatusChip';
import type { JobSort } from './jobs.search';

type SortKey = 'title' | 'status' | 'advert_end_at' | 'created_at';
interface Column {
  id: 'title' | 'employer' | 'status' | 'applications' | 'advertEnd' | 'created';
  sort?: SortKey;
  /** The direction a first click sorts by: dates newest first, text A→Z. */
  first?: 'asc' | 'desc';
  numeric?: boolean;
}
const COLUMNS: Column[] = [
  { id: 'title', sort: 'title', first: 'asc' },
  { id: 'employer' },
  { id: 'status', sort: 'status', first: 'asc' },
  { id: 'applications', numeric: true },
  { id: 'advertEnd', sort: 'advert_end_at', first: 'desc' },
  { id: 'created', sort: 'created_at', first: 'desc' },
];

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
  const { rows, selected } = props;
  const desc = props.sort.startsWith('-');
  const sortKey = props.sort.replace(/^-/, '') as SortKey;
  const allOnPage = !!rows?.length && rows.every((r) => selected.includes(r.id));
  const someOnPage = !!rows?.some((r) => selected.includes(r.id));
  const toggle = (id: string) => props.onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const sortBy = (column: Column) => {
    const key = column.sort!;
    const nextDesc = key === sortKey ? !desc : column.first === 'desc';
    props.onSort((nextDesc ? `-${key}` : key) as JobSort);
  };

  return (
    <TableContainer>
      <Table aria-label={t('list.title')} sx={{ minWidth: 860 }}>
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
                <TableCell
                  key={column.id}
                  align={column.numeric ? 'right' : 'left'}
                  sortDirection={active ? (desc ? 'desc' : 'asc') : false}
                >
                  {column.sort ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? (desc ? 'desc' : 'asc') : column.first}
                      onClick={() => sortBy(column)}
                    >
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
          {rows?.map((job) => {
            const isSelected = selected.includes(job.id);
            return (
              <TableRow key={job.id} hover selected={isSelected}>
                {props.selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isSelected}
                      onChange={() => toggle(job.id)}
                      slotProps={{ input: { 'aria-label': t('list.select', { title: job.title }) } }}
                    />
                  </TableCell>
                )}
                <TableCell component="th" scope="row">
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <RouterLink
                      to="/$account/$site/jobs/$id"
                      params={{ ...props.slugs, id: job.id }}
                      sx={{ fontWeight: 600 }}
                    >
                      {job.title}
                    </RouterLink>
                    {job.flagged && <FlaggedMarker reports={job.open_reports} />}
                  </Box>
                  {job.reference_number && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('list.reference', { reference: job.reference_number })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{job.employer.name}</TableCell>
                <TableCell>
                  <JobStatusChip status={job.status} />
                </TableCell>
                <TableCell align="right">{new Intl.NumberFormat(i18n.language).format(job.applications_count)}</TableCell>
                <TableCell>{formatDate(job.advert_end_at, i18n.language) || '—'}</TableCell>
                <TableCell>{formatDate(job.created_at, i18n.language)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
