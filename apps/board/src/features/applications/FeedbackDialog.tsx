import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listCandidateApplications, putApplicationFeedback, type CandidateApplication } from '@hireline/contract/board-candidates';
import { messages } from '@hireline/contract/messages';
import { FormTextField } from '../../components/FormTextField';
import { invalidateEndpoint, useApiMutation } from '../../lib/api-query';
import { applyServerErrors, fieldErrorText } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';

interface Values {
  rating: number | null;
  employer_recommended: '' | 'yes' | 'no';
  additional_feedback: string;
}

/** Feedback on how the application went: a rating, whether they would recommend the employer, and words. */
export function FeedbackDialog({ application, onClose }: { application: CandidateApplication | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(application)} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="feedback-title">
      {application && <FeedbackForm key={application.id} application={application} onClose={onClose} />}
    </Dialog>
  );
}

function FeedbackForm({ application, onClose }: { application: CandidateApplication; onClose: () => void }) {
  const { t } = useTranslation();
  const ratingLabel = useId();
  const ratingHelp = useId();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(putApplicationFeedback);
  const current = application.feedback;
  const form = useForm<Values>({
    defaultValues: {
      rating: current?.rating ?? null,
      // The shared feedback shape allows null (not said); the form then asks again rather than assuming No.
      employer_recommended: current?.employer_recommended == null ? '' : current.employer_recommended ? 'yes' : 'no',
      additional_feedback: current?.additional_feedback ?? '',
    },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await mutation.mutateAsync({
        params: { uuid: application.id },
        body: {
          rating: values.rating ?? 0,
          employer_recommended: values.employer_recommended === 'yes',
          additional_feedback: values.additional_feedback.trim() || null,
        },
      });
      void invalidateEndpoint(queryClient, listCandidateApplications);
      setDone(true);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['rating', 'employer_recommended', 'additional_feedback']));
    }
  });

  if (done)
    return (
      <>
        <DialogTitle id="feedback-title">{t('feedback.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="success" role="status">
            {t('feedback.thanks')}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} autoFocus>
            {t('common.close')}
          </Button>
        </DialogActions>
      </>
    );

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id="feedback-title">{t('feedback.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {application.job.title} · {application.job.employer_name}
        </Typography>
        <Stack spacing={3}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="rating"
            rules={{ validate: (v) => (v ? true : messages.required) }}
            render={({ field, fieldState }) => (
              // The fieldset takes the focus on a submit with no rating: its legend and error are read together.
              <FormControl component="fieldset" error={Boolean(fieldState.error)} required ref={field.ref} tabIndex={-1} sx={{ outline: 'none' }}>
                <FormLabel component="legend" id={ratingLabel}>
                  {t('feedback.rating')}
                </FormLabel>
                <Box>
                  <Rating
                    name={field.name}
                    value={field.value}
                    onChange={(_, v) => field.onChange(v)}
                    getLabelText={(v) => t('rate.stars', { count: v })}
                    aria-describedby={fieldState.error ? ratingHelp : undefined}
                  />
                </Box>
                {fieldState.error && <FormHelperText id={ratingHelp}>{fieldErrorText(fieldState.error)}</FormHelperText>}
              </FormControl>
            )}
          />
          <Controller
            control={form.control}
            name="employer_recommended"
            rules={{ validate: (v) => (v ? true : messages.required) }}
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
                <FormLabel component="legend">{t('feedback.recommend')}</FormLabel>
                <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} name={field.name}>
                  <FormControlLabel value="yes" control={<Radio slotProps={{ input: { ref: field.ref } }} />} label={t('screening.yes')} />
                  <FormControlLabel value="no" control={<Radio />} label={t('screening.no')} />
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldErrorText(fieldState.error)}</FormHelperText>}
              </FormControl>
            )}
          />
          <FormTextField control={form.control} name="additional_feedback" label={t('feedback.more')} multiline minRows={3} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          {t('feedback.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
