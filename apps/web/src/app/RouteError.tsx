import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/page-title';

/** Last resort for a page that threw while rendering or loading (e.g. a lazy chunk lost after a deploy). */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  usePageTitle(t('crash.title'));
  console.error(error);
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('crash.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('crash.body')}
      </Typography>
      <Button
        variant="contained"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        {t('retry')}
      </Button>
    </Box>
  );
}
