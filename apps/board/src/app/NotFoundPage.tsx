import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/RouterLink';
import { usePageTitle } from '../lib/site';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Card>
      <CardContent sx={{ py: 6, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('notFound.body')}
        </Typography>
        <ButtonLink to="/jobs" variant="contained">
          {t('job.searchJobs')}
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
