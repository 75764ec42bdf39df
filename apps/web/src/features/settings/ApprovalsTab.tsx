import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { getSiteSettings, updateSiteSettings, type SiteSettingsDocument } from '@hireline/contract/site-settings';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { FormAlert, placeServerErrors, QueryGate, SaveBar, SwitchField } from './settings-form';

const schema = bodySchema(updateSiteSettings);
const FIELDS = ['job_approval_required', 'employer_approval_required'] as const;

const valuesOf = (s: SiteSettingsDocument) => ({
  job_approval_required: s.job_approval_required,
  employer_approval_required: s.employer_approval_required,
});

/** Whether posted jobs and board registrations wait on hold for a person to approve them. */
export function ApprovalsTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const query = useApiQuery(getSiteSettings, {});
  return (
    <QueryGate query={query} errorTitle={t('loadError')}>
      {(settings) => <ApprovalsForm settings={settings} readOnly={readOnly} />}
    </QueryGate>
  );
}

function ApprovalsForm({ settings, readOnly }: { settings: SiteSettingsDocument; readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(settings),
  });
  const save = useApiMutation(updateSiteSettings);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ body });
      form.reset(valuesOf(saved));
      void invalidateEndpoint(queryClient, getSiteSettings);
      notify.success(t('approvals.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, (key) => FIELDS.find((f) => f === key)));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('tabs.approvals')} sx={{ maxWidth: 720 }}>
      <Stack spacing={2.5}>
        <FormAlert message={formError} />
        <SwitchField
          control={form.control}
          name="job_approval_required"
          label={t('approvals.jobs')}
          description={t('approvals.jobsHint')}
          disabled={readOnly}
        />
        <SwitchField
          control={form.control}
          name="employer_approval_required"
          label={t('approvals.employers')}
          description={t('approvals.employersHint')}
          disabled={readOnly}
        />
        <SaveBar dirty={form.formState.isDirty} saving={save.isPending} readOnly={readOnly} onDiscard={() => form.reset()} />
      </Stack>
    </Box>
  );
}
