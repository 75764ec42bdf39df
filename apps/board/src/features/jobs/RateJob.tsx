import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { putJobFeedback } from '@hireline/contract/board-candidates';
import { useApiMutation } from '../../lib/api-query';
import { errorText } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';

/**
 * "Rate this job" (1–5 stars) for a signed-in candidate, then, as on application feedback, whether they would
 * recommend the employer (optional). Each change sends both again: the API replaces the candidate's feedback.
 */
export function RateJob({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [recommended, setRecommended] = useState<'' | 'yes' | 'no'>('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const mutation = useApiMutation(putJobFeedback);

  async function send(value: number | null, answer: '' | 'yes' | 'no') {
    if (!value) return;
    setRating(value);
    setRecommended(answer);
    const body = { rating: value, ...(answer && { employer_recommended: answer === 'yes' }) };
    try {
      const res = await mutation.mutateAsync({ params: { uuid: jobId }, body });
      setAnswer({ ok: true, text: translateMessage(res.message) });
    } catch (error) {
      setAnswer({ ok: false, text: errorText(error) });
    }
  }

  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {t('rate.title')}
      </Typography>
      <Rating
        name={`rate-${jobId}`}
        value={rating}
        onChange={(_, value) => void send(value, recommended)}
        disabled={mutation.isPending}
        aria-labelledby={labelId}
        getLabelText={(value) => t('rate.stars', { count: value })}
      />
      {rating !== null && (
        <FormControl component="fieldset" disabled={mutation.isPending} sx={{ mt: 1, display: 'block' }}>
          <FormLabel component="legend">{t('feedback.recommend')}</FormLabel>
          <RadioGroup row value={recommended} onChange={(e) => void send(rating, e.target.value as 'yes' | 'no')} name={`recommend-${jobId}`}>
            <FormControlLabel value="yes" control={<Radio />} label={t('screening.yes')} />
            <FormControlLabel value="no" control={<Radio />} label={t('screening.no')} />
          </RadioGroup>
        </FormControl>
      )}
      <Box aria-live="polite">
        {answer && (
          <Alert severity={answer.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
            {answer.text}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
