import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Asked when the user leaves a step with unsaved changes (another step, another page, the back button). */
export function LeaveDialog({ blocker }: { blocker: { status: 'blocked' | 'idle'; proceed?: () => void; reset?: () => void } }) {
  const { t } = useTranslation('jobs');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('wizard.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('wizard.leave.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('wizard.leave.stay')}
        </Button>
        <Button onClick={() => blocker.proceed?.()} color="error" variant="contained">
          {t('wizard.leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
