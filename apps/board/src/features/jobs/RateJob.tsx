import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { putJobFeedback } from '@hireline/contract/board-candidates';
import { useApiMutation } from '../../lib/api-query';
import { errorText } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';

/** "Rate this job" (1–5 stars) for a signed-in candidate; sending again changes the rating. */
export function RateJob({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const mutation = useApiMutation(putJobFeedback);

  async function rate(value: number | null) {
    if (!value) return;
    setRating(value);
    try {
      const res = await mutation.mutateAsync({ params: { uuid: jobId }, body: { rating: value } });
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
        onChange={(_, value) => void rate(value)}
        disabled={mutation.isPending}
        aria-labelledby={labelId}
        getLabelText={(value) => t('rate.stars', { count: value })}
      />
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
