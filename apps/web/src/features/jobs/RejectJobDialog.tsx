import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { rejectJob } from '@hireline/contract/jobs';
import { FormTextField } from '../../components/form/FormTextField';
import { bodySchema } from '../../lib/forms';
import { keepFocusInPage } from '../../components/keep-focus';

const schema = bodySchema(rejectJob);

/**
 * The spec's reject form: a reason is required (the employer is emailed it and the credit is refunded). One job
 * (`title`) or several (`count`).
 */
export function RejectJobDialog(props: {
  open: boolean;
  title?: string;
  count?: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('jobs');
  const titleId = useId();
  const bodyId = useId();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const { reset } = form;
  // A fresh, empty form each time the dialog opens.
  useEffect(() => {
    if (props.open) reset({ reason: '' });
  }, [props.open, reset]);
  const onSubmit = form.handleSubmit(({ reason }) => props.onConfirm(reason));
  const heading =
    props.count !== undefined
      ? t('bulk.confirm.reject.title', { jobs: t('bulk.jobCount', { count: props.count }) })
      : t('detail.reject.title', { title: props.title ?? '' });
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
      <DialogTitle id={titleId}>{heading}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={{ mb: 2 }}>
          {t('bulk.confirm.reject.body')}
        </DialogContentText>
        <FormTextField
          control={form.control}
          name="reason"
          label={t('detail.reject.reason')}
          required
          multiline
          minRows={3}
          autoFocus
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.pending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" color="error" variant="contained" loading={props.pending}>
          {t('actions.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
