import { useState } from 'react';
import { useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  formHandlers,
  formKeys,
  getSiteSettings,
  rotateFormSecret,
  updateSiteSettings,
  updateSiteSettingsBody,
  type FormKey,
  type SiteSettingsDocument,
} from '@hireline/contract/site-settings';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { translateError } from '../../lib/messages';
import { SecretDialog, type ShownSecret } from './SecretDialog';
import { FormAlert, placeServerErrors, QueryGate, SaveBar, SettingsTextField, SwitchField } from './settings-form';

const schema = updateSiteSettingsBody.pick({ forms: true }).required();
type Values = z.input<typeof schema>;
type Body = z.output<typeof schema>;
type FormValues = { enabled: boolean; handler: (typeof formHandlers)[number]; url: string };

const formValues = (f: SiteSettingsDocument['forms'][FormKey]): FormValues => ({ enabled: f.enabled, handler: f.handler, url: f.url ?? '' });
const valuesOf = (s: SiteSettingsDocument): Values => ({
  forms: Object.fromEntries(formKeys.map((k) => [k, formValues(s.forms[k])])) as Record<FormKey, FormValues>,
});

/** A 422 on a form's field (`forms.application.url`). */
const FORM_FIELD = /^forms\.(application|employer_registration|job_report|feedback)\.(enabled|handler|url)$/;

/**
 * The board's four forms: on or off, handled by the portal itself or sent to a webhook (an https URL, signed with a
 * secret). A secret is shown once, when it is generated or rotated; afterwards only whether there is one.
 */
export function FormsTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const query = useApiQuery(getSiteSettings, {});
  return (
    <QueryGate query={query} errorTitle={t('loadError')}>
      {(settings) => <FormsForm settings={settings} readOnly={readOnly} />}
    </QueryGate>
  );
}

function FormsForm({ settings, readOnly }: { settings: SiteSettingsDocument; readOnly: boolean }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  // What the server holds (handler and secret), for the rotate buttons: the form may say otherwise until saved.
  const [stored, setStored] = useState(settings.forms);
  const [secrets, setSecrets] = useState<ShownSecret[]>([]);
  const [rotating, setRotating] = useState<{ form: FormKey; open: boolean } | null>(null);
  const form = useForm<Values, unknown, Body>({ resolver: zodResolver(schema), defaultValues: valuesOf(settings) });
  const save = useApiMutation(updateSiteSettings);
  const rotate = useApiMutation(rotateFormSecret);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ body });
      form.reset(valuesOf(saved));
      setStored(saved.forms);
      void invalidateEndpoint(queryClient, getSiteSettings);
      const generated = formKeys.flatMap((k) => {
        const secret = saved.generated_secrets[k];
        return secret ? [{ form: k, secret }] : [];
      });
      if (generated.length) setSecrets(generated);
      notify.success(t('forms.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, (key) => (FORM_FIELD.test(key) ? (key as Path<Values>) : undefined)));
    }
  });

  const confirmRotate = (key: FormKey) =>
    rotate.mutate(
      { params: { form: key } },
      {
        onSuccess: (result) => {
          setRotating((r) => r && { ...r, open: false });
          setStored((s) => ({ ...s, [key]: { ...s[key], has_secret: true } }));
          setSecrets([{ form: result.form, secret: result.secret }]);
          void invalidateEndpoint(queryClient, getSiteSettings);
        },
        onError: (error) => {
          setRotating((r) => r && { ...r, open: false });
          notify.error(translateError(error));
        },
      },
    );

  return (
    <>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('tabs.forms')}>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('forms.hint')}</Typography>
          <FormAlert message={formError} />
          {formKeys.map((key) => (
            <FormCard
              key={key}
              formKey={key}
              control={form.control}
              readOnly={readOnly}
              stored={stored[key]}
              onRotate={() => setRotating({ form: key, open: true })}
            />
          ))}
          <SaveBar dirty={form.formState.isDirty} saving={save.isPending} readOnly={readOnly} onDiscard={() => form.reset()} />
        </Stack>
      </Box>
      <ConfirmDialog
        open={Boolean(rotating?.open)}
        title={t('forms.rotateTitle', { form: rotating ? t(`forms.names.${rotating.form}`) : '' })}
        body={t('forms.rotateBody')}
        confirmLabel={t('forms.rotateConfirm')}
        color="warning"
        pending={rotate.isPending}
        onCancel={() => setRotating((r) => r && { ...r, open: false })}
        onConfirm={() => rotating && confirmRotate(rotating.form)}
      />
      <SecretDialog secrets={secrets} onClose={() => setSecrets([])} />
    </>
  );
}

function FormCard(props: {
  formKey: FormKey;
  control: Control<Values, unknown, Body>;
  readOnly: boolean;
  stored: SiteSettingsDocument['forms'][FormKey];
  onRotate: () => void;
}) {
  const { t } = useTranslation('settings');
  const { formKey: key, control, readOnly, stored } = props;
  const handler = useWatch({ control, name: `forms.${key}.handler` });
  const headingId = `form-${key}-heading`;
  const webhook = handler === 'webhook';
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {t(`forms.names.${key}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(`forms.descriptions.${key}`)}
        </Typography>
        <Stack spacing={2}>
          <SwitchField control={control} name={`forms.${key}.enabled`} label={t('forms.enabled')} disabled={readOnly} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
            <SettingsTextField
              control={control}
              name={`forms.${key}.handler`}
              select
              label={t('forms.handler')}
              disabled={readOnly}
              fullWidth={false}
              sx={{ width: 240 }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {formHandlers.map((h) => (
                <option key={h} value={h}>
                  {t(`forms.handlers.${h}`)}
                </option>
              ))}
            </SettingsTextField>
            {webhook && (
              <SettingsTextField
                control={control}
                name={`forms.${key}.url`}
                label={t('forms.url')}
                helperText={t('forms.urlHint')}
                required
                readOnly={readOnly}
                type="url"
                sx={{ flex: '1 1 320px' }}
                slotProps={{ htmlInput: { maxLength: 2000, dir: 'ltr', spellCheck: false } }}
              />
            )}
          </Box>
          {webhook && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
              <Typography variant="body2">{t('forms.secret')}</Typography>
              <Chip
                size="small"
                variant="outlined"
                color={stored.has_secret ? 'success' : 'default'}
                label={stored.has_secret ? t('forms.secretSet') : t('forms.secretNone')}
              />
              {!readOnly && stored.handler === 'webhook' && stored.has_secret && (
                <Button size="small" onClick={props.onRotate}>
                  {t('forms.rotate')}
                </Button>
              )}
              {stored.handler !== 'webhook' && (
                <Typography variant="body2" color="text.secondary">
                  {t('forms.secretOnSave')}
                </Typography>
              )}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
