import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EmployerSummary } from '@hireline/contract/employers';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { ReviewButtons } from '../../components/list/ReviewButtons';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime } from '../../lib/format';

/** Registrations on hold with a checkbox each and Approve / Reject on the row. */
export function OnHoldTable(props: {
  rows: EmployerSummary[] | undefined;
  slugs: { account: string; site: string };
  selected: string[];
  onSelect: (ids: string[]) => void;
  busy: boolean;
  approving: string | undefined;
  onApprove: (employer: EmployerSummary) => void;
  onReject: (employer: EmployerSummary) => void;
}) {
  const { t, i18n } = useTranslation('employers');
  const columns: ListColumn<EmployerSummary>[] = [
    {
      id: 'name',
      header: t('list.columns.name'),
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
      cell: (employer) => (
        <>
          {employer.contact_name ?? t('list.none')}
          {employer.contact_email && (
            <Typography variant="caption" color="text.secondary" component="div">
              <bdi dir="ltr">{employer.contact_email}</bdi>
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'registered',
      header: t('hold.columns.registered'),
      sx: { whiteSpace: 'nowrap' },
      cell: (employer) => formatDateTime(employer.created_at, i18n.language),
    },
    {
      id: 'actions',
      header: t('hold.columns.actions'),
      align: 'right',
      cell: (employer) => (
        <ReviewButtons
          id={employer.id}
          busy={props.busy}
          approving={props.approving}
          onApprove={() => props.onApprove(employer)}
          onReject={() => props.onReject(employer)}
          labels={{
            approve: t('actions.approve'),
            reject: t('actions.reject'),
            approveOne: t('hold.approveOne', { name: employer.business_name }),
            rejectOne: t('hold.rejectOne', { name: employer.business_name }),
          }}
        />
      ),
    },
  ];
  return (
    <ListTable
      label={t('hold.title')}
      minWidth={820}
      columns={columns}
      rows={props.rows}
      placeholders={3}
      selection={{
        selected: props.selected,
        onSelect: props.onSelect,
        allLabel: t('hold.selectAll'),
        rowLabel: (employer) => t('hold.select', { name: employer.business_name }),
      }}
    />
  );
}
