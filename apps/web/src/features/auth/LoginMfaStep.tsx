import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { messages } from '@hireline/contract/messages';
import { loginMfa, mfaMessages } from '@hireline/contract/mfa';
import { PlainTextField } from '../../components/form/PlainTextField';
import { isApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors } from '../../lib/forms';
import { usePageTitle } from '../../lib/page-title';
import { translateMessage } from '../../lib/messages';

type Mode = 'code' | 'recovery_code';

/**
 * The second step of a password sign-in: the 6-digit code from the authenticator app, or one of the recovery codes.
 * An expired challenge (or one out of attempts) goes back to the password step, which says why.
 */
export function LoginMfaStep({
  mfaToken,
  onSignedIn,
  onRestart,
}: {
  mfaToken: string;
  onSignedIn: (accessToken: string) => Promise<void>;
  onRestart: (reason: string) => void;
}) {
  const { t } = useTranslation('auth');
  // The same address as the password step: the tab says which step this is.
  usePageTitle(t('mfa.title'));
  const mutation = useApiMutation(loginMfa);
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const switchMode = () => {
    setMode((m) => (m === 'code' ? 'recovery_code' : 'code'));
    setValue('');
    setError(undefined);
    setFormError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!value.trim()) {
      setError(translateMessage(messages.required));
      return;
    }
    setError(undefined);
    setFormError(undefined);
    setSubmitting(true);
    try {
      const res = await mutation.mutateAsync({ body: { mfa_token: mfaToken, [mode]: value } });
      await onSignedIn(res.access_token);
    } catch (e) {
      if (isApiError(e) && e.errors.mfa_token?.includes(mfaMessages.challengeExpired)) {
        onRestart(translateMessage(mfaMessages.challengeExpired));
        return;
      }
      setFormError(applyServerErrors(e, (_field, err) => setError(err.message ?? ''), [mode]));
    } finally {
      setSubmitting(false);
    }
  };

  const isCode = mode === 'code';
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('mfa.title')}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{isCode ? t('mfa.codeIntro') : t('mfa.recoveryIntro')}</Typography>
        {formError && <Alert severity="error">{formError}</Alert>}
        <PlainTextField
          key={mode}
          name={mode}
          label={isCode ? t('mfa.code') : t('mfa.recoveryCode')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="one-time-code"
          autoFocus
          error={Boolean(error)}
          helperText={error}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
          {t('mfa.submit')}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Button variant="text" size="small" onClick={switchMode}>
            {isCode ? t('mfa.useRecovery') : t('mfa.useCode')}
          </Button>
          <Button variant="text" size="small" onClick={() => onRestart('')}>
            {t('mfa.back')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
