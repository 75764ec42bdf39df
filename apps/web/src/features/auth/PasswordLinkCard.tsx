import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '@hireline/contract/auth';
import { PasswordField } from '../../components/form/PasswordField';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { AuthCard } from './AuthCard';

const schema = bodySchema(resetPassword);

/** `reset`: the forgot-password email's link (invitation links have their own page, InvitationCard). */
export type PasswordLinkKind = 'reset';

/**
 * The page behind an emailed password link: a new password twice, posted with the link's token, then on to sign
 * in. Without a token there is nothing to post: `missingToken` says so and offers a new link.
 */
export function PasswordLinkCard({ kind, token, missingToken }: { kind: PasswordLinkKind; token?: string; missingToken: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t(`${kind}.title`)} subtitle={token ? t(`${kind}.subtitle`) : undefined}>
      {token ? (
        <PasswordLinkForm kind={kind} token={token} />
      ) : (
        <Stack spacing={2.5} sx={{ mt: 2 }}>
          <Alert severity="error">{missingToken}</Alert>
          <ButtonLink to="/forgot-password" variant="contained" fullWidth>
            {t(`${kind}.requestNew`)}
          </ButtonLink>
        </Stack>
      )}
    </AuthCard>
  );
}

function PasswordLinkForm({ kind, token }: { kind: PasswordLinkKind; token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(resetPassword);
  // The token rides along as a form value so the contract's body schema validates the whole request.
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await mutation.mutateAsync({ body });
      notify.success(t(`${kind}.success`));
      await navigate({ to: '/login' });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['password', 'password_confirmation']));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        {formError && (
          <Alert
            severity="error"
            action={
              <RouterLink to="/forgot-password" color="inherit" sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}>
                {t(`${kind}.requestNew`)}
              </RouterLink>
            }
          >
            {formError}
          </Alert>
        )}
        <PasswordField
          control={form.control}
          name="password"
          label={t(`${kind}.password`)}
          autoComplete="new-password"
          helperText={t(`${kind}.hint`)}
          autoFocus
        />
        <PasswordField
          control={form.control}
          name="password_confirmation"
          label={t(`${kind}.confirm`)}
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
          {t(`${kind}.submit`)}
        </Button>
      </Stack>
    </Box>
  );
}
