import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { isHexColor } from './enterprise-data';

/** The account's primary colour as a small square; decorative, the value is written next to it where it matters. */
export function ColorSwatch({ color, size = 16 }: { color: string | null | undefined; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 0.75,
        border: 1,
        borderColor: 'divider',
        bgcolor: isHexColor(color) ? color : 'action.disabledBackground',
      }}
    />
  );
}

/** Whether the account's users can sign in and its boards are online. */
export function AccountEnabledChip({ enabled, size = 'small' }: { enabled: boolean; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('enterprise');
  return (
    <Chip
      size={size}
      color={enabled ? 'success' : 'warning'}
      variant={enabled ? 'filled' : 'outlined'}
      label={enabled ? t('status.enabled') : t('status.disabled')}
    />
  );
}
