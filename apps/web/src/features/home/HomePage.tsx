import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { AccountsOverview } from './AccountsOverview';
import { PermissionsCard } from './PermissionsCard';
import { ProfileCard } from './ProfileCard';

/** The signed-in home: who you are, where you can work, and what you may do in the selected scope. */
export function HomePage() {
  const { t } = useTranslation('home');
  const user = useCurrentUser();
  const { scope } = useSession();
  if (!user) return <FullPageSpinner fill="area" />;
  return (
    <Stack spacing={4}>
      <PageHeader title={t('welcome', { name: user.name })} subtitle={t('subtitle')} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <ProfileCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <PermissionsCard user={user} scope={scope} />
        </Grid>
      </Grid>
      <AccountsOverview user={user} scope={scope} />
    </Stack>
  );
}
