import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { BulkAction } from './use-bulk-jobs';

type ConfirmedAction = Exclude<BulkAction, 'reject'>;

const IRREVERSIBLE: Record<ConfirmedAction, boolean> = {
  unlist: false,
  relist: false,
  approve: false,
  expire: true,
  delete: true,
};
const COLOR = { unlist: 'primary', relist: 'primary', approve: 'success', expire: 'warning', delete: 'error' } as const;

/** The confirmation of a bulk action: how many jobs, what happens, and whether it can be undone. */
export function BulkConfirmDialog(props: {
  action: ConfirmedAction | null;
  open: boolean;
  count: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('jobs');
  const action = props.action ?? 'unlist';
  const jobs = t('bulk.jobCount', { count: props.count });
  return (
    <ConfirmDialog
      open={props.open && props.action !== null}
      title={t(`bulk.confirm.${action}.title`, { jobs })}
      body={t(`bulk.confirm.${action}.body`)}
      confirmLabel={t(`actions.${action}`)}
      irreversible={IRREVERSIBLE[action]}
      color={COLOR[action]}
      pending={props.pending}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
