import { useTranslation } from 'react-i18next';
import { BulkActionsBar, type BulkColor } from '../../components/list/BulkActionsBar';
import type { BulkAction } from './use-bulk-jobs';

const COLORS: Partial<Record<BulkAction, BulkColor>> = { expire: 'warning', delete: 'error', approve: 'success', reject: 'error' };

/**
 * The bulk actions bar of the jobs list and the queue on hold, in the jobs' words. An action that applies to only some
 * of the selected jobs says to how many ("Relist (1 of 2)") before anything is confirmed.
 */
export function JobsBulkBar(props: {
  count: number;
  actions: readonly BulkAction[];
  /** How many of the selected jobs each action applies to; all of them when not given. */
  applies?: (action: BulkAction) => number;
  busy: boolean;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('jobs');
  const labels = {
    region: t('bulk.label'),
    selected: t('bulk.selected', { count: props.count }),
    clear: t('bulk.clear'),
    action: (action: BulkAction) => {
      const n = props.applies?.(action) ?? props.count;
      const label = t(`actions.${action}`);
      return n < props.count ? t('bulk.partial', { action: label, count: n, total: props.count }) : label;
    },
  };
  return <BulkActionsBar count={props.count} actions={props.actions} busy={props.busy} onAction={props.onAction} onClear={props.onClear} labels={labels} colors={COLORS} />;
}
