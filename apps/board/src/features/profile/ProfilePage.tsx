import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getCandidateProfile, updateCandidateProfile, type CandidateProfile } from '@hireline/contract/board-candidates';
import { ErrorState } from '../../components/ErrorState';
import { FormTextField } from '../../components/FormTextField';
import { PageHeading } from '../../components/PageHeading';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { applyServerErrors } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/site';
import { AccountDataCard } from './AccountDataCard';
import { FilesCard } from './FilesCard';

const schema = updateCandidateProfile.body!;

/** `/me/profile`: details, resume and documents, a copy of one's data, and deleting the account. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useApiQuery(getCandidateProfile, {});
  const { impersonation } = useSession();
  usePageTitle(t('profile.title'));

  if (profile.isError && !profile.data)
    return <ErrorState title={t('profile.loadError')} error={profile.error} onRetry={() => void profile.refetch()} />;
  if (!profile.data)
    return (
      <Box role="status" aria-label={t('common.loading')}>
        <Skeleton width={240} height={48} />
        <Skeleton variant="rounded" height={360} sx={{ mt: 2 }} />
      </Box>
    );
  const acting = Boolean(impersonation || profile.data.impersonating);
  return (
    <>
      <PageHeading title={t('profile.title')} subtitle={profile.data.email} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <DetailsCard profile={profile.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <FilesCard profile={profile.data} />
            <AccountDataCard canDelete={!acting} />
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}

function DetailsCard({ profile }: { profile: CandidateProfile }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const mutation = useApiMutation(updateCandidateProfile);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: profile.name,
      phone: profile.phone ?? '',
      location: profile.location ?? '',
      visa_type: profile.visa_type?.value ?? '',
      desired_work_type: profile.desired_work_type?.value ?? '',
    },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setAnswer(undefined);
    try {
      const saved = await mutation.mutateAsync({ body });
      queryClient.setQueriesData({ queryKey: ['api', getCandidateProfile.path] }, saved);
      void invalidateEndpoint(queryClient, getCandidateProfile);
      setAnswer({ ok: true, text: t('profile.saved') });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, ['name', 'phone', 'location', 'visa_type', 'desired_work_type']);
      if (text) setAnswer({ ok: false, text });
    }
  });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('profile.details')}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2.5}>
            <FormTextField control={form.control} name="name" label={t('account.name')} autoComplete="name" required />
            <FormTextField control={form.control} name="phone" label={t('account.phone')} type="tel" autoComplete="tel" />
            <FormTextField control={form.control} name="location" label={t('profile.location')} autoComplete="address-level2" />
            <FormTextField control={form.control} name="visa_type" label={t('profile.visaType')} select>
              <MenuItem value="">
                <em>{t('profile.notSet')}</em>
              </MenuItem>
              {profile.options.visa_types.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField control={form.control} name="desired_work_type" label={t('profile.workType')} select>
              <MenuItem value="">
                <em>{t('profile.notSet')}</em>
              </MenuItem>
              {profile.options.work_types.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </FormTextField>
            <Box aria-live="polite">
              {answer && (
                <Alert severity={answer.ok ? 'success' : 'error'} role={answer.ok ? 'status' : 'alert'}>
                  {answer.text}
                </Alert>
              )}
            </Box>
            <Button type="submit" variant="contained" loading={mutation.isPending} sx={{ alignSelf: 'flex-start' }}>
              {t('profile.save')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
