import { useTranslation } from 'react-i18next';
import { CREDITS_PER_POST } from '@hireline/contract/credits';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatNumber } from '../../../lib/format';

/**
 * Asks before posting spends the employer's credit, naming the cost and what is left after it ("This uses 1 credit;
 * 12 left."). Cancel (or Escape) posts nothing.
 */
export function PostConfirmDialog({
  open,
  title,
  balance,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  balance: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('jobs');
  const left = Math.max(0, balance - CREDITS_PER_POST);
  const count = (key: 'wizard.payment.creditCount' | 'wizard.payment.creditsLeft', n: number) => t(key, { count: n, formatted: formatNumber(n, i18n.language) });
  return (
    <ConfirmDialog
      open={open}
      title={t('wizard.payment.confirmTitle', { title })}
      body={t('wizard.payment.confirmBody', {
        cost: count('wizard.payment.creditCount', CREDITS_PER_POST),
        left: count('wizard.payment.creditsLeft', left),
      })}
      confirmLabel={t('wizard.payment.confirmPost')}
      color="success"
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
