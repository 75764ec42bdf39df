import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../components/RouterLink';
import { useBoardSite } from '../lib/site';

export function Footer() {
  const { t } = useTranslation();
  const site = useBoardSite();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 3, mt: 4 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} {site.data?.name}
          </Typography>
          <Stack component="nav" aria-label={t('nav.footer')} direction="row" spacing={3}>
            <RouterLink to="/jobs" variant="body2">
              {t('nav.jobs')}
            </RouterLink>
            <RouterLink to="/employers/register" variant="body2">
              {t('nav.employers')}
            </RouterLink>
            <RouterLink to="/me/applications" variant="body2">
              {t('nav.applications')}
            </RouterLink>
            <RouterLink to="/privacy" variant="body2">
              {t('nav.privacy')}
            </RouterLink>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
