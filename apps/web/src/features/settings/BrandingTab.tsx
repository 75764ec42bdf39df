import { useState } from 'react';
import { useController, useForm, useWatch, type Control, type Path, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { getAccountBranding, updateAccountBranding, updateAccountBrandingBody, type AccountBranding } from '@hireline/contract/sites';
import { uploadRules } from '@hireline/contract/uploads';
import { ImageUploadField } from '../../components/ImageUploadField';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { reloadBranding } from '../../lib/branding';
import { useSnackbar } from '../../lib/snackbar';
import { translateMessage } from '../../lib/messages';
import { ColorField } from './ColorField';
import { SenderCard } from './SenderCard';
import { FormAlert, issuesToErrors, placeServerErrors, QueryGate, SaveBar, SettingsTextField } from './settings-form';

const sections = ['login', 'forgot_password', 'register'] as const;
type Section = (typeof sections)[number];
type Image = { file_id: string | null; url: string | null };
type Texts = { title: string; subtitle: string };

interface BrandingValues {
  colors: { primary_color: string; primary_darken_color: string };
  logo: Image | null;
  favicon: Image | null;
  stylesheet: { path: string };
  login: Texts;
  forgot_password: Texts;
  register: Texts;
}
type Body = z.input<typeof updateAccountBrandingBody>;

const textsOf = (section: Record<string, string>): Texts => ({ title: section.title ?? '', subtitle: section.subtitle ?? '' });
const imageOf = (image: AccountBranding['logo']): Image => ({ file_id: image?.file_id ?? null, url: image?.url ?? null });

const valuesOf = (b: AccountBranding): BrandingValues => ({
  colors: { ...b.colors },
  logo: imageOf(b.logo),
  favicon: imageOf(b.favicon),
  stylesheet: { path: b.stylesheet.path ?? '' },
  login: textsOf(b.login),
  forgot_password: textsOf(b.forgot_password),
  register: textsOf(b.register),
});

/**
 * The PATCH body: only what changed. A text section sent replaces the stored one, so its other texts (set
 * elsewhere) go with it; an image is sent by its upload's id, or null when removed.
 */
function bodyOf(values: BrandingValues, initial: BrandingValues, stored: Pick<AccountBranding, Section>, all = false): Body {
  const changed = (part: keyof BrandingValues) => all || JSON.stringify(values[part]) !== JSON.stringify(initial[part]);
  const body: Body = {};
  if (changed('colors'))
    body.colors = { primary_color: values.colors.primary_color.trim(), primary_darken_color: values.colors.primary_darken_color.trim() };
  if (changed('logo')) body.logo_file_id = values.logo?.file_id ?? null;
  if (changed('favicon')) body.favicon_file_id = values.favicon?.file_id ?? null;
  if (changed('stylesheet')) body.stylesheet = { path: values.stylesheet.path.trim() || null };
  for (const section of sections) if (changed(section)) body[section] = { ...stored[section], ...values[section] };
  return body;
}

const FIELD_OF: Record<string, Path<BrandingValues>> = {
  'colors.primary_color': 'colors.primary_color',
  'colors.primary_darken_color': 'colors.primary_darken_color',
  'stylesheet.path': 'stylesheet.path',
  logo_file_id: 'logo',
  favicon_file_id: 'favicon',
  ...Object.fromEntries(sections.flatMap((s) => (['title', 'subtitle'] as const).map((k) => [`${s}.${k}`, `${s}.${k}` as Path<BrandingValues>]))),
};

const NO_TEXTS = { login: {}, forgot_password: {}, register: {} };

/** Checked as the whole document the form would make, with the contract's schema (so with the API's messages). */
const resolver: Resolver<BrandingValues, unknown, BrandingValues> = async (values) => {
  const parsed = updateAccountBrandingBody.safeParse(bodyOf(values, values, NO_TEXTS, true));
  if (parsed.success) return { values, errors: {} };
  return { values: {}, errors: issuesToErrors<BrandingValues>(parsed.error.issues, (path) => FIELD_OF[path.map(String).join('.')]) };
};

/**
 * The account's branding as the portal and its boards show it: colours, logo, favicon, stylesheet, sign-in texts;
 * and below, who its emails come from.
 */
export function BrandingTab() {
  const { t } = useTranslation('settings');
  const query = useApiQuery(getAccountBranding, {});
  return (
    <Stack spacing={4}>
      <QueryGate query={query} errorTitle={t('branding.loadError')}>
        {(branding) => <BrandingForm branding={branding} />}
      </QueryGate>
      <Divider />
      {/* The name the account's emails go out with is its branding too; saved on its own, with its own form. */}
      <SenderCard />
    </Stack>
  );
}

function BrandingForm({ branding }: { branding: AccountBranding }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const [stored, setStored] = useState(branding);
  const form = useForm<BrandingValues, unknown, BrandingValues>({ resolver, defaultValues: valuesOf(branding) });
  const save = useApiMutation(updateAccountBranding);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ body: bodyOf(values, form.formState.defaultValues as BrandingValues, stored) });
      setStored(saved);
      form.reset(valuesOf(saved));
      void invalidateEndpoint(queryClient, getAccountBranding);
      // The portal wears its host's branding, which may be this account's: fetched again, the theme, logo, favicon
      // and stylesheet change at once, with no reload that would lose the page's state.
      await reloadBranding();
      notify.success(t('branding.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, (key) => FIELD_OF[key]));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('tabs.branding')}>
      <Stack spacing={3}>
        <Typography color="text.secondary">{t('branding.hint')}</Typography>
        <FormAlert message={formError} />
        <Box component="section" aria-labelledby="branding-colors-heading">
          <Typography id="branding-colors-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('branding.colors')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
            <ColorField control={form.control} name="colors.primary_color" label={t('branding.primary')} pickerLabel={t('branding.primaryPicker')} />
            <ColorField
              control={form.control}
              name="colors.primary_darken_color"
              label={t('branding.darker')}
              pickerLabel={t('branding.darkerPicker')}
            />
            <ColorPreview control={form.control} />
          </Box>
        </Box>
        <Divider />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ImageInput control={form.control} name="logo" />
          <ImageInput control={form.control} name="favicon" />
        </Box>
        <SettingsTextField
          control={form.control}
          name="stylesheet.path"
          label={t('branding.stylesheet')}
          helperText={t('branding.stylesheetHint')}
          sx={{ maxWidth: 640 }}
          slotProps={{ htmlInput: { maxLength: 2000, dir: 'ltr', spellCheck: false } }}
        />
        <Divider />
        <Box component="section" aria-labelledby="branding-texts-heading">
          <Typography id="branding-texts-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('branding.texts')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('branding.textsHint')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' } }}>
            {sections.map((section) => (
              <TextsSection key={section} control={form.control} section={section} />
            ))}
          </Box>
        </Box>
        <SaveBar dirty={form.formState.isDirty} saving={form.formState.isSubmitting} readOnly={false} onDiscard={() => form.reset()} />
      </Stack>
    </Box>
  );
}

