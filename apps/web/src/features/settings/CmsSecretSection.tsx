import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { rotateCmsSecret } from '@hireline/contract/site-settings';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useApiMutation } from '../../lib/api-query';
import { translateError } from '../../lib/messages';
import { CopyButton } from './CopyButton';

/**
 * The site's CMS secret: never shown again once made, so "Rotate secret" (after a confirmation, since the CMS stops
 * accepting tokens until it has the new one) is how an admin gets one to configure the CMS with.
 */
export function CmsSecretSection({ onRotated }: { onRotated: () => void }) {
  const { t } = useTranslation('settings');
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useApiMutation(rotateCmsSecret, {
    onSuccess: (res) => {
      setConfirming(false);
      setSecret(res.secret);
      onRotated();
    },
  });
  const titleId = useId();
  const bodyId = useId();
  return (
    <>
      <Divider />
      <Typography variant="h6" component="h3">
        {t('cms.secretTitle')}
      </Typography>
      <Typography>{t('cms.secretWhat')}</Typography>
      <Box>
        <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
          {t('cms.rotate')}
        </Button>
      </Box>
      {rotate.isError && !confirming && (
        <Alert severity="error" role="alert">
          {translateError(rotate.error)}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('cms.rotateTitle')}
        body={t('cms.rotateBody')}
        confirmLabel={t('cms.rotateConfirm')}
        color="warning"
        pending={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotate.mutate({})}
      >
        {rotate.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {translateError(rotate.error)}
          </Alert>
        )}
      </ConfirmDialog>
      {/* Shown this once; only the button closes it, so a stray click outside does not lose it. */}
      <Dialog open={secret !== null} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{t('cms.newSecretTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={bodyId} sx={{ mb: 2 }}>
            {t('cms.newSecretBody')}
          </DialogContentText>
          <Alert severity="warning" sx={{ mb: 2.5 }}>
            {t('secret.once')}
          </Alert>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <TextField
              label={t('cms.secretLabel')}
              value={secret ?? ''}
              sx={{ flex: '1 1 320px' }}
              onFocus={(e) => e.target.select()}
              slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } }, htmlInput: { dir: 'ltr', spellCheck: false } }}
            />
            <CopyButton text={secret ?? ''} label={t('cms.copySecret')} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setSecret(null)}>
            {t('secret.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
