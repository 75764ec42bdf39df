import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { newPassword, password } from '@hireline/contract/auth';
import { candidateResetPassword } from '@hireline/contract/board-candidate-account';
import { messages } from '@hireline/contract/messages';
import { PasswordField } from '../../components/PasswordField';
import { RouterLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { signIn } from '../../lib/auth';
import { applyServerErrors } from '../../lib/forms';
import { notice } from '../../lib/notice';
import { usePageTitle } from '../../lib/site';
import { AuthCard } from './AuthCard';

// Typing the new password twice catches a typo before it locks the candidate out; only one is sent.
const schema = z
  .object({ password: newPassword, password_confirmation: password })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: messages.confirmation });

/** `/reset-password?token=`: a new password from the mailed link; the API signs the candidate in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ from: '/reset-password' });
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(candidateResetPassword);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', password_confirmation: '' } });
  usePageTitle(t('account.reset.title'));

  const onSubmit = form.handleSubmit(async (values) => {
    if (!token) return;
    setFormError(undefined);
    try {
      const answer = await mutation.mutateAsync({ body: { token, password: values.password } });
      signIn(answer.access_token);
      notice.show(t('account.reset.done'), 'success');
      await navigate({ to: '/me/applications', replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['password']));
    }
  });

  if (!token)
    return (
      <AuthCard title={t('account.reset.title')}>
        <Alert severity="error" sx={{ mb: 3 }}>
          {t('account.reset.missing')}
        </Alert>
        <RouterLink to="/forgot-password">{t('account.reset.askAgain')}</RouterLink>
      </AuthCard>
    );

  return (
    <AuthCard title={t('account.reset.title')} subtitle={t('account.passwordRules')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2.5}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}{' '}
              <RouterLink to="/forgot-password">{t('account.reset.askAgain')}</RouterLink>
            </Alert>
          )}
          <PasswordField control={form.control} name="password" label={t('account.newPassword')} autoComplete="new-password" required autoFocus />
          <PasswordField
            control={form.control}
            name="password_confirmation"
            label={t('account.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={mutation.isPending}>
            {t('account.reset.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
