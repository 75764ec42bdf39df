import { useFieldArray, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@hireline/contract/job-model';
import { updateJob } from '@hireline/contract/jobs';
import { uploadRules } from '@hireline/contract/uploads';
import { ImageUploadField, useImageIdField } from '../../../components/ImageUploadField';
import { bodySchema } from '../../../lib/forms';
import { translateMessage } from '../../../lib/messages';
import { StepActions, StepShell } from './StepShell';
import { TagsField } from './TagsField';
import { TextListField } from './TextListField';
import { useStepForm } from './use-step-form';
import type { StepContext } from './wizard-context';
import { errorAt, stepResolver } from './wizard-form';
import { WizardTextField } from './WizardTextField';

const MAX_POINTS = 5;
const MAX_LINKS = 10;

export interface AdditionalValues {
  key_selling_points: { value: string }[];
  links: { label: string; url: string }[];
  banner_file_id: string | null;
  tags: string[];
}

export const additionalValues = (job: JobDetail): AdditionalValues => ({
  key_selling_points: job.key_selling_points.map((value) => ({ value })),
  links: job.links.map(({ label, url }) => ({ label, url })),
  banner_file_id: job.banner?.id ?? null,
  tags: job.tags,
});

const additionalBody = (v: AdditionalValues) => ({
  key_selling_points: v.key_selling_points.map((p) => p.value),
  links: v.links.map(({ label, url }) => ({ label, url })),
  banner_file_id: v.banner_file_id,
  tags: v.tags,
});

/** Step 2, Additional Details: selling points, links, the banner and tags. */
export function AdditionalStep({ ctx, job }: { ctx: StepContext; job: JobDetail }) {
  const { t } = useTranslation('jobs');
  const form = useForm({
    resolver: stepResolver(bodySchema(updateJob), additionalBody),
    defaultValues: additionalValues(job),
  });
  const { formError, busy, onSubmit, onSaveDraft } = useStepForm(ctx, form, additionalValues);
  const links = useFieldArray({ control: form.control, name: 'links' });
  const linksError = errorAt(form.formState.errors, 'links');
  const banner = useImageIdField(form.control, 'banner_file_id', job.banner?.url ?? null);

  return (
    <StepShell
      title={t('wizard.steps.additional')}
      intro={t('wizard.additional.intro')}
      error={formError}
      onSubmit={onSubmit}
      actions={
        <StepActions ctx={ctx} busy={busy} onSaveDraft={onSaveDraft} />
      }
    >
      <TextListField
        control={form.control}
        name="key_selling_points"
        legend={t('wizard.additional.points')}
        hint={t('wizard.additional.pointsHint', { max: MAX_POINTS })}
        itemLabel={(i) => t('wizard.additional.point', { n: i + 1 })}
        removeLabel={(i) => t('wizard.additional.removePoint', { n: i + 1 })}
        addLabel={t('wizard.additional.addPoint')}
        max={MAX_POINTS}
        newItem={{ value: '' }}
      />
      <Divider />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('wizard.additional.links')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('wizard.additional.linksHint', { max: MAX_LINKS })}
        </Typography>
        <Stack spacing={1.5}>
          {links.fields.map((row, index) => (
            <Box key={row.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
              <WizardTextField
                control={form.control}
                name={`links.${index}.label`}
                label={t('wizard.additional.linkLabel', { n: index + 1 })}
                size="small"
                sx={{ flex: '1 1 200px' }}
              />
              <WizardTextField
                control={form.control}
                name={`links.${index}.url`}
                label={t('wizard.additional.linkUrl', { n: index + 1 })}
                placeholder="https://"
                inputMode="url"
                size="small"
                sx={{ flex: '2 1 260px' }}
              />
              <IconButton aria-label={t('wizard.additional.removeLink', { n: index + 1 })} onClick={() => links.remove(index)}>
                <Close />
              </IconButton>
            </Box>
          ))}
        </Stack>
        <Button
          startIcon={<Add />}
          onClick={() => links.append({ label: '', url: '' })}
          disabled={links.fields.length >= MAX_LINKS}
          sx={{ mt: links.fields.length ? 1.5 : 0 }}
        >
          {t('wizard.additional.addLink')}
        </Button>
        {linksError && (
          <Typography variant="caption" color="error" component="p">
            {translateMessage(linksError)}
          </Typography>
        )}
      </Box>
      <Divider />
      <ImageUploadField
        label={t('wizard.banner.label')}
        hint={t('wizard.banner.hint', { mb: uploadRules.banner.maxMb })}
        purpose="banner"
        shape="wide"
        url={banner.url}
        texts={{
          upload: t('wizard.banner.upload'),
          change: t('wizard.banner.change'),
          remove: t('wizard.banner.remove'),
          preview: t('wizard.banner.preview'),
        }}
        onChange={banner.onChange}
        error={banner.message && translateMessage(banner.message)}
      />
      <Divider />
      <TagsField control={form.control} name="tags" />
    </StepShell>
  );
}
