import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { SeekerSummary } from '@hireline/contract/seekers';

export type SeekerState = 'enabled' | 'disabled' | 'erased';

/** Erasure outranks disabling: an erased seeker's row says so even if it was also disabled. */
export const seekerState = (seeker: Pick<SeekerSummary, 'enabled' | 'erased'>): SeekerState =>
  seeker.erased ? 'erased' : seeker.enabled ? 'enabled' : 'disabled';

// Theme tones only: the theme keeps filled and outlined chips in these colours at 4.5:1 (lib/theme.ts).
const COLOR: Record<SeekerState, NonNullable<ChipProps['color']>> = { enabled: 'success', disabled: 'warning', erased: 'error' };

/** Whether the seeker may sign in and apply; a disabled or erased one is outlined so it reads as "out". */
export function SeekerStatusChip({ seeker, size = 'small' }: { seeker: Pick<SeekerSummary, 'enabled' | 'erased'>; size?: ChipProps['size'] }) {
  const { t } = useTranslation('seekers');
  const state = seekerState(seeker);
  return <Chip size={size} color={COLOR[state]} variant={state === 'enabled' ? 'filled' : 'outlined'} label={t(`status.${state}`)} />;
}
