import { useId, useState, type ReactNode } from 'react';
import { useController, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EmployerDetail } from '@hireline/contract/employers';
import { uploadRules } from '@hireline/contract/uploads';
import { ImageUploadField, useImageIdField } from '../../components/ImageUploadField';
import { applyServerErrors } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';
import { EmployerTextField } from './EmployerTextField';
import { employerResolver, FIELD_PATHS, toValues, type EmployerBody, type EmployerFormValues } from './employer-form';
import { useEmployerFieldOptions, useEmployerTypes } from './use-employers-data';

/** One titled part of the form. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Adding or editing an employer: every field of the contract, checked with its schema before sending; a 422 lands
 * on the field it names, anything else above the buttons. `save` sends the body and returns when it is saved.
 */
export function EmployerForm(props: {
  employer?: EmployerDetail;
  submitLabel: string;
  save: (body: EmployerBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('employers');
  const typeLabelId = useId();
  const types = useEmployerTypes();
  const options = useEmployerFieldOptions();
  const [formError, setFormError] = useState<string>();
  const form = useForm<EmployerFormValues, unknown, EmployerBody>({ resolver: employerResolver, defaultValues: toValues(props.employer) });
  const { control } = form;
  const type = useController({ control, name: 'type' });
  const typeError = type.fieldState.error?.message;
  const logo = useImageIdField(control, 'logo_file_id', props.employer?.logo?.url ?? null);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await props.save(body);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELD_PATHS));
    }
  });
  const { isSubmitting } = form.formState;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={props.submitLabel}>
      <Stack spacing={3}>
        <FormSection title={t('form.sections.business')}>
          <Grid container spacing={2.5}>
            <Grid size={12}>
              <FormControl error={Boolean(typeError)} required>
                <FormLabel id={typeLabelId}>{t('fields.type')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={typeLabelId}
                  name={type.field.name}
                  value={type.field.value}
                  onChange={(_, value) => type.field.onChange(value)}
                >
                  {types.map((o) => (
                    <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
                  ))}
                </RadioGroup>
                {typeError && <FormHelperText>{translateMessage(typeError)}</FormHelperText>}
              </FormControl>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <EmployerTextField control={control} name="business_name" label={t('fields.businessName')} required slotProps={{ htmlInput: { maxLength: 200 } }} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <EmployerTextField control={control} name="registration_number" label={t('fields.registrationNumber')} slotProps={{ htmlInput: { maxLength: 64 } }} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <EmployerTextField
                control={control}
                name="industry"
                label={t('fields.industry')}
                options={options.options('industry')}
                emptyOption={t('form.none')}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <EmployerTextField
                control={control}
                name="size"
                label={t('fields.size')}
                options={options.options('employer_size')}
                emptyOption={t('form.none')}
              />
            </Grid>
            <Grid size={12}>
              <EmployerTextField
                control={control}
                name="website"
                label={t('fields.website')}
                type="url"
                placeholder="https://"
                helperText={t('form.websiteHint')}
                slotProps={{ htmlInput: { maxLength: 2000, dir: 'ltr' } }}
              />
            </Grid>
            <Grid size={12}>
              <EmployerTextField
                control={control}
                name="about"
                label={t('fields.about')}
                multiline
                minRows={4}
                slotProps={{ htmlInput: { maxLength: 5000 } }}
              />
            </Grid>
          </Grid>
        </FormSection>
        <FormSection title={t('form.sections.contact')}>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 4 }}>
              <EmployerTextField control={control} name="contact_name" label={t('fields.contactName')} slotProps={{ htmlInput: { maxLength: 120 } }} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <EmployerTextField
                control={control}
                name="contact_email"
                label={t('fields.contactEmail')}
                type="email"
                slotProps={{ htmlInput: { maxLength: 254, dir: 'ltr' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <EmployerTextField control={control} name="phone" label={t('fields.phone')} type="tel" slotProps={{ htmlInput: { maxLength: 40, dir: 'ltr' } }} />
            </Grid>
          </Grid>
        </FormSection>
        <FormSection title={t('form.sections.address')}>
          <Grid container spacing={2.5}>
            <Grid size={12}>
              <EmployerTextField control={control} name="address.line1" label={t('fields.line1')} autoComplete="address-line1" slotProps={{ htmlInput: { maxLength: 200 } }} />
            </Grid>
            <Grid size={12}>
              <EmployerTextField control={control} name="address.line2" label={t('fields.line2')} autoComplete="address-line2" slotProps={{ htmlInput: { maxLength: 200 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <EmployerTextField control={control} name="address.city" label={t('fields.city')} autoComplete="address-level2" slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <EmployerTextField control={control} name="address.region" label={t('fields.region')} autoComplete="address-level1" slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <EmployerTextField control={control} name="address.postcode" label={t('fields.postcode')} autoComplete="postal-code" slotProps={{ htmlInput: { maxLength: 20 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <EmployerTextField control={control} name="address.country" label={t('fields.country')} autoComplete="country-name" slotProps={{ htmlInput: { maxLength: 100 } }} />
            </Grid>
          </Grid>
        </FormSection>
        <FormSection title={t('form.sections.branding')}>
          <ImageUploadField
            label={t('fields.logo')}
            hint={t('form.logo.hint', { mb: uploadRules.logo.maxMb })}
            purpose="logo"
            shape="square"
            url={logo.url}
            texts={{
              upload: t('form.logo.upload'),
              change: t('form.logo.change'),
              remove: t('form.logo.remove'),
              preview: t('form.logo.preview'),
            }}
            onChange={logo.onChange}
            error={logo.message && translateMessage(logo.message)}
          />
        </FormSection>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1.5 }}>
          <Button onClick={props.onCancel} disabled={isSubmitting}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {props.submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
