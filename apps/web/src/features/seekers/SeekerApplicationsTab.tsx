import { useNavigate, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listSeekerApplications } from '@hireline/contract/seekers';
import { ErrorState } from '../../components/ErrorState';
import { ListPagination, useStepBackWhenEmptied } from '../../components/ListPagination';
import { RefetchingBar } from '../../components/RefetchingBar';
import { RouterLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { formatDate } from '../jobs/job-format';
import { DEFAULT_PER_PAGE } from './seekers.search';

const FROM = '/$account/$site/seekers/$id/$tab';
const COLUMNS = ['job', 'status', 'applied'] as const;

/** The seeker's applications on this site, newest first, paged through the URL; each opens the application. */
export function SeekerApplicationsTab({ seekerId, slugs }: { seekerId: string; slugs: { account: string; site: string } }) {
  const { t, i18n } = useTranslation('seekers');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const canOpen = useCan('view', 'applications');
  const page = search.page ?? 1;
  const perPage = search.per_page ?? DEFAULT_PER_PAGE;
  const query = useApiQuery(listSeekerApplications, { params: { uuid: seekerId }, query: { page, per_page: perPage } }, { keepPrevious: true });
  const rows = query.data?.data;
  const meta = query.data?.meta;
  useStepBackWhenEmptied(meta, rows, page, perPage, (to) => void navigate({ search: (prev) => ({ ...prev, page: to }), replace: true }));

  if (query.isError && !rows)
    return <ErrorState title={t('applications.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Card sx={{ position: 'relative' }}>
      <RefetchingBar show={query.isFetching} />
      {rows?.length === 0 ? (
        <Box role="status" sx={{ py: 6, px: 2, textAlign: 'center' }}>
          <Typography variant="h6" component="p" gutterBottom>
            {t('applications.empty')}
          </Typography>
          <Typography color="text.secondary">{t('applications.emptyHint')}</Typography>
        </Box>
      ) : (
        <TableContainer>
          <Table aria-label={t('applications.label')} sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{t(`applications.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {!rows &&
                Array.from({ length: 3 }, (_, i) => (
                  <TableRow key={i}>
                    {COLUMNS.map((column) => (
                      <TableCell key={column}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              {rows?.map((application) => (
                <TableRow key={application.id} hover>
                  <TableCell component="th" scope="row">
                    {canOpen ? (
                      <RouterLink
                        to="/$account/$site/applications/$id/$tab"
                        params={{ ...slugs, id: application.id, tab: 'overview' }}
                        sx={{ fontWeight: 600 }}
                      >
                        {application.job.title}
                      </RouterLink>
                    ) : (
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        {application.job.title}
                      </Typography>
                    )}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {application.job.reference_number
                        ? t('applications.employerRef', { employer: application.employer.name, reference: application.job.reference_number })
                        : application.employer.name}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={t(`applicationStatus.${application.status}`)} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(application.created_at, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination
        meta={meta}
        page={page}
        perPage={perPage}
        onPage={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
        onPerPage={(size) => void navigate({ search: (prev) => ({ ...prev, per_page: size, page: undefined }) })}
      />
    </Card>
  );
}
