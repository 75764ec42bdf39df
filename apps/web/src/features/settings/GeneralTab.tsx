import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { getSiteSettings, siteLocales, updateSiteSettings, type SiteSettingsDocument } from '@hireline/contract/site-settings';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { currentUserQuery } from '../../lib/current-user';
import { bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { translateMessage } from '../../lib/messages';
import { FormAlert, placeServerErrors, QueryGate, SaveBar, SettingsTextField } from './settings-form';

const schema = bodySchema(updateSiteSettings);
const FIELDS = ['name', 'timezone', 'locale'] as const;
type Locale = (typeof siteLocales)[number];

/** The time zones the browser knows, and UTC, which it may list only as Etc/UTC. */
function timeZones(current: string): string[] {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  if (current) zones.add(current);
  return [...zones];
}

const valuesOf = (s: SiteSettingsDocument) => ({ name: s.name, timezone: s.timezone, locale: s.locale as Locale });

/** The site's name, time zone (dates on the board and in emails) and the board's language. */
export function GeneralTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const query = useApiQuery(getSiteSettings, {});
  return (
    <QueryGate query={query} errorTitle={t('loadError')}>
      {(settings) => <GeneralForm settings={settings} readOnly={readOnly} />}
    </QueryGate>
  );
}

function GeneralForm({ settings, readOnly }: { settings: SiteSettingsDocument; readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(settings),
  });
  const save = useApiMutation(updateSiteSettings);
  const zone = useController({ control: form.control, name: 'timezone' });
  const zones = useMemo(() => timeZones(settings.timezone), [settings.timezone]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ body });
      form.reset(valuesOf(saved));
      void invalidateEndpoint(queryClient, getSiteSettings);
      // The scope switcher shows the site's name from /auth/me.
      if (saved.name !== settings.name) void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      notify.success(t('general.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, (key) => FIELDS.find((f) => f === key)));
    }
  });

  const zoneError = zone.fieldState.error?.message;
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('tabs.general')} sx={{ maxWidth: 640 }}>
      <Stack spacing={2.5}>
        <FormAlert message={formError} />
        <SettingsTextField
          control={form.control}
          name="name"
          label={t('general.name')}
          required
          readOnly={readOnly}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <Autocomplete
          options={zones}
          value={zone.field.value}
          onChange={(_, value) => value && zone.field.onChange(value)}
          onBlur={zone.field.onBlur}
          disableClearable
          autoHighlight
          readOnly={readOnly}
          renderInput={(params) => (
            <TextField
              {...params}
              name={zone.field.name}
              inputRef={zone.field.ref}
              label={t('general.timezone')}
              required
              error={Boolean(zoneError)}
              helperText={zoneError ? translateMessage(zoneError) : t('general.timezoneHint')}
            />
          )}
        />
        <SettingsTextField
          control={form.control}
          name="locale"
          select
          label={t('general.locale')}
          helperText={t('general.localeHint')}
          disabled={readOnly}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {siteLocales.map((locale) => (
            <option key={locale} value={locale}>
              {t(`general.locales.${locale}`)}
            </option>
          ))}
        </SettingsTextField>
        <SaveBar dirty={form.formState.isDirty} saving={save.isPending} readOnly={readOnly} onDiscard={() => form.reset()} />
      </Stack>
    </Box>
  );
}
