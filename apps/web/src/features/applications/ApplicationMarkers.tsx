import Chip from '@mui/material/Chip';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import { useTranslation } from 'react-i18next';

/**
 * What sets an application apart beside its status: knocked out by a screening answer, or disabled (set aside).
 * Outlined chips in the theme's contrast-safe tone colours, with words, not only colour or an icon.
 */
export function ApplicationMarkers({ knockedOut, enabled }: { knockedOut: boolean; enabled: boolean }) {
  const { t } = useTranslation('applications');
  return (
    <>
      {knockedOut && <Chip size="small" color="error" variant="outlined" icon={<DoNotDisturbOnOutlined />} label={t('markers.knockedOut')} />}
      {!enabled && <Chip size="small" color="secondary" variant="outlined" icon={<BlockOutlined />} label={t('markers.disabled')} />}
    </>
  );
}
