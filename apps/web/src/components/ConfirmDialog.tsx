import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { keepFocusInPage } from './keep-focus';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  /** "Cancel" unless the dialog's own words say it. */
  cancelLabel?: string;
  /** Irreversible or destructive actions say so in a warning (DESIGN §7). */
  irreversible?: boolean;
  color?: ButtonProps['color'];
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Extra fields (e.g. an optional reason). */
  children?: ReactNode;
}

/**
 * Asks before an action. Cancel has the focus, so Enter never confirms by accident; MUI returns the focus to the
 * control that opened the dialog when it closes.
 */
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
      slotProps={{ transition: { onExited: keepFocusInPage } }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{props.body}</DialogContentText>
        {props.irreversible && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('confirm.cannotUndo')}
          </Alert>
        )}
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.pending} autoFocus>
          {props.cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button onClick={props.onConfirm} color={props.color ?? 'primary'} variant="contained" loading={props.pending}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
