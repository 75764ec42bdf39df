import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { PageHeading } from '../../components/PageHeading';
import { RouterLink } from '../../components/RouterLink';
import { useBoardSite, usePageTitle } from '../../lib/site';

/**
 * What the site keeps about a candidate and for how long: the periods are the site's account's own (Settings › Data
 * retention in the portal), read from the board's site, so the notice never promises what the sweep does not do.
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  usePageTitle(t('privacy.title'));
  const site = useBoardSite();
  if (site.isError) return <ErrorState title={t('privacy.loadError')} error={site.error} onRetry={() => void site.refetch()} />;
  if (!site.data) return <CircularProgress aria-label={t('privacy.loading')} />;
  const { name, retention } = site.data;
  const days = (count: number) => t('privacy.days', { count });
  return (
    <>
      <PageHeading title={t('privacy.title')} />
      <Card>
        <CardContent>
          <Stack spacing={2} sx={{ maxWidth: 720 }}>
            <Typography>{t('privacy.intro', { site: name })}</Typography>
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('privacy.howLong')}
            </Typography>
            <Typography data-testid="privacy-applications">{t('privacy.applications', { period: days(retention.application_days) })}</Typography>
            <Typography data-testid="privacy-candidates">{t('privacy.candidates', { period: days(retention.candidate_days) })}</Typography>
            <Typography>
              {t('privacy.yourRights')} <RouterLink to="/me/profile">{t('privacy.profileLink')}</RouterLink>.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
