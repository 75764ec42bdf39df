import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPassword, password } from '@hireline/contract/auth';
import { acceptInvitation, readInvitation, type InvitationInfo } from '@hireline/contract/invitations';
import { messages } from '@hireline/contract/messages';
import { PasswordField } from '../../components/form/PasswordField';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { isApiError, request } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { currentUserQuery } from '../../lib/current-user';
import { applyServerErrors } from '../../lib/forms';
import { translateError, translateMessage } from '../../lib/messages';
import { useSession } from '../../lib/session';
import { useSnackbar } from '../../lib/snackbar';
import { AuthCard } from './AuthCard';

/*
 * An invitation link (`/auth/invitation?token=…`, and older links at `/auth/profile/password`). The API says how this
 * person accepts: someone new chooses a first password here; anyone else signs in as themselves and accepts with one
 * click, and no password is ever set then (one account's invitation never sets a password that opens another).
 */

const passwordSchema = z
  .object({ password: newPassword, password_confirmation: password })
  .refine((b) => b.password === b.password_confirmation, { path: ['password_confirmation'], error: messages.confirmation });

export function InvitationCard({ token }: { token?: string }) {
  const { t } = useTranslation('auth');
  const { token: sessionToken } = useSession();
  const info = useQuery<InvitationInfo>({
    queryKey: ['invitation', token ?? '', Boolean(sessionToken)],
    queryFn: () => request(readInvitation, { body: { token: token! } }),
    enabled: Boolean(token),
    retry: false,
  });

  if (!token || info.isError) {
    const why = !token ? t('invitation.missingToken') : isApiError(info.error) && info.error.status === 422 ? t('invitation.invalid') : translateMessage(messages.unknownError);
    return (
      <AuthCard title={t('invitation.title')}>
        <Stack spacing={2.5} sx={{ mt: 2 }}>
          <Alert severity="error">{why}</Alert>
          <ButtonLink to="/login" variant="contained" fullWidth>
            {t('invitation.toSignIn')}
          </ButtonLink>
        </Stack>
      </AuthCard>
    );
  }
  if (!info.data) {
    return (
      <AuthCard title={t('invitation.title')}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label={t('invitation.loading')} />
        </Box>
      </AuthCard>
    );
  }
  const inv = info.data;
  return (
    <AuthCard title={t('invitation.title')} subtitle={t('invitation.subtitle', { account: inv.account.name, email: inv.email })}>
      {inv.signed_in_as_invitee ? (
        <AcceptSignedIn token={token} />
      ) : inv.accept_with === 'password' ? (
        <ChoosePassword token={token} />
      ) : (
        <SignInToAccept token={token} email={inv.email} signedInAsOther={Boolean(sessionToken)} />
      )}
    </AuthCard>
  );
}

function ChoosePassword({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(acceptInvitation);
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: '', password_confirmation: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await mutation.mutateAsync({ body: { token, ...values } });
      notify.success(t('invitation.acceptedWithPassword'));
      await navigate({ to: '/login' });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['password', 'password_confirmation']));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <PasswordField control={form.control} name="password" label={t('invitation.password')} autoComplete="new-password" helperText={t('invitation.hint')} autoFocus />
        <PasswordField control={form.control} name="password_confirmation" label={t('invitation.confirm')} autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
          {t('invitation.acceptWithPassword')}
        </Button>
      </Stack>
    </Box>
  );
}

function SignInToAccept({ token, email, signedInAsOther }: { token: string; email: string; signedInAsOther: boolean }) {
  const { t } = useTranslation('auth');
  const back = `/auth/invitation?${new URLSearchParams({ token }).toString()}`;
  return (
    <Stack spacing={2.5}>
      <Alert severity="info">{signedInAsOther ? t('invitation.signedInAsOther', { email }) : t('invitation.signInToAccept', { email })}</Alert>
      {!signedInAsOther && (
        <ButtonLink to="/login" search={{ to: back }} variant="contained" size="large" fullWidth>
          {t('invitation.signIn')}
        </ButtonLink>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('invitation.noPassword')}{' '}
        <RouterLink to="/forgot-password" variant="body2">
          {t('invitation.forgotPassword')}
        </RouterLink>
      </Typography>
    </Stack>
  );
}

function AcceptSignedIn({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const mutation = useApiMutation(acceptInvitation);
  const accept = async () => {
    setError(undefined);
    try {
      await mutation.mutateAsync({ body: { token } });
      // The new access shows in /auth/me: the account switcher and permissions.
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      notify.success(t('invitation.accepted'));
      await navigate({ to: '/' });
    } catch (e) {
      setError(isApiError(e) ? translateError(e) : translateMessage(messages.unknownError));
    }
  };
  return (
    <Stack spacing={2.5}>
      {error && <Alert severity="error">{error}</Alert>}
      <Button variant="contained" size="large" fullWidth onClick={() => void accept()} loading={mutation.isPending}>
        {t('invitation.accept')}
      </Button>
    </Stack>
  );
}
