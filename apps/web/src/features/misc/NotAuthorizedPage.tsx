import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { messages } from '@hireline/contract/messages';
import { ButtonLink } from '../../components/RouterLink';
import { translateMessage } from '../../lib/messages';

export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
      <Box
        aria-hidden
        sx={{
          width: 96,
          height: 96,
          mx: 'auto',
          mb: 3,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        <LockOutlined sx={{ fontSize: 48 }} />
      </Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {translateMessage(messages.notAuthorizedTitle)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {translateMessage(messages.notAuthorizedBody)}
      </Typography>
      <ButtonLink to="/" variant="contained" size="large">
        {t('notAuthorized.backHome')}
      </ButtonLink>
    </Box>
  );
}
