import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { registerCandidate } from '@hireline/contract/board-candidate-account';
import { FormTextField } from '../../components/FormTextField';
import { PasswordField } from '../../components/PasswordField';
import { RouterLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors } from '../../lib/forms';
import { usePageTitle } from '../../lib/site';
import { AuthCard } from './AuthCard';
import { translateMessage } from '../../lib/messages';

const schema = registerCandidate.body!;

/** A candidate account; the API answers "check your email" whether or not the address was known. */
export function RegisterPage() {
  const { t } = useTranslation();
  const search = useSearch({ from: '/register' });
  const [sent, setSent] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(registerCandidate);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '', email: '', password: '', phone: '' } });
  usePageTitle(t('account.register.title'));

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      setSent(translateMessage((await mutation.mutateAsync({ body })).message));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['name', 'email', 'password', 'phone']));
    }
  });

  if (sent)
    return (
      <AuthCard title={t('account.register.sentTitle')}>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {sent}
        </Alert>
        <RouterLink to="/sign-in" search={search.next ? { next: search.next } : {}}>
          {t('account.backToSignIn')}
        </RouterLink>
      </AuthCard>
    );

  return (
    <AuthCard title={t('account.register.title')} subtitle={t('account.register.subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <FormTextField control={form.control} name="name" label={t('account.name')} autoComplete="name" required autoFocus />
          <FormTextField control={form.control} name="email" label={t('account.email')} type="email" autoComplete="email" required />
          <PasswordField
            control={form.control}
            name="password"
            label={t('account.password')}
            autoComplete="new-password"
            required
            helperText={t('account.passwordRules')}
          />
          <FormTextField control={form.control} name="phone" label={t('account.phone')} type="tel" autoComplete="tel" />
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            {t('account.register.submit')}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('account.register.haveAccount')}{' '}
            <RouterLink to="/sign-in" search={search.next ? { next: search.next } : {}}>
              {t('account.register.signIn')}
            </RouterLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
