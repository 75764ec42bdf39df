import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EmployerSummary } from '@hireline/contract/employers';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { RouterLink } from '../../components/RouterLink';
import { formatDate, formatNumber } from '../../lib/format';
import { EmployerStatusChip, EnabledChip } from './EmployerChips';
import type { EmployerSort } from './employers.search';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const NUMBER = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The employers of one page: sortable headers (aria-sort on the sorted one), business name → detail. */
export function EmployersTable(props: {
  rows: EmployerSummary[] | undefined;
  sort: EmployerSort;
  onSort: (sort: EmployerSort) => void;
  slugs: { account: string; site: string };
}) {
  const { t, i18n } = useTranslation('employers');
  const missing = (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {t('list.none')}
    </Box>
  );
  const columns: ListColumn<EmployerSummary, 'business_name' | 'credit_balance' | 'created_at'>[] = [
    {
      id: 'name',
      header: t('list.columns.name'),
      sort: 'business_name',
      first: 'asc',
      rowHeader: true,
      cell: (employer) => (
        <>
          <RouterLink to="/$account/$site/employers/$id" params={{ ...props.slugs, id: employer.id }} sx={{ fontWeight: 600 }}>
            {employer.business_name}
          </RouterLink>
          {employer.registration_number && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('list.registration', { number: employer.registration_number })}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'type', header: t('list.columns.type'), cell: (employer) => t(`type.${employer.type}`) },
    {
      id: 'contact',
      header: t('list.columns.contact'),
      cell: (employer) =>
        employer.contact_name || employer.contact_email ? (
          <>
            {employer.contact_name ?? ''}
            {employer.contact_email && (
              <Typography variant="caption" color="text.secondary" component="div">
                <bdi dir="ltr">{employer.contact_email}</bdi>
              </Typography>
            )}
          </>
        ) : (
          missing
        ),
    },
    { id: 'status', header: t('list.columns.status'), cell: (employer) => <EmployerStatusChip status={employer.status} /> },
    { id: 'enabled', header: t('list.columns.enabled'), cell: (employer) => <EnabledChip enabled={employer.enabled} /> },
    {
      id: 'credits',
      header: t('list.columns.credits'),
      sort: 'credit_balance',
      first: 'desc',
      align: 'right',
      sx: NUMBER,
      cell: (employer) => formatNumber(employer.credit_balance, i18n.language),
    },
    { id: 'jobs', header: t('list.columns.jobs'), align: 'right', sx: NUMBER, cell: (employer) => formatNumber(employer.jobs_count, i18n.language) },
    {
      id: 'created',
      header: t('list.columns.created'),
      sort: 'created_at',
      first: 'desc',
      sx: NO_WRAP,
      cell: (employer) => formatDate(employer.created_at, i18n.language),
    },
  ];
  return <ListTable label={t('list.title')} minWidth={980} columns={columns} rows={props.rows} sort={props.sort} onSort={props.onSort} />;
}
