import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { resendVerification, verifyCandidate } from '@hireline/contract/board-candidate-account';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { FormTextField } from '../../components/FormTextField';
import { request } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { safeNext, signIn } from '../../lib/auth';
import { applyServerErrors, errorText } from '../../lib/forms';
import { usePageTitle } from '../../lib/site';
import { AuthCard } from './AuthCard';
import { translateMessage } from '../../lib/messages';

// A token works once: React's development double effects (and a quick reload) must not spend it twice.
const attempts = new Map<string, Promise<ResponseOf<typeof verifyCandidate>>>();
function verifyOnce(token: string) {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = request(verifyCandidate, { body: { token } });
    attempts.set(token, attempt);
  }
  return attempt;
}

/** `/verify?token=`: confirms the email address from the mailed link, signs in and goes on. */
export function VerifyPage() {
  const { t } = useTranslation();
  const search = useSearch({ from: '/verify' });
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(search.token ? null : t('account.verify.missing'));
  usePageTitle(t('account.verify.title'));

  useEffect(() => {
    if (!search.token) return;
    let live = true;
    verifyOnce(search.token).then(
      (token) => {
        if (!live) return;
        signIn(token.access_token);
        void navigate({ href: safeNext(search.next), replace: true });
      },
      (error: unknown) => live && setFailure(errorText(error)),
    );
    return () => {
      live = false;
    };
  }, [search.token, search.next, navigate]);

  return (
    <AuthCard title={t('account.verify.title')}>
      {failure === null ? (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography>{t('account.verify.working')}</Typography>
        </Stack>
      ) : (
        <Stack spacing={3}>
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
          <ResendForm />
        </Stack>
      )}
    </AuthCard>
  );
}

const resendSchema = resendVerification.body!;

/** A new confirmation link for an expired or used one. */
function ResendForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(resendVerification);
  const form = useForm({ resolver: zodResolver(resendSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      setSent(translateMessage((await mutation.mutateAsync({ body })).message));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['email']));
    }
  });
  if (sent)
    return (
      <Alert severity="success" role="status">
        {sent}
      </Alert>
    );
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        <Typography>{t('account.verify.resendIntro')}</Typography>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <FormTextField control={form.control} name="email" label={t('account.email')} type="email" autoComplete="email" required />
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          {t('account.verify.resend')}
        </Button>
      </Stack>
    </Box>
  );
}
