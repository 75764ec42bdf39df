import { useMatches } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';

/**
 * Stands in for every page of the route table that is not built yet, named after the matched route, so links,
 * navigation and permission checks can be used before the page exists, and nobody mistakes it for an empty list.
 */
export function UpcomingPage() {
  const { t } = useTranslation();
  const name = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.name });
  const title = name ? t(`routes.${name}`) : t('upcoming.fallbackTitle');
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent sx={{ textAlign: 'center', py: { xs: 5, sm: 7 }, px: 3 }}>
          <Box
            aria-hidden
            sx={{
              width: 72,
              height: 72,
              mx: 'auto',
              mb: 2.5,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'brand.text',
            }}
          >
            <ConstructionOutlined sx={{ fontSize: 36 }} />
          </Box>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('upcoming.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto', mb: 3 }}>
            {t('upcoming.body', { page: title })}
          </Typography>
          <ButtonLink to="/" variant="contained">
            {t('upcoming.backToDashboard')}
          </ButtonLink>
        </CardContent>
      </Card>
    </>
  );
}
