import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getSeekerApplicationFeedback, type ApplicationDetail } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { useApiQuery } from '../../lib/api-query';
import { formatDate } from '../../lib/format';
import { FieldList, SectionCard, type Field } from '../../components/SectionCard';
import { useEmployerRecommended } from '../../components/employer-recommended';

/** The candidate's feedback on the application process, given on the job board; empty until they give it. */
export function FeedbackTab({ app }: { app: ApplicationDetail }) {
  const { t, i18n } = useTranslation('applications');
  const query = useApiQuery(getSeekerApplicationFeedback, { params: { uuid: app.id } });
  const feedback = query.data?.feedback;
  const recommended = useEmployerRecommended()(feedback?.employer_recommended ?? null);
  return (
    <SectionCard title={t('feedback.title')}>
      {query.isError ? (
        <ErrorState title={t('feedback.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton height={120} />
      ) : !feedback ? (
        <Box role="status" sx={{ py: 3, textAlign: 'center' }}>
          <Typography variant="subtitle1" component="p">
            {t('feedback.empty')}
          </Typography>
          <Typography color="text.secondary">{t('feedback.emptyHint')}</Typography>
        </Box>
      ) : (
        <FieldList
          fields={[
            [
              t('feedback.rating'),
              <Box key="rating" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {/* The stars are decoration; the words say the rating. */}
                <Rating value={feedback.rating} readOnly size="small" aria-hidden />
                {t('feedback.outOf', { rating: feedback.rating })}
              </Box>,
            ],
            ...(recommended ? [[recommended.label, recommended.answer] satisfies Field] : []),
            [
              t('feedback.additional'),
              feedback.additional_feedback ? (
                <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                  {feedback.additional_feedback}
                </Box>
              ) : null,
            ],
            [t('feedback.given'), formatDate(feedback.created_at, i18n.language)],
          ]}
        />
      )}
    </SectionCard>
  );
}
