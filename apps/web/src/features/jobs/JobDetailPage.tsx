import { useParams } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { getJob } from '@hireline/contract/jobs';
import { DetailHeader, DetailPage, useRecordQuery } from '../../components/DetailPage';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
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

/** One job: every field, what may be done to it now, its applications, feedback and reports. */
export function JobDetailPage() {
  const { t } = useTranslation('jobs');
  const { account, site, id } = useParams({ from: FROM });
  const slugs = { account, site };
  const canFeedback = useCan('view', 'job_feedbacks');
  const canFlags = useCan('view', 'flagged_jobs');
  const record = useRecordQuery(getJob, id);
  const back = (
    <ButtonLink to="/$account/$site/jobs" params={slugs} startIcon={<BackIcon />}>
      {t('detail.back')}
    </ButtonLink>
  );

  return (
    <DetailPage
      record={record}
      back={back}
      labels={{
        notFoundTitle: t('detail.notFound.title'),
        notFoundBody: t('detail.notFound.body'),
        loadError: t('detail.loadError'),
      }}
      name={(job) => job.title}
    >
      {(job) => (
        <>
          <DetailHeader
            title={job.title}
            subtitle={
              job.reference_number
                ? t('detail.subtitleRef', { employer: job.employer.name, reference: job.reference_number })
                : job.employer.name
            }
          >
            <JobStatusChip status={job.status} size="medium" />
            {job.flagged && <FlaggedMarker reports={job.open_reports} />}
          </DetailHeader>
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
        </>
      )}
    </DetailPage>
  );
}
