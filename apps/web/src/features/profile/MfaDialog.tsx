import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { messages } from '@hireline/contract/messages';
import { isApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';

export type MfaDialogKind = 'regenerate' | 'disable';

/**
 * Asks for what proves it is the person before changing their two-step sign-in: a code from the app to replace the
 * recovery codes; the password or a code to turn it off. `submit` throws the API's error, shown on the field.
 */
export function MfaDialog({
  kind,
  open,
  onClose,
  submit,
}: {
  kind: MfaDialogKind;
  open: boolean;
  onClose: () => void;
  submit: (body: { code?: string; password?: string }) => Promise<void>;
}) {
  const { t } = useTranslation('profile');
  const titleId = useId();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const close = () => {
    setCode('');
    setPassword('');
    setError(undefined);
    onClose();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() && !(kind === 'disable' && password)) return setError(translateMessage(messages.required));
    setError(undefined);
    setPending(true);
    try {
      await submit(code.trim() ? { code } : { password });
      close();
    } catch (e) {
      const first = isApiError(e) ? (Object.values(e.errors).flat()[0] ?? e.message) : messages.unknownError;
      setError(translateMessage(first));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onClose={pending ? undefined : close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{t(`mfa.${kind}.title`)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t(`mfa.${kind}.body`)}</DialogContentText>
          <Stack spacing={2}>
            {kind === 'disable' && (
              <TextField
                type="password"
                label={t('mfa.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            )}
            <TextField
              label={t('mfa.code')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={Boolean(error)}
              helperText={error}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            {t('mfa.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={kind === 'disable' ? 'error' : 'primary'} loading={pending}>
            {t(`mfa.${kind}.submit`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
