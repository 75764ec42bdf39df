import { useState } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { jobAverageRating, listJobFeedbacks } from '@hireline/contract/job-reviews';
import { ErrorState } from '../../components/ErrorState';
import { useApiQuery } from '../../lib/api-query';
import { formatDate } from '../../lib/format';
import { SectionCard } from '../../components/SectionCard';
import { useEmployerRecommended } from '../../components/employer-recommended';

const PER_PAGE = 5;

/** Candidates' feedback on the job: the average rating and the entries, newest first (job_feedbacks.view). */
export function JobFeedbackCard({ jobId }: { jobId: string }) {
  const { t, i18n } = useTranslation('jobs');
  const { t: tc } = useTranslation();
  const [page, setPage] = useState(1);
  const recommended = useEmployerRecommended();
  const average = useApiQuery(jobAverageRating, { params: { uuid: jobId } });
  const list = useApiQuery(listJobFeedbacks, { params: { uuid: jobId }, query: { page, per_page: PER_PAGE } }, { keepPrevious: true });
  const one = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const pages = list.data ? Math.ceil(list.data.meta.total / PER_PAGE) : 0;
  return (
    <SectionCard title={t('detail.sections.feedback')}>
      {average.data && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          {average.data.average === null ? (
            <Typography color="text.secondary">{t('detail.feedback.noRatings')}</Typography>
          ) : (
            <>
              <Rating value={average.data.average} precision={0.1} readOnly aria-hidden />
              <Typography>
                {t('detail.feedback.average', {
                  average: one.format(average.data.average),
                  count: average.data.count,
                })}
              </Typography>
            </>
          )}
        </Box>
      )}
      {list.isError ? (
        <ErrorState title={t('detail.feedback.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton height={80} />
      ) : list.data.data.length === 0 ? (
        <Typography color="text.secondary">{t('detail.feedback.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {list.data.data.map((f) => (
            <Box component="li" key={f.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Rating value={f.rating} readOnly size="small" aria-hidden />
                <Typography variant="body2">{t('detail.feedback.rating', { rating: f.rating })}</Typography>
                <Typography variant="caption" color="text.secondary" component="time" dateTime={f.created_at} sx={{ marginInlineStart: 'auto' }}>
                  {formatDate(f.created_at, i18n.language)}
                </Typography>
              </Box>
              <RecommendedLine line={recommended(f.employer_recommended)?.line} />
              {f.additional_feedback && <Typography variant="body2">{f.additional_feedback}</Typography>}
              <Typography variant="caption" color="text.secondary">
                {f.seeker_name ?? t('detail.feedback.anonymous')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, p) => setPage(p)}
          size="small"
          sx={{ mt: 2 }}
          getItemAriaLabel={(type, p) =>
            type === 'page'
              ? t('detail.feedback.page', { page: p })
              : type === 'start-ellipsis' || type === 'end-ellipsis'
                ? ''
                : tc(`pagination.${type}`)
          }
        />
      )}
    </SectionCard>
  );
}

function RecommendedLine({ line }: { line: string | undefined }) {
  return line ? <Typography variant="body2">{line}</Typography> : null;
}
