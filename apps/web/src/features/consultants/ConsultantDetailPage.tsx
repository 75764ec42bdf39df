import { useParams } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { getConsultant } from '@hireline/contract/consultants';
import { DetailHeader, DetailPage, useRecordQuery } from '../../components/DetailPage';
import { BackIcon } from '../../components/icons';
import { ButtonLink } from '../../components/RouterLink';
import { FieldList, SectionCard } from '../../components/SectionCard';
import { UserAvatar } from '../../components/UserAvatar';
import { useCan } from '../../lib/ability';
import { formatDate, formatNumber } from '../../lib/format';
import { ConsultantActions } from './ConsultantActions';
import { ConsultantApplicationsCard } from './ConsultantApplicationsCard';
import { ConsultantJobsCard } from './ConsultantJobsCard';
import { ConsultantEnabledChip, SiteChips } from './ConsultantsTable';

const FROM = '/$account/$site/consultants/$id';

/** One consultant: their fields, what may be done to them, and their jobs and applications on this site. */
export function ConsultantDetailPage() {
  const { t, i18n } = useTranslation('consultants');
  const { account, site, id } = useParams({ from: FROM });
  const slugs = { account, site };
  const canJobs = useCan('view', 'jobs');
  const canApplications = useCan('view', 'applications');
  const record = useRecordQuery(getConsultant, id);
  const back = (
    <ButtonLink to="/$account/$site/consultants" params={slugs} startIcon={<BackIcon />}>
      {t('detail.back')}
    </ButtonLink>
  );

  return (
    <DetailPage
      record={record}
      back={back}
      labels={{ notFoundTitle: t('detail.notFound.title'), notFoundBody: t('detail.notFound.body'), loadError: t('detail.loadError') }}
      name={(consultant) => consultant.name}
    >
      {(consultant) => (
        <>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <UserAvatar name={consultant.name} src={consultant.photo} size={64} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <DetailHeader title={consultant.name} subtitle={consultant.title ?? t('detail.noTitle')}>
                <ConsultantEnabledChip enabled={consultant.enabled} size="medium" />
              </DetailHeader>
            </Box>
          </Box>
          <ConsultantActions consultant={consultant} slugs={slugs} />
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 5 }}>
              <SectionCard title={t('detail.sections.details')}>
                <FieldList
                  fields={[
                    [t('detail.fields.email'), consultant.email && <Link href={`mailto:${consultant.email}`} dir="ltr">{consultant.email}</Link>],
                    [t('detail.fields.phone'), consultant.phone && <Link href={`tel:${consultant.phone.replace(/[^\d+]/g, '')}`} dir="ltr">{consultant.phone}</Link>],
                    [t('detail.fields.title'), consultant.title],
                    [t('detail.fields.sites'), consultant.sites.length ? <SiteChips sites={consultant.sites} /> : null],
                    [t('detail.fields.jobs'), formatNumber(consultant.jobs_count, i18n.language)],
                    [t('detail.fields.applications'), formatNumber(consultant.applications_count, i18n.language)],
                    [t('detail.fields.login'), consultant.user_id ? t('detail.fields.loginYes') : t('detail.fields.loginNo')],
                    [t('detail.fields.created'), formatDate(consultant.created_at, i18n.language)],
                    [t('detail.fields.updated'), formatDate(consultant.updated_at, i18n.language)],
                  ]}
                />
              </SectionCard>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack spacing={3}>
                {canJobs && <ConsultantJobsCard consultant={consultant} slugs={slugs} />}
                {canApplications && <ConsultantApplicationsCard consultant={consultant} slugs={slugs} />}
              </Stack>
            </Grid>
          </Grid>
        </>
      )}
    </DetailPage>
  );
}
