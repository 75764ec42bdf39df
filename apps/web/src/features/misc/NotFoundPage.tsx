import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/RouterLink';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  // Also shown under a matched route that found nothing (an unknown profile tab): the tab says so, not the route.
  usePageTitle(t('notFound.title'));
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
      <Typography
        aria-hidden
        sx={{ fontSize: { xs: 88, sm: 120 }, fontWeight: 700, lineHeight: 1, color: 'primary.main', mb: 2 }}
      >
        {t('notFound.code')}
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('notFound.body')}
      </Typography>
      <ButtonLink to="/" variant="contained" size="large">
        {t('notFound.backHome')}
      </ButtonLink>
    </Box>
  );
}
