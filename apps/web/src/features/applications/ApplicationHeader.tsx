import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '@hireline/contract/applications';
import { DetailHeader } from '../../components/DetailPage';
import { ApplicationMarkers } from './ApplicationMarkers';
import { JobLink } from './JobLink';
import { StageChip } from './StageChip';

/** The candidate as the page's title; the job (a link to it) and employer under it; the status in its stage colour. */
export function ApplicationHeader({ app, slugs }: { app: ApplicationDetail; slugs: { account: string; site: string } }) {
  const { t } = useTranslation('applications');
  return (
    <DetailHeader
      title={app.candidate.name}
      subtitle={
        <>
          {t('detail.appliedFor')}{' '}
          <JobLink slugs={slugs} jobId={app.job.id}>
            {app.job.title}
          </JobLink>
          {app.job.reference_number ? ` · ${t('list.reference', { reference: app.job.reference_number })}` : ''}
          {` · ${app.employer.name}`}
        </>
      }
    >
      <Typography component="span" variant="body2" color="text.secondary">
        {t('detail.status')}
      </Typography>
      <StageChip status={app.status} size="medium" />
      <ApplicationMarkers knockedOut={app.knocked_out} enabled={app.enabled} />
    </DetailHeader>
  );
}
