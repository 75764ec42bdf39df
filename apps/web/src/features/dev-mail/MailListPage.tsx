import { useNavigate, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listMail } from '@hireline/contract/system';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { PAGE_SIZES } from './mail.search';
import { formatDateTime, MailStatusChip } from './MailStatusChip';
import { RefetchingBar } from '../../components/RefetchingBar';

const COLUMNS = ['to', 'subject', 'event', 'status', 'date'] as const;

/** Development mail viewer: what would have been emailed, newest first, paginated on the server. */
export function MailListPage() {
  const { t, i18n } = useTranslation('mail');
  const { t: tc } = useTranslation();
  const search = useSearch({ from: '/dev/mail' });
  const navigate = useNavigate({ from: '/dev/mail' });
  const page = search.page ?? 1;
  const perPage = search.per_page ?? 25;
  const query = useApiQuery(listMail, { query: { page, per_page: perPage } }, { keepPrevious: true });
  const rows = query.data?.data;

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {query.isError && !rows ? (
        <ErrorState title={t('loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card sx={{ position: 'relative' }}>
          <RefetchingBar show={query.isFetching} />
          <TableContainer>
            <Table aria-label={t('title')} sx={{ minWidth: 720 }}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c}>{t(`columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {!rows &&
                  Array.from({ length: 5 }, (_, i) => (
                    <TableRow key={i}>
                      {COLUMNS.map((c) => (
                        <TableCell key={c}>
                          <Skeleton />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                {rows?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length}>
                      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                        {t('empty')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {rows?.map((mail) => (
                  <TableRow key={mail.id} hover>
                    <TableCell sx={{ maxWidth: 220, wordBreak: 'break-all' }}>{mail.to}</TableCell>
                    <TableCell>
                      <RouterLink to="/dev/mail/$id" params={{ id: mail.id }} sx={{ fontWeight: 500 }}>
                        {mail.subject}
                      </RouterLink>
                    </TableCell>
                    <TableCell>
                      <Box component="code" sx={{ fontSize: 13 }}>
                        {mail.event}
                      </Box>
                    </TableCell>
                    <TableCell>
                      <MailStatusChip status={mail.status} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.created_at, i18n.language)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={query.data?.meta.total ?? 0}
            page={query.data ? page - 1 : 0}
            rowsPerPage={perPage}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, next) => void navigate({ search: (prev) => ({ ...prev, page: next + 1 }) })}
            onRowsPerPageChange={(e) =>
              void navigate({ search: (prev) => ({ ...prev, per_page: Number(e.target.value), page: undefined }) })
            }
            labelRowsPerPage={t('rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, total: count })}
            getItemAriaLabel={(type) => tc(`pagination.${type}`)}
          />
        </Card>
      )}
    </>
  );
}