/** The logo or favicon of the form, held as `{file_id, url}` (null = none) so the preview survives a discard. */
function ImageInput({ control, name }: { control: Control<BrandingValues, unknown, BrandingValues>; name: 'logo' | 'favicon' }) {
  const { t } = useTranslation('settings');
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <ImageUploadField
      label={t(`branding.${name}`)}
      hint={t(`branding.${name}Hint`, { mb: uploadRules.logo.maxMb })}
      purpose="logo"
      shape="square"
      url={field.value?.url ?? null}
      texts={{
        upload: t(`branding.${name}Upload`),
        change: t(`branding.${name}Change`),
        remove: t(`branding.${name}Remove`),
        preview: t(`branding.${name}Preview`),
      }}
      onChange={(image) => field.onChange({ file_id: image?.id ?? null, url: image?.url ?? null })}
      error={message && translateMessage(message)}
    />
  );
}

function TextsSection({ control, section }: { control: Control<BrandingValues, unknown, BrandingValues>; section: Section }) {
  const { t } = useTranslation('settings');
  const legendId = `branding-${section}-legend`;
  return (
    <Box
      component="fieldset"
      aria-labelledby={legendId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, display: 'grid', gap: 2 }}
    >
      <Typography component="legend" id={legendId} variant="subtitle2" sx={{ px: 0.5 }}>
        {t(`branding.sections.${section}`)}
      </Typography>
      <SettingsTextField
        control={control}
        name={`${section}.title`}
        label={t(`branding.titles.${section}`)}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <SettingsTextField
        control={control}
        name={`${section}.subtitle`}
        label={t(`branding.subtitles.${section}`)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
    </Box>
  );
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The two colours as the portal uses them: a filled button and its hover shade, with white text. */
function ColorPreview({ control }: { control: Control<BrandingValues, unknown, BrandingValues> }) {
  const { t } = useTranslation('settings');
  const [primary, darker] = useWatch({ control, name: ['colors.primary_color', 'colors.primary_darken_color'] });
  const swatch = (color: string, label: string) => (
    <Box
      sx={{
        px: 2,
        py: 1,
        borderRadius: 1,
        color: '#fff',
        fontWeight: 600,
        bgcolor: HEX.test(color) ? color : 'transparent',
        border: HEX.test(color) ? 0 : '1px dashed',
        borderColor: 'divider',
        minWidth: 120,
        textAlign: 'center',
      }}
      data-color={HEX.test(color) ? color.toLowerCase() : ''}
    >
      {label}
    </Box>
  );
  return (
    <Box role="img" aria-label={t('branding.previewLabel', { primary, darker })} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="caption" color="text.secondary" aria-hidden>
        {t('branding.preview')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }} aria-hidden>
        {swatch(primary, t('branding.previewButton'))}
        {swatch(darker, t('branding.previewHover'))}
      </Box>
    </Box>
  );
}
