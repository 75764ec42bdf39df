import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EmployerDetail } from '@hireline/contract/employers';
import { FieldList, SectionCard } from '../../components/SectionCard';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { EmployerStatusChip } from './EmployerChips';
import { useEmployerFieldOptions } from './use-employers-data';

const ADDRESS_LINES = ['line1', 'line2', 'city', 'region', 'postcode', 'country'] as const;

/** The address as it is written on an envelope: the lines, then city, region and postcode, then the country. */
function addressLines(address: EmployerDetail['address']): string[] {
  if (!address) return [];
  const a = Object.fromEntries(ADDRESS_LINES.map((k) => [k, address[k]?.trim() || null])) as Record<(typeof ADDRESS_LINES)[number], string | null>;
  const town = [a.city, a.region, a.postcode].filter(Boolean).join(', ');
  return [a.line1, a.line2, town, a.country].filter((line): line is string => Boolean(line));
}

/** Every field of the employer, its logo, its dates and counts, and what its state means for its users. */
export function EmployerDetailsTab({ employer }: { employer: EmployerDetail }) {
  const { t, i18n } = useTranslation('employers');
  const options = useEmployerFieldOptions();
  const lang = i18n.language;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, lang) : null);
  const address = addressLines(employer.address);
  return (
    <Stack spacing={3}>
      {employer.status === 'pending' && <Alert severity="info">{t('details.pendingNotice')}</Alert>}
      {employer.status === 'rejected' && (
        <Alert severity="error">
          {t('details.rejectedNotice', { date: formatDate(employer.rejected_at, lang) })}
          {employer.rejection_reason && (
            <Box component="span" sx={{ display: 'block', mt: 0.5, whiteSpace: 'pre-line' }}>
              {t('details.rejectedReason', { reason: employer.rejection_reason })}
            </Box>
          )}
        </Alert>
      )}
      {!employer.enabled && <Alert severity="warning">{t('details.disabledNotice')}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <SectionCard title={t('details.sections.business')}>
              <FieldList
                fields={[
                  [t('fields.type'), t(`type.${employer.type}`)],
                  [t('fields.businessName'), employer.business_name],
                  [t('fields.registrationNumber'), employer.registration_number],
                  [t('fields.industry'), options.label('industry', employer.industry)],
                  [t('fields.size'), options.label('employer_size', employer.size)],
                  [
                    t('fields.website'),
                    employer.website && (
                      <Link href={employer.website} target="_blank" rel="noopener noreferrer" dir="ltr">
                        {employer.website}
                      </Link>
                    ),
                  ],
                  [
                    t('fields.about'),
                    employer.about && (
                      <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                        {employer.about}
                      </Box>
                    ),
                  ],
                ]}
              />
            </SectionCard>
            <SectionCard title={t('details.sections.contact')}>
              <FieldList
                fields={[
                  [t('fields.contactName'), employer.contact_name],
                  [
                    t('fields.contactEmail'),
                    employer.contact_email && (
                      <Link href={`mailto:${employer.contact_email}`} dir="ltr">
                        {employer.contact_email}
                      </Link>
                    ),
                  ],
                  [
                    t('fields.phone'),
                    employer.phone && (
                      <Link href={`tel:${employer.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                        {employer.phone}
                      </Link>
                    ),
                  ],
                  [
                    t('fields.address'),
                    address.length > 0 && (
                      <Box component="span" sx={{ display: 'block' }}>
                        {address.map((line, i) => (
                          <Box key={i} component="span" sx={{ display: 'block' }}>
                            {line}
                          </Box>
                        ))}
                      </Box>
                    ),
                  ],
                ]}
              />
            </SectionCard>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <SectionCard title={t('fields.logo')}>
              {employer.logo ? (
                <Box
                  component="img"
                  src={employer.logo.url}
                  alt={t('details.logoAlt', { name: employer.business_name })}
                  sx={{ display: 'block', maxWidth: '100%', maxHeight: 160, objectFit: 'contain', borderRadius: 1 }}
                />
              ) : (
                <Typography color="text.secondary">{t('details.noLogo')}</Typography>
              )}
            </SectionCard>
            <SectionCard title={t('details.sections.record')}>
              <FieldList
                fields={[
                  [t('fields.status'), <EmployerStatusChip key="status" status={employer.status} />],
                  [t('details.created'), date(employer.created_at)],
                  [t('details.approved'), date(employer.approved_at)],
                  ...(employer.rejected_at || employer.rejection_reason
                    ? ([
                        [t('details.rejected'), date(employer.rejected_at)],
                        [t('details.rejectionReason'), employer.rejection_reason],
                      ] as [string, string | null][])
                    : []),
                  [t('details.users'), formatNumber(employer.users_count, lang)],
                  [t('details.jobs'), t('details.jobsValue', { live: formatNumber(employer.live_jobs_count, lang), total: formatNumber(employer.jobs_count, lang) })],
                  [t('details.applications'), formatNumber(employer.applications_count, lang)],
                  [t('details.credits'), formatNumber(employer.credit_balance, lang)],
                ]}
              />
            </SectionCard>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
