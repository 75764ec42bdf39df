import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { forgotPassword } from '@hireline/contract/auth';
import { FormPlainTextField } from '../../components/form/FormPlainTextField';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { brandText, useBranding } from '../../lib/branding';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';
import { AuthCard } from './AuthCard';

const schema = bodySchema(forgotPassword);

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const branding = useBranding();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const mutation = useApiMutation(forgotPassword);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      // The answer is the same whether or not the address exists, so it reveals nothing about accounts.
      const result = await mutation.mutateAsync({ body });
      setSent(translateMessage(result.message));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email']));
    }
  });

  return (
    <AuthCard
      title={brandText(branding, 'forgot_password', 'title') ?? t('forgot.title')}
      subtitle={brandText(branding, 'forgot_password', 'subtitle') ?? t('forgot.subtitle')}
    >
      <Stack spacing={2.5}>
        {sent ? (
          <Alert severity="success" role="status">
            {sent}
          </Alert>
        ) : (
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2.5}>
              {formError && <Alert severity="error">{formError}</Alert>}
              <FormPlainTextField control={form.control} name="email" label={t('email')} type="email" autoComplete="email" autoFocus />
              <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
                {t('forgot.submit')}
              </Button>
            </Stack>
          </Box>
        )}
        <ButtonLink to="/login" startIcon={<BackIcon />}>
          {t('forgot.backToLogin')}
        </ButtonLink>
      </Stack>
    </AuthCard>
  );
}
