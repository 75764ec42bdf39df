import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { getFlaggedJob } from '@hireline/contract/job-reviews';
import { ErrorState } from '../../components/ErrorState';
import { RouterLink } from '../../components/RouterLink';
import { useApiQuery } from '../../lib/api-query';
import { FlagReportsList } from './FlagReportsList';
import { SectionCard } from '../../components/SectionCard';

/** The reports behind the flagged marker (shown by the page only when flagged and with flagged_jobs.view). */
export function JobFlagsCard({ jobId, slugs }: { jobId: string; slugs: { account: string; site: string } }) {
  const { t } = useTranslation('jobs');
  const query = useApiQuery(getFlaggedJob, { params: { uuid: jobId } });
  return (
    <SectionCard
      title={t('detail.sections.flags')}
      action={
        <RouterLink to="/$account/$site/jobs/flagged-jobs" params={slugs} variant="body2">
          {t('detail.flags.all')}
        </RouterLink>
      }
    >
      {query.isError ? (
        <ErrorState title={t('detail.flags.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <FlagReportsList reports={query.data.reports} />
      ) : (
        <Skeleton height={80} />
      )}
    </SectionCard>
  );
}
