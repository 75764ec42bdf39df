import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getJobApplications } from '@hireline/contract/jobs';
import { ErrorState } from '../../components/ErrorState';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { HrefLink, sitePath } from './HrefLink';
import { SectionCard } from '../../components/SectionCard';

/** How many applications the job has per status; each opens the applications list filtered to it. */
export function JobApplicationsCard({ jobId, slugs }: { jobId: string; slugs: { account: string; site: string } }) {
  const { t, i18n } = useTranslation('jobs');
  const { t: ta } = useTranslation('applications');
  const canOpen = useCan('view', 'applications');
  const query = useApiQuery(getJobApplications, { params: { uuid: jobId } });
  const number = new Intl.NumberFormat(i18n.language);
  const link = (status?: string) => sitePath(slugs, 'applications', { job_id: jobId, status });
  const data = query.data;
  return (
    <SectionCard title={t('detail.sections.applications')}>
      {query.isError ? (
        <ErrorState title={t('detail.applications.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeleton height={120} />
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            {canOpen && data.total > 0 ? (
              <HrefLink href={link()}>{t('detail.applications.total', { count: data.total, formatted: number.format(data.total) })}</HrefLink>
            ) : (
              t('detail.applications.total', { count: data.total, formatted: number.format(data.total) })
            )}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.by_status.map(({ status, count }) => {
              const label = t(`detail.applicationStatus.${status}`);
              return (
                <Box
                  component="li"
                  key={status}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
                >
                  {canOpen && count > 0 ? (
                    <HrefLink href={link(status)} aria-label={t('detail.applications.open', { status: label, count })}>
                      {label}
                    </HrefLink>
                  ) : (
                    <Typography component="span" color={count ? 'text.primary' : 'text.secondary'}>
                      {label}
                    </Typography>
                  )}
                  <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {number.format(count)}
                  </Typography>
                </Box>
              );
            })}
          </Box>
          {canOpen && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1.5 }}>
              <HrefLink href={link()}>{ta('jobCard.viewList')}</HrefLink>
              <HrefLink href={sitePath(slugs, 'applications', { view: 'board', job: jobId })}>{ta('jobCard.viewBoard')}</HrefLink>
            </Box>
          )}
        </>
      )}
    </SectionCard>
  );
}
