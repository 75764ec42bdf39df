import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { messages } from '@hireline/contract/messages';
import { confirmMfaSetup, startMfaSetup } from '@hireline/contract/mfa';
import { isApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { translateError, translateMessage } from '../../lib/messages';

/**
 * Setting up an authenticator: scan the QR code (or type the secret), prove it with a code, then keep the recovery
 * codes, which `onConfirmed` receives to show this once.
 */
export function MfaSetup({ onConfirmed, onCancel }: { onConfirmed: (codes: string[]) => void; onCancel?: () => void }) {
  const { t } = useTranslation('profile');
  const start = useApiMutation(startMfaSetup);
  const confirm = useApiMutation(confirmMfaSetup);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  if (!start.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {start.error && <Alert severity="error">{translateError(start.error)}</Alert>}
        <Button variant="contained" loading={start.isPending} onClick={() => start.mutate({})}>
          {t('mfa.setUp')}
        </Button>
      </Stack>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(translateMessage(messages.required));
    setError(undefined);
    try {
      onConfirmed((await confirm.mutateAsync({ body: { code } })).recovery_codes);
    } catch (e) {
      setError(translateMessage(isApiError(e) ? (e.errors.code?.[0] ?? e.message) : messages.unknownError));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ maxWidth: 560 }}>
      <Stack spacing={2.5}>
        <Typography>{t('mfa.scan')}</Typography>
        <Box component="img" src={start.data.qr_code} alt={t('mfa.qrAlt')} sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }} />
        <Typography variant="body2" color="text.secondary">
          {t('mfa.typeSecret')}
        </Typography>
        <Typography component="code" aria-label={t('mfa.secretLabel')} data-testid="mfa-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {start.data.secret}
        </Typography>
        <TextField
          label={t('mfa.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(error)}
          helperText={error ?? t('mfa.codeHint')}
        />
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" loading={confirm.isPending}>
            {t('mfa.confirm')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('mfa.cancel')}</Button>}
        </Stack>
      </Stack>
    </Box>
  );
}
