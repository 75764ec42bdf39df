import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { SeekerDetail } from '@hireline/contract/seekers';
import { formatDate, formatDateTime } from '../../lib/format';
import { FieldList, SectionCard } from '../../components/SectionCard';
import { SeekerFilesCard } from './SeekerFilesCard';
import { useSeekerFieldOptions } from './use-seekers-data';

/** Contact, what the candidate is looking for, their dates, and their resume and documents. */
export function SeekerProfileTab({ seeker }: { seeker: SeekerDetail }) {
  const { t, i18n } = useTranslation('seekers');
  const options = useSeekerFieldOptions();
  const date = (iso: string | null) => formatDate(iso, i18n.language);
  return (
    <Stack spacing={3}>
      {seeker.erased ? (
        <Alert severity="info">{t('profile.erasedOn', { date: date(seeker.erased_at) })}</Alert>
      ) : (
        !seeker.enabled && <Alert severity="warning">{t('profile.disabledOn', { date: date(seeker.disabled_at) })}</Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <SectionCard title={t('profile.sections.contact')}>
              <FieldList
                fields={[
                  // Addresses and numbers read left to right in Arabic too: isolated, a phone's groups keep their order.
                  [t('profile.email'), seeker.email && <Link href={`mailto:${seeker.email}`} dir="ltr">{seeker.email}</Link>],
                  [t('profile.emailVerified'), seeker.email_verified_at ? formatDateTime(seeker.email_verified_at, i18n.language) : t('profile.no')],
                  [t('profile.phone'), seeker.phone && <Link href={`tel:${seeker.phone.replace(/[^\d+]/g, '')}`} dir="ltr">{seeker.phone}</Link>],
                  [t('profile.location'), seeker.location],
                ]}
              />
            </SectionCard>
            <SectionCard title={t('profile.sections.candidate')}>
              <FieldList
                fields={[
                  [t('profile.profileId'), seeker.profile_id],
                  [t('profile.visaType'), options.label('visa_type', seeker.visa_type)],
                  [t('profile.workType'), options.label('work_type', seeker.desired_work_type)],
                  [t('profile.applications'), new Intl.NumberFormat(i18n.language).format(seeker.applications_count)],
                  [t('profile.joined'), date(seeker.created_at)],
                  [t('profile.lastActive'), seeker.last_active_at ? formatDateTime(seeker.last_active_at, i18n.language) : t('profile.never')],
                ]}
              />
            </SectionCard>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <SeekerFilesCard seeker={seeker} />
        </Grid>
      </Grid>
    </Stack>
  );
}
