import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { changePassword } from '@hireline/contract/auth';
import { PasswordField } from '../../components/form/PasswordField';
import { NotWhileImpersonating } from '../../components/NotWhileImpersonating';
import { useApiMutation } from '../../lib/api-query';
import { useImpersonating } from '../../lib/current-user';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { MfaCard } from './MfaCard';

const schema = bodySchema(changePassword);
const empty = { current_password: '', password: '', password_confirmation: '' };

/**
 * Two-step sign-in (MfaCard), then the signed-in password change; the API keeps this session and signs every other one out. Never someone else's:
 * while acting as someone the form shows, unavailable, and says why (the API refuses it too).
 */
export function SecurityTab() {
  const { t } = useTranslation('profile');
  const impersonating = useImpersonating();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(changePassword);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: empty });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await mutation.mutateAsync({ body });
      form.reset(empty);
      notify.success(t('security.changed'));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['current_password', 'password', 'password_confirmation']));
    }
  });

  return (
    <Stack spacing={3}>
      <MfaCard />
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('security.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('security.intro')}
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
            <Stack spacing={2.5}>
              {impersonating && <NotWhileImpersonating />}
              {formError && <Alert severity="error">{formError}</Alert>}
              <PasswordField
                control={form.control}
                name="current_password"
                label={t('security.current')}
                autoComplete="current-password"
                disabled={impersonating}
              />
              <PasswordField
                control={form.control}
                name="password"
                label={t('security.password')}
                autoComplete="new-password"
                helperText={t('security.hint')}
                disabled={impersonating}
              />
              <PasswordField
                control={form.control}
                name="password_confirmation"
                label={t('security.confirm')}
                autoComplete="new-password"
                disabled={impersonating}
              />
              <Box>
                <Button type="submit" variant="contained" loading={form.formState.isSubmitting} disabled={impersonating}>
                  {t('security.submit')}
                </Button>
              </Box>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Stack>
  );
}
