import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form/FormTextField';
import { keepFocusInPage } from './keep-focus';

/**
 * Asks for the reason an action needs (a rejection the employer is emailed, an erasure kept in the audit log). The
 * endpoint's own body schema checks it, so the messages match the API's; the form starts empty each time it opens.
 */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  body: string;
  /** Said in a warning under the body: what cannot be undone. */
  warning?: string;
  reasonLabel: string;
  reasonHint?: string;
  confirmLabel: string;
  /** The endpoint's body schema (`bodySchema(endpoint)`): `{ reason }`, required. */
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const form = useForm({ resolver: zodResolver(props.schema), defaultValues: { reason: '' } });
  const { reset } = form;
  useEffect(() => {
    if (props.open) reset({ reason: '' });
  }, [props.open, reset]);
  const onSubmit = form.handleSubmit(({ reason }) => props.onConfirm(reason));
  return (
    <Dialog
      open={props.open}
      onClose={props.pending ? undefined : props.onCancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object, transition: { onExited: keepFocusInPage } }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={props.warning ? undefined : { mb: 2 }}>
          {props.body}
        </DialogContentText>
        {props.warning && (
          <Alert severity="warning" sx={{ my: 2 }}>
            {props.warning}
          </Alert>
        )}
        <FormTextField
          control={form.control}
          name="reason"
          label={props.reasonLabel}
          helperText={props.reasonHint}
          required
          multiline
          minRows={3}
          autoFocus
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.pending}>
          {t('confirm.cancel')}
        </Button>
        <Button type="submit" color="error" variant="contained" loading={props.pending}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
