import { useTranslation } from 'react-i18next';
import { rejectJob } from '@hireline/contract/jobs';
import { ReasonDialog } from '../../components/ReasonDialog';
import { bodySchema } from '../../lib/forms';

const schema = bodySchema(rejectJob);

/**
 * The spec's reject form: a reason is required (the employer is emailed it and the credit is refunded). One job
 * (`title`) or several (`count`).
 */
export function RejectJobDialog(props: {
  open: boolean;
  title?: string;
  count?: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('jobs');
  const heading =
    props.count !== undefined
      ? t('bulk.confirm.reject.title', { jobs: t('bulk.jobCount', { count: props.count }) })
      : t('detail.reject.title', { title: props.title ?? '' });
  return (
    <ReasonDialog
      open={props.open}
      title={heading}
      body={t('bulk.confirm.reject.body')}
      reasonLabel={t('detail.reject.reason')}
      confirmLabel={t('actions.reject')}
      schema={schema}
      pending={props.pending}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
