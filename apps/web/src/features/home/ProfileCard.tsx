import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import type { CurrentUser } from '../../lib/current-user';

export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('home');
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
          <UserAvatar name={user.name} src={user.avatar} size={88} />
          <div>
            <Typography variant="h6" component="h2">
              {user.name}
            </Typography>
            <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {user.email}
            </Typography>
          </div>
          {user.impersonating && (
            <Chip color="warning" label={t('impersonatedBy', { name: user.impersonating.by.name })} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
