import { useParams } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getJob } from '@hireline/contract/jobs';
import { ErrorState } from '../../components/ErrorState';
import { BackIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { useApiQuery } from '../../lib/api-query';
import { JobActions } from './JobActions';
import { JobApplicationsCard } from './JobApplicationsCard';
import { JobBanner, JobContentCard, JobScreeningQuestions } from './JobContent';
import { JobAdvertCard, JobDetailsCard } from './JobFields';
import { JobFeedbackCard } from './JobFeedbackCard';
import { JobFlagsCard } from './JobFlagsCard';
import { FlaggedMarker, JobStatusChip } from './JobStatusChip';
import { JobStatusTimeline } from './JobStatusTimeline';
import { JobTagsCard } from './JobTagsCard';

const FROM = '/$account/$site/jobs/$id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One job: every field, what may be done to it now, its applications, feedback and reports. */
export function JobDetailPage() {
  const { t } = useTranslation('jobs');
  const { account, site, id } = useParams({ from: FROM });
  const slugs = { account, site };
  const validId = UUID.test(id);
  const canFeedback = useCan('view', 'job_feedbacks');
  const canFlags = useCan('view', 'flagged_jobs');
  const query = useApiQuery(
    getJob,
    { params: { uuid: id } },
    { enabled: validId, retry: (count, error) => error.status !== 404 && error.status !== 403 && count < 2 },
  );
  const job = query.data;
  const back = (
    <ButtonLink to="/$account/$site/jobs" params={slugs} startIcon={<BackIcon />}>
      {t('detail.back')}
    </ButtonLink>
  );
  // Another site's job, a deleted one or a made-up id (DESIGN §6: outside the scope is 404).
  if (!validId || query.error?.status === 404)
    return (
      <Box role="status" sx={{ textAlign: 'center', maxWidth: 520, mx: 'auto', py: 6 }}>
        <Typography aria-hidden sx={{ fontSize: 88, fontWeight: 700, lineHeight: 1, color: 'primary.main', mb: 2 }}>
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('detail.notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('detail.notFound.body')}
        </Typography>
        {back}
      </Box>
    );
  if (!job)
    return query.isError ? (
      <Stack spacing={2}>
        <Box>{back}</Box>
        <ErrorState title={t('detail.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    ) : (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );

  return (
    <Stack spacing={3}>
      <Box>{back}</Box>
      <Box>
        <PageHeader
          title={job.title}
          subtitle={
            job.reference_number
              ? t('detail.subtitleRef', { employer: job.employer.name, reference: job.reference_number })
              : job.employer.name
          }
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: -1.5 }}>
          <JobStatusChip status={job.status} size="medium" />
          {job.flagged && <FlaggedMarker reports={job.open_reports} />}
        </Box>
      </Box>
      <JobActions job={job} slugs={slugs} />
      {job.status === 'rejected' && job.rejection_reason && (
        <Alert severity="error">{t('detail.rejectedBecause', { reason: job.rejection_reason })}</Alert>
      )}
      <JobBanner banner={job.banner} title={job.title} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <JobDetailsCard job={job} />
            <JobContentCard job={job} />
            <JobAdvertCard job={job} slugs={slugs} />
            <JobScreeningQuestions questions={job.screening_questions} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <JobApplicationsCard jobId={job.id} slugs={slugs} />
            <JobTagsCard key={job.tags.join('\n')} job={job} />
            <JobStatusTimeline history={job.status_history} />
            {canFeedback && <JobFeedbackCard jobId={job.id} />}
            {canFlags && job.flagged && <JobFlagsCard jobId={job.id} slugs={slugs} />}
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
