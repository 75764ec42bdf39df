import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { EmployerStatus } from '@hireline/contract/enums';

// Theme tones only: the theme keeps filled and outlined chips in these colours at 4.5:1 (lib/theme.ts).
export const STATUS_COLOR: Record<EmployerStatus, NonNullable<ChipProps['color']>> = {
  pending: 'warning',
  active: 'success',
  rejected: 'error',
};

/** Where the employer's registration stands: on hold (pending), active, or rejected. */
export function EmployerStatusChip({ status, size = 'small' }: { status: EmployerStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation('employers');
  return <Chip size={size} color={STATUS_COLOR[status]} label={t(`status.${status}`)} />;
}

/** Whether the employer's users may sign in; a disabled one is outlined so it reads as "out". */
export function EnabledChip({ enabled, size = 'small' }: { enabled: boolean; size?: ChipProps['size'] }) {
  const { t } = useTranslation('employers');
  return (
    <Chip
      size={size}
      color={enabled ? 'success' : 'warning'}
      variant="outlined"
      label={enabled ? t('enabled.enabled') : t('enabled.disabled')}
    />
  );
}
