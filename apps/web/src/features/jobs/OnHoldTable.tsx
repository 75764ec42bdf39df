import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '@hireline/contract/job-model';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { ReviewButtons } from '../../components/list/ReviewButtons';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime } from '../../lib/format';

/** Jobs on hold with a checkbox each and Approve / Reject on the row. */
export function OnHoldTable(props: {
  rows: JobSummary[] | undefined;
  slugs: { account: string; site: string };
  selected: string[];
  onSelect: (ids: string[]) => void;
  busy: boolean;
  approving: string | undefined;
  onApprove: (job: JobSummary) => void;
  onReject: (job: JobSummary) => void;
}) {
  const { t, i18n } = useTranslation('jobs');
  const columns: ListColumn<JobSummary>[] = [
    {
      id: 'title',
      header: t('list.columns.title'),
      rowHeader: true,
      cell: (job) => (
        <>
          <RouterLink to="/$account/$site/jobs/$id" params={{ ...props.slugs, id: job.id }} sx={{ fontWeight: 600 }}>
            {job.title}
          </RouterLink>
          {job.reference_number && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('list.reference', { reference: job.reference_number })}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'employer', header: t('list.columns.employer'), cell: (job) => job.employer.name },
    { id: 'consultant', header: t('hold.columns.consultant'), cell: (job) => job.consultant?.name ?? '—' },
    { id: 'submitted', header: t('hold.columns.submitted'), cell: (job) => formatDateTime(job.posted_at ?? job.created_at, i18n.language) },
    {
      id: 'actions',
      header: t('hold.columns.actions'),
      align: 'right',
      cell: (job) => (
        <ReviewButtons
          id={job.id}
          busy={props.busy}
          approving={props.approving}
          onApprove={() => props.onApprove(job)}
          onReject={() => props.onReject(job)}
          labels={{
            approve: t('actions.approve'),
            reject: t('actions.reject'),
            approveOne: t('hold.approveOne', { title: job.title }),
            rejectOne: t('hold.rejectOne', { title: job.title }),
          }}
        />
      ),
    },
  ];
  return (
    <ListTable
      label={t('hold.title')}
      minWidth={760}
      columns={columns}
      rows={props.rows}
      placeholders={3}
      selection={{
        selected: props.selected,
        onSelect: props.onSelect,
        allLabel: t('list.selectAll'),
        rowLabel: (job) => t('list.select', { title: job.title }),
      }}
    />
  );
}
