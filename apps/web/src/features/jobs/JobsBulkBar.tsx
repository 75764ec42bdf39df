import { useTranslation } from 'react-i18next';
import { BulkActionsBar, type BulkColor } from '../../components/list/BulkActionsBar';
import type { BulkAction } from './use-bulk-jobs';

const COLORS: Partial<Record<BulkAction, BulkColor>> = { expire: 'warning', delete: 'error', approve: 'success', reject: 'error' };

/** The bulk actions bar of the jobs list and the queue on hold, in the jobs' words. */
export function JobsBulkBar(props: {
  count: number;
  actions: readonly BulkAction[];
  busy: boolean;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('jobs');
  const labels = {
    region: t('bulk.label'),
    selected: t('bulk.selected', { count: props.count }),
    clear: t('bulk.clear'),
    action: (action: BulkAction) => t(`actions.${action}`),
  };
  return <BulkActionsBar {...props} labels={labels} colors={COLORS} />;
}
