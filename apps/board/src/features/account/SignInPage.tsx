import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { candidateLogin } from '@hireline/contract/board-candidate-account';
import { FormTextField } from '../../components/FormTextField';
import { PasswordField } from '../../components/PasswordField';
import { RouterLink } from '../../components/RouterLink';
import { isApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { safeNext, signIn } from '../../lib/auth';
import { applyServerErrors } from '../../lib/forms';
import { usePageTitle } from '../../lib/site';
import { AuthCard } from './AuthCard';
import { translateError } from '../../lib/messages';

const schema = candidateLogin.body!;

export function SignInPage() {
  const { t } = useTranslation();
  const search = useSearch({ from: '/sign-in' });
  const navigate = useNavigate();
  const [formError, setFormError] = useState<{ text: string; severity: 'error' | 'warning' }>();
  const [elsewhere, setElsewhere] = useState<{ name: string; url: string }>();
  const mutation = useApiMutation(candidateLogin);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  usePageTitle(t('account.signIn.title'));

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    setElsewhere(undefined);
    try {
      const token = await mutation.mutateAsync({ body });
      signIn(token.access_token);
      await navigate({ href: safeNext(search.next), replace: true });
    } catch (error) {
      // 403: the email is not confirmed yet; the API has mailed a new link and says so.
      if (isApiError(error) && error.status === 403) setFormError({ text: translateError(error), severity: 'warning' });
      // Their correct password, for an account on another board: the API says which (and only then).
      else if (isApiError(error) && error.code === 'account_elsewhere' && error.elsewhere) setElsewhere(error.elsewhere);
      else {
        const text = applyServerErrors(error, form.setError, ['email', 'password']);
        setFormError(text ? { text, severity: 'error' } : undefined);
      }
    }
  });

  return (
    <AuthCard title={t('account.signIn.title')} subtitle={t('account.signIn.subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {elsewhere && (
            <Alert severity="info" role="alert">
              {t('account.signIn.elsewhere', { name: elsewhere.name })}{' '}
              <Link href={elsewhere.url}>{t('account.signIn.elsewhereLink', { name: elsewhere.name })}</Link>
            </Alert>
          )}
          {formError && (
            <Alert severity={formError.severity} role="alert">
              {formError.text}
            </Alert>
          )}
          <FormTextField control={form.control} name="email" label={t('account.email')} type="email" autoComplete="username" required autoFocus />
          <PasswordField control={form.control} name="password" label={t('account.password')} autoComplete="current-password" required />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
            <RouterLink to="/forgot-password" variant="body2">
              {t('account.signIn.forgot')}
            </RouterLink>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            {t('account.signIn.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('account.signIn.noAccount')}{' '}
            <RouterLink to="/register" search={search.next ? { next: search.next } : {}}>
              {t('account.signIn.register')}
            </RouterLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
