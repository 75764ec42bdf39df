import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '@hireline/contract/auth';
import { messages } from '@hireline/contract/messages';
import { PasswordField } from '../../components/form/PasswordField';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { AuthCard } from './AuthCard';

const schema = bodySchema(resetPassword);

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token } = useSearch({ from: '/reset-password' });
  const navigate = useNavigate();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(resetPassword);
  // The token rides along as a form value so the contract's body schema validates the whole request.
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { token: token ?? '', password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await mutation.mutateAsync({ body });
      notify.success(t('reset.success'));
      await navigate({ to: '/login' });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['password', 'password_confirmation']));
    }
  });

  return (
    <AuthCard title={t('reset.title')} subtitle={token ? t('reset.subtitle') : undefined}>
      {token ? (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2.5}>
            {formError && (
              <Alert
                severity="error"
                action={
                  <RouterLink to="/forgot-password" color="inherit" sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}>
                    {t('reset.requestNew')}
                  </RouterLink>
                }
              >
                {formError}
              </Alert>
            )}
            <PasswordField
              control={form.control}
              name="password"
              label={t('reset.password')}
              autoComplete="new-password"
              helperText={t('reset.hint')}
              autoFocus
            />
            <PasswordField
              control={form.control}
              name="password_confirmation"
              label={t('reset.confirm')}
              autoComplete="new-password"
            />
            <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </Box>
      ) : (
        <Stack spacing={2.5} sx={{ mt: 2 }}>
          <Alert severity="error">{translateMessage(messages.passwordResetInvalid)}</Alert>
          <ButtonLink to="/forgot-password" variant="contained" fullWidth>
            {t('reset.requestNew')}
          </ButtonLink>
        </Stack>
      )}
    </AuthCard>
  );
}
