import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  /** Irreversible actions say so in a warning. */
  irreversible?: boolean;
  color?: ButtonProps['color'];
  pending: boolean;
  /** The API's answer when the action failed. */
  error?: string;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}

/** Asks before an action. Cancel has the focus, so Enter never confirms by accident. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
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
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{props.body}</DialogContentText>
        {props.irreversible && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('common.cannotUndo')}
          </Alert>
        )}
        {props.error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {props.error}
          </Alert>
        )}
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.pending} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button onClick={props.onConfirm} color={props.color ?? 'primary'} variant="contained" loading={props.pending}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
