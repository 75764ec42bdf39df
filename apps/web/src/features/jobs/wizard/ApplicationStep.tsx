import { useQueryClient } from '@tanstack/react-query';
import { useController, useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import { applyTypes, type ApplyType } from '@hireline/contract/enums';
import type { JobDetail } from '@hireline/contract/job-model';
import { updateJob } from '@hireline/contract/jobs';
import { getFieldOptions, listProducts } from '@hireline/contract/lookups';
import { messageCatalog as codes } from '@hireline/contract/message-codes';
import { messages } from '@hireline/contract/messages';
import { apiQueryKey, useApiQuery } from '../../../lib/api-query';
import { bodySchema } from '../../../lib/forms';
import { translateMessage } from '../../../lib/messages';
import { scopeKey, useSession } from '../../../lib/session';
import { StepActions, StepShell } from './StepShell';
import { TextListField } from './TextListField';
import { useStepForm } from './use-step-form';
import type { StepContext } from './wizard-context';
import { dayToIso, isoToDay, stepResolver } from './wizard-form';
import { WizardTextField } from './WizardTextField';

const MAX_EMAILS = 5;
const DAY = 86_400_000;

export interface ApplicationValues {
  apply_type: ApplyType;
  application_url: string;
  application_emails: { value: string }[];
  advert_start_at: string;
  advert_end_at: string;
}

export const applicationValues = (job: JobDetail): ApplicationValues => ({
  apply_type: job.apply_type,
  application_url: job.application_url ?? '',
  application_emails: job.application_emails.length ? job.application_emails.map((value) => ({ value })) : [{ value: '' }],
  advert_start_at: isoToDay(job.advert_start_at),
  advert_end_at: isoToDay(job.advert_end_at),
});

/** Only the chosen way to apply is kept: an address for another way would be stale data on the job. */
const applicationBody = (v: ApplicationValues) => ({
  apply_type: v.apply_type,
  application_url: v.apply_type === 'url' && v.application_url.trim() ? v.application_url : null,
  application_emails: v.apply_type === 'email' ? v.application_emails.map((e) => e.value) : [],
  advert_start_at: dayToIso(v.advert_start_at, 'start'),
  advert_end_at: dayToIso(v.advert_end_at, 'end'),
});

/**
 * Applying by URL or email needs the address (the contract's required message). An end date already past is the
 * posting's own refusal (job-post.service `postable`), said here on the step rather than three steps later; a posted
 * job keeps a past end it already had (an expired advert) until someone changes it.
 *
 * A start date in the past is no refusal of its own: the API posts a draft that started yesterday. It refuses one
 * only through the end it implies when no end is given (start + the product's duration, with the same "end in the
 * past" message), so that exact rule is checked here, on the start date, for a draft about to be posted. `runDays`
 * is that duration at its longest: the product is (re)picked at payment, so the step refuses only a start that every
 * product, the job's own included, would end in the past; null while the site's products are unknown.
 */
const applicationRules =
  (job: JobDetail, runDays: () => number | null) =>
  (v: ApplicationValues): [string, string][] => {
    const out: [string, string][] = [];
    if (v.apply_type === 'url' && !v.application_url.trim()) out.push(['application_url', messages.required]);
    if (v.apply_type === 'email' && v.application_emails.length === 0) out.push(['application_emails', messages.required]);
    const end = dayToIso(v.advert_end_at, 'end');
    const changed = job.status === 'draft' || v.advert_end_at !== isoToDay(job.advert_end_at);
    if (end && changed && Date.parse(end) <= Date.now()) out.push(['advert_end_at', codes['jobs.end_in_past']]);
    const start = dayToIso(v.advert_start_at, 'start');
    const days = runDays();
    if (job.status === 'draft' && start && !end && days !== null && Date.parse(start) + days * DAY <= Date.now())
      out.push(['advert_start_at', codes['jobs.end_in_past']]);
    return out;
  };

/** Step 3, Application Preferences: how candidates apply and when the advert runs. */
export function ApplicationStep({ ctx, job }: { ctx: StepContext; job: JobDetail }) {
  const { t } = useTranslation('jobs');
  // The same cached list the payment step shows, asked for here and read from the cache when the step is checked.
  useApiQuery(listProducts, {}, { staleTime: 60_000 });
  const client = useQueryClient();
  const productsKey = apiQueryKey(listProducts, {}, scopeKey(useSession().scope));
  const runDays = () => {
    const list = client.getQueryData<ResponseOf<typeof listProducts>>(productsKey);
    const days = [...(list ?? []), ...(job.product ? [job.product] : [])].map((p) => p.duration_days);
    return list && days.length ? Math.max(...days) : null;
  };
  const form = useForm({
    resolver: stepResolver(bodySchema(updateJob), applicationBody, applicationRules(job, runDays)),
    defaultValues: applicationValues(job),
  });
  const { formError, busy, onSubmit, onSaveDraft } = useStepForm(ctx, form, applicationValues);
  const applyType = useController({ control: form.control, name: 'apply_type' });
  const type = useWatch({ control: form.control, name: 'apply_type' });
  const options = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  const typeLabel = (value: ApplyType) =>
    options.data?.apply_type.find((o) => o.value === value)?.label ?? t(`wizard.application.types.${value}`);
  const typeError = applyType.fieldState.error?.message;

  return (
    <StepShell
      title={t('wizard.steps.application')}
      intro={t('wizard.application.intro')}
      error={formError}
      onSubmit={onSubmit}
      actions={
        <StepActions ctx={ctx} busy={busy} onSaveDraft={onSaveDraft} />
      }
    >
      <FormControl error={Boolean(typeError)}>
        <FormLabel id="job-apply-type">{t('wizard.application.applyType')}</FormLabel>
        <RadioGroup
          aria-labelledby="job-apply-type"
          name={applyType.field.name}
          value={applyType.field.value}
          onChange={(_, value) => applyType.field.onChange(value)}
        >
          {applyTypes.map((value) => (
            <FormControlLabel key={value} value={value} control={<Radio />} label={typeLabel(value)} />
          ))}
        </RadioGroup>
        {typeError && <FormHelperText>{translateMessage(typeError)}</FormHelperText>}
      </FormControl>
      {type === 'url' && (
        <WizardTextField
          control={form.control}
          name="application_url"
          label={t('wizard.application.url')}
          placeholder="https://"
          inputMode="url"
          required
        />
      )}
      {type === 'email' && (
        <TextListField
          control={form.control}
          name="application_emails"
          legend={t('wizard.application.emails')}
          hint={t('wizard.application.emailsHint', { max: MAX_EMAILS })}
          itemLabel={(i) => t('wizard.application.email', { n: i + 1 })}
          removeLabel={(i) => t('wizard.application.removeEmail', { n: i + 1 })}
          addLabel={t('wizard.application.addEmail')}
          max={MAX_EMAILS}
          min={1}
          newItem={{ value: '' }}
          inputProps={{ type: 'email', autoComplete: 'email' }}
        />
      )}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <WizardTextField
          control={form.control}
          name="advert_start_at"
          type="date"
          label={t('wizard.application.start')}
          helperText={t('wizard.application.startHint')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <WizardTextField
          control={form.control}
          name="advert_end_at"
          type="date"
          label={t('wizard.application.end')}
          helperText={t('wizard.application.endHint')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
    </StepShell>
  );
}
