import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FormKey } from '@hireline/contract/site-settings';
import { CopyButton } from './CopyButton';

export interface ShownSecret {
  form: FormKey;
  secret: string;
}

/**
 * A webhook's signing secret, shown this once (the API never answers it again): copy it now. Closing forgets it;
 * only an explicit button closes, so a stray click outside does not lose it.
 */
export function SecretDialog({ secrets, onClose }: { secrets: ShownSecret[]; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={secrets.length > 0} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('secret.title', { count: secrets.length })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={{ mb: 2 }}>
          {t('secret.body')}
        </DialogContentText>
        <Alert severity="warning" sx={{ mb: 2.5 }}>
          {t('secret.once')}
        </Alert>
        <Stack spacing={2.5}>
          {secrets.map(({ form, secret }) => (
            <Box key={form} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
              <TextField
                label={t('secret.label', { form: t(`forms.names.${form}`) })}
                value={secret}
                sx={{ flex: '1 1 320px' }}
                onFocus={(e) => e.target.select()}
                slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } }, htmlInput: { dir: 'ltr', spellCheck: false } }}
              />
              <CopyButton text={secret} label={t('secret.copy', { form: t(`forms.names.${form}`) })} />
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
