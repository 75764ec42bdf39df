import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Deleting is permanent, so it is confirmed first and the dialog says it cannot be undone (DESIGN §7). */
export function DeleteNotificationDialog(props: {
  open: boolean;
  subject: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.pending ? undefined : props.onCancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('deleteDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('deleteDialog.body', { subject: props.subject })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.pending} autoFocus>
          {t('deleteDialog.cancel')}
        </Button>
        <Button onClick={props.onConfirm} color="error" variant="contained" loading={props.pending}>
          {t('deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
