import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { candidateForgotPassword } from '@hireline/contract/board-candidate-account';
import { FormTextField } from '../../components/FormTextField';
import { RouterLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors } from '../../lib/forms';
import { usePageTitle } from '../../lib/site';
import { AuthCard } from './AuthCard';
import { translateMessage } from '../../lib/messages';

const schema = candidateForgotPassword.body!;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(candidateForgotPassword);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  usePageTitle(t('account.forgot.title'));

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      setSent(translateMessage((await mutation.mutateAsync({ body })).message));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email']));
    }
  });

  return (
    <AuthCard title={t('account.forgot.title')} subtitle={sent ? undefined : t('account.forgot.subtitle')}>
      {sent ? (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {sent}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ mb: 3 }}>
          <Stack spacing={2.5}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <FormTextField control={form.control} name="email" label={t('account.email')} type="email" autoComplete="email" required autoFocus />
            <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
              {t('account.forgot.submit')}
            </Button>
          </Stack>
        </Box>
      )}
      <RouterLink to="/sign-in">{t('account.backToSignIn')}</RouterLink>
    </AuthCard>
  );
}
