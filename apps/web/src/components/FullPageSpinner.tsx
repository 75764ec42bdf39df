import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** The shell's centred spinner (spec §2); also the fallback while a lazy page loads. */
export function FullPageSpinner({ fill = 'viewport' }: { fill?: 'viewport' | 'area' }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fill === 'viewport' ? '100vh' : 320,
        width: '100%',
      }}
    >
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
