import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { eraseSeeker } from '@hireline/contract/seekers';
import { FormTextField } from '../../components/form/FormTextField';
import { bodySchema } from '../../lib/forms';
import { keepFocusInPage } from '../../components/keep-focus';

const schema = bodySchema(eraseSeeker);

/**
 * A privacy request's erasure: the reason is required (it is kept in the audit log) and the dialog says that the
 * personal data cannot be brought back. The contract's own schema checks the reason, so the messages match the API's.
 */
export function EraseSeekerDialog(props: {
  open: boolean;
  name: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation('seekers');
  const titleId = useId();
  const bodyId = useId();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const { reset } = form;
  // A fresh, empty form each time the dialog opens.
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
      <DialogTitle id={titleId}>{t('confirm.erase.title', { name: props.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{t('confirm.erase.body')}</DialogContentText>
        <Alert severity="warning" sx={{ my: 2 }}>
          {t('confirm.erase.irreversible')}
        </Alert>
        <FormTextField
          control={form.control}
          name="reason"
          label={t('confirm.erase.reason')}
          helperText={t('confirm.erase.reasonHint')}
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
          {t('actions.erase')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
