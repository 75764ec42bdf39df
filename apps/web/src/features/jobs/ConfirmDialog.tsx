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
 * After a dialog closes MUI returns the focus to the control that opened it. When the action removed that control
 * (the bulk bar once the selection is cleared, a button the job's new status no longer allows), the focus would
 * fall to <body>: it goes to the page's main region instead, so keyboard and screen reader users keep their place.
 */
export function keepFocusInPage() {
  // After the modal has unmounted and tried to restore the focus itself.
  setTimeout(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) document.querySelector<HTMLElement>('main')?.focus();
  }, 0);
}

/**
 * Asks before an action. Cancel has the focus, so Enter never confirms by accident; MUI returns the focus to the
 * control that opened the dialog when it closes.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation('jobs');
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
            {t('actions.cannotUndo')}
          </Alert>
        )}
        {props.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.pending} autoFocus>
          {t('actions.cancel')}
        </Button>
        <Button onClick={props.onConfirm} color={props.color ?? 'primary'} variant="contained" loading={props.pending}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
