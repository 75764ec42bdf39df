import { useNavigate, useSearch } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { listMail } from '@hireline/contract/system';
import { ListCard } from '../../components/list/ListCard';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { PAGE_SIZES } from '../../lib/list-search';
import { formatDateTime, MailStatusChip } from './MailStatusChip';

type Mail = ResponseOf<typeof listMail>['data'][number];

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
  const columns: ListColumn<Mail>[] = [
    {
      id: 'from',
      header: t('columns.from'),
      sx: { maxWidth: 240, wordBreak: 'break-word' },
      cell: (mail) => <bdi>{mail.from}</bdi>,
    },
    { id: 'to', header: t('columns.to'), sx: { maxWidth: 220, wordBreak: 'break-all' }, cell: (mail) => mail.to },
    {
      id: 'subject',
      header: t('columns.subject'),
      cell: (mail) => (
        <RouterLink to="/dev/mail/$id" params={{ id: mail.id }} sx={{ fontWeight: 500 }}>
          {mail.subject}
        </RouterLink>
      ),
    },
    {
      id: 'event',
      header: t('columns.event'),
      cell: (mail) => (
        <Box component="code" sx={{ fontSize: 13 }}>
          {mail.event}
        </Box>
      ),
    },
    { id: 'status', header: t('columns.status'), cell: (mail) => <MailStatusChip status={mail.status} /> },
    { id: 'date', header: t('columns.date'), sx: { whiteSpace: 'nowrap' }, cell: (mail) => formatDateTime(mail.created_at, i18n.language) },
  ];

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ListCard query={query} rows={rows} errorTitle={t('loadError')}>
        <ListTable
          label={t('title')}
          minWidth={720}
          columns={columns}
          rows={rows}
          empty={
            <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
              {t('empty')}
            </Typography>
          }
        />
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
      </ListCard>
    </>
  );
}
