import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../lib/forms';
import { FormTextField } from './form/FormTextField';
import { keepFocusInPage } from './keep-focus';

/**
 * Asks for the reason an action needs (a rejection the employer is emailed, an erasure kept in the audit log). The
 * endpoint's own body schema checks it, so the messages match the API's; the form starts empty each time it opens.
 * When `onConfirm` returns a promise that rejects, the API's answer is shown in the dialog: a 422 on the reason
 * field, anything else above it, so the reader can change the reason or cancel.
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
  /** The confirm button's colour: destructive actions keep the default. */
  color?: ButtonProps['color'];
  /** The reason's length limit in the endpoint's schema (typing stops there). */
  maxLength?: number;
  /** The endpoint's body schema (`bodySchema(endpoint)`): `{ reason }`, required. */
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const form = useForm({ resolver: zodResolver(props.schema), defaultValues: { reason: '' } });
  const { reset } = form;
  const [failure, setFailure] = useState<string>();
  // Busy while an awaited confirm runs; not while the reason is checked (the form's isSubmitting), so a quick retry
  // after a refused reason is never swallowed by a disabled button.
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    reset({ reason: '' });
    setFailure(undefined);
  }, [props.open, reset]);
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setFailure(undefined);
    setConfirming(true);
    try {
      await props.onConfirm(reason);
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ['reason']));
    } finally {
      setConfirming(false);
    }
  });
  const pending = props.pending || confirming;
  return (
    <Dialog
      open={props.open}
      onClose={pending ? undefined : props.onCancel}
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
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
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
          slotProps={{ htmlInput: { maxLength: props.maxLength ?? 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={pending}>
          {t('confirm.cancel')}
        </Button>
        <Button type="submit" color={props.color ?? 'error'} variant="contained" loading={pending}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
