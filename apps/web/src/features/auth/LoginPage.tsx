import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { login } from '@hireline/contract/auth';
import { messages } from '@hireline/contract/messages';
import { FormTextField } from '../../components/form/FormTextField';
import { PasswordField } from '../../components/form/PasswordField';
import { RouterLink } from '../../components/RouterLink';
import { isApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { safeRedirectPath, signIn } from '../../lib/auth';
import { brandText, useBranding } from '../../lib/branding';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';
import { AuthCard } from './AuthCard';
import { SsoButtons, ssoErrorText } from './SsoButtons';

const schema = bodySchema(login);

export function LoginPage() {
  const { t } = useTranslation('auth');
  const branding = useBranding();
  const search = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(login);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const token = await mutation.mutateAsync({ body });
      await signIn(token.access_token);
      await navigate({ href: safeRedirectPath(search.to) });
    } catch (error) {
      // Wrong credentials are one generic message for the whole form (never "which field was wrong").
      const answers = isApiError(error) ? [error.message, ...Object.values(error.errors).flat()] : [];
      const credentials = answers.find((m) => m === messages.invalidCredentials);
      setFormError(
        credentials ? translateMessage(credentials) : applyServerErrors(error, form.setError, ['email', 'password']),
      );
    }
  });

  return (
    <AuthCard
      title={brandText(branding, 'login', 'title') ?? t('login.title')}
      subtitle={brandText(branding, 'login', 'subtitle') ?? t('login.subtitle')}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {formError && <Alert severity="error">{formError}</Alert>}
          {!formError && search.sso_error && <Alert severity="error">{ssoErrorText(search.sso_error)}</Alert>}
          <FormTextField
            control={form.control}
            name="email"
            label={t('email')}
            type="email"
            autoComplete="username"
            autoFocus
          />
          <PasswordField control={form.control} name="password" label={t('password')} autoComplete="current-password" />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
            <RouterLink to="/forgot-password" variant="body2">
              {t('login.forgot')}
            </RouterLink>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </Box>
      <SsoButtons redirect={safeRedirectPath(search.to)} />
    </AuthCard>
  );
}
