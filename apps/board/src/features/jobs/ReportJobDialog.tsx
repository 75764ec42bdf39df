import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { jobReportReasonLabels, jobReportReasons, reportJob } from '@hireline/contract/board-candidates';
import { email } from '@hireline/contract/common';
import { messages } from '@hireline/contract/messages';
import { FormTextField } from '../../components/FormTextField';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';

const schema = z.object({
  reason: z.enum(jobReportReasons, { error: messages.required }),
  additional_comments: z.string().trim().max(2000, { error: messages.invalid }),
  // Optional: a signed-out reporter may leave an address to hear back.
  email: z.union([z.literal(''), email]),
});
type Values = z.input<typeof schema>;

export interface ReportJobDialogProps {
  jobId: string;
  open: boolean;
  signedIn: boolean;
  onClose: () => void;
}

/** "Report this job": a reason, comments, and an email when signed out; the API's thanks once sent. */
export function ReportJobDialog({ jobId, open, signedIn, onClose }: ReportJobDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [done, setDone] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(reportJob);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' as Values['reason'], additional_comments: '', email: '' },
  });

  const close = () => {
    onClose();
    // After the closing transition, so the text does not jump while it fades.
    setTimeout(() => {
      setDone(undefined);
      setFormError(undefined);
      form.reset();
    }, 300);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await mutation.mutateAsync({
        params: { uuid: jobId },
        body: {
          reason: values.reason,
          additional_comments: values.additional_comments || null,
          email: signedIn || !values.email ? undefined : values.email,
        },
      });
      setDone(translateMessage(answer.message));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['reason', 'additional_comments', 'email']));
    }
  });

  return (
    <Dialog open={open} onClose={mutation.isPending ? undefined : close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('report.title')}</DialogTitle>
      {done ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {done}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} autoFocus>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={submit}>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {formError && (
                <Alert severity="error" role="alert">
                  {formError}
                </Alert>
              )}
              <FormTextField control={form.control} name="reason" label={t('report.reason')} select required>
                {jobReportReasons.map((reason) => (
                  <MenuItem key={reason} value={reason}>
                    {t(`report.reasons.${reason}`, { defaultValue: jobReportReasonLabels[reason] })}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField control={form.control} name="additional_comments" label={t('report.comments')} multiline minRows={3} />
              {!signedIn && (
                <FormTextField
                  control={form.control}
                  name="email"
                  label={t('report.email')}
                  type="email"
                  autoComplete="email"
                  helperText={t('report.emailHint')}
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={mutation.isPending}>
              {t('report.submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
