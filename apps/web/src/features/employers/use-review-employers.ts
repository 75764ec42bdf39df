import { useTranslation } from 'react-i18next';
import { reviewEmployers } from '@hireline/contract/employers';
import { useApiMutation } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { translateError, translateMessage } from '../../lib/messages';
import { useRefreshEmployers } from './use-employers-data';

/**
 * Approving or rejecting several registrations at once (`reviewEmployers`): each succeeds or fails on its own, so
 * the snackbar sums up both ("2 approved, 1 failed: …", with the first failure's reason).
 */
export function useReviewEmployers(onDone: () => void) {
  const { t } = useTranslation('employers');
  const snackbar = useSnackbar();
  const refresh = useRefreshEmployers();
  return useApiMutation(reviewEmployers, {
    onSuccess: ({ results }, { body }) => {
      const done = results.filter((r) => r.ok).length;
      const failed = results.filter((r) => !r.ok);
      const parts: string[] = [];
      if (done > 0 || failed.length === 0) parts.push(t(`hold.result.${body.action}`, { count: done }));
      if (failed.length > 0)
        parts.push(t('hold.result.failed', { count: failed.length, reason: translateMessage(failed[0]?.message) || t('hold.result.unknown') }));
      snackbar.show(parts.join(t('hold.result.separator')), failed.length === 0 ? 'success' : done === 0 ? 'error' : 'warning');
      onDone();
      return refresh();
    },
    onError: (error) => snackbar.error(translateError(error)),
  });
}
