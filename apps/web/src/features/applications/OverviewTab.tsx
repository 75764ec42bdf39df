import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '@hireline/contract/applications';
import { getFieldOptions } from '@hireline/contract/lookups';
import { useApiQuery } from '../../lib/api-query';
import { formatDateTime } from '../../lib/format';
import { FieldList, SectionCard, type Field } from '../../components/SectionCard';
import { JobLink } from './JobLink';

const FROM = '/$account/$site/applications/$id/$tab';

/** Who applied (contact, profile id, visa, desired work), to what, through whom and when, and the cover letter. */
export function OverviewTab({ app }: { app: ApplicationDetail }) {
  const { t, i18n } = useTranslation('applications');
  const { account, site } = useParams({ from: FROM });
  const options = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  // Visa and work types are stored as the site's option values: shown with the option's label when known.
  const option = (kind: 'visa_type' | 'work_type', value: string | null) =>
    value ? (options.data?.[kind].find((o) => o.value === value)?.label ?? value) : null;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : null);
  const { candidate } = app;

  const candidateFields: Field[] = [
    [t('overview.fields.email'), candidate.email ? <Link href={`mailto:${candidate.email}`}>{candidate.email}</Link> : null],
    [t('overview.fields.phone'), candidate.phone ? <Link href={`tel:${candidate.phone}`}>{candidate.phone}</Link> : null],
    [t('overview.fields.location'), candidate.location],
    [t('overview.fields.profileId'), candidate.profile_id],
    [t('overview.fields.visaType'), option('visa_type', candidate.visa_type)],
    [t('overview.fields.desiredWorkType'), option('work_type', candidate.desired_work_type)],
  ];
  const applicationFields: Field[] = [
    [
      t('overview.fields.job'),
      <JobLink key="job" slugs={{ account, site }} jobId={app.job.id}>
        {app.job.title}
      </JobLink>,
    ],
    [t('overview.fields.employer'), app.employer.name],
    [t('overview.fields.consultant'), app.consultant?.name],
    [t('overview.fields.source'), app.source],
    [t('overview.fields.resume'), app.resume?.name],
    [t('overview.fields.applied'), when(app.created_at)],
    [t('overview.fields.statusChanged'), when(app.status_changed_at)],
    ...(app.withdrawn_at ? [[t('overview.fields.withdrawn'), when(app.withdrawn_at)] as Field] : []),
    [t('overview.fields.updated'), when(app.updated_at)],
  ];

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={3}>
          <SectionCard title={t('overview.sections.candidate')}>
            {candidate.erased && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('overview.erased')}
              </Alert>
            )}
            <FieldList fields={candidateFields} />
          </SectionCard>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SectionCard title={t('overview.sections.application')}>
          <FieldList fields={applicationFields} />
        </SectionCard>
      </Grid>
      <Grid size={12}>
        <SectionCard title={t('overview.sections.coverLetter')}>
          {app.cover_letter ? (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{app.cover_letter}</Typography>
          ) : (
            <Typography color="text.secondary">{t('overview.noCoverLetter')}</Typography>
          )}
        </SectionCard>
      </Grid>
    </Grid>
  );
}
