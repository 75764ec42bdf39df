import { useForm, useController } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@hireline/contract/job-model';
import { createJob, updateJob } from '@hireline/contract/jobs';
import { getFieldOptions, pickConsultants, pickEmployers } from '@hireline/contract/lookups';
import { RichTextEditor } from '../../../components/form/RichTextEditor';
import { useApiQuery } from '../../../lib/api-query';
import { useCurrentUser } from '../../../lib/current-user';
import { bodySchema } from '../../../lib/forms';
import { useSession } from '../../../lib/session';
import { translateMessage } from '../../../lib/messages';
import { PickerField } from './PickerField';
import { StepActions, StepShell } from './StepShell';
import { useStepForm } from './use-step-form';
import type { StepContext } from './wizard-context';
import { centsToUnits, stepResolver, unitsToCents } from './wizard-form';
import { WizardTextField } from './WizardTextField';

const MONEY = ['pay_min_cents', 'pay_max_cents', 'salary_min_cents', 'salary_max_cents'] as const;
// Common currencies first; the job's own is added when it is another one.
const CURRENCIES = ['AUD', 'CAD', 'CHF', 'EUR', 'GBP', 'HKD', 'INR', 'JPY', 'NZD', 'SGD', 'USD', 'ZAR', 'AED', 'SAR'];

export type DetailsValues = Record<
  | 'title'
  | 'reference_number'
  | 'employer_id'
  | 'consultant_id'
  | 'work_type'
  | 'pay_type'
  | 'classification'
  | (typeof MONEY)[number]
  | 'currency'
  | 'location'
  | 'description',
  string
>;

export function detailsValues(job: JobDetail | undefined, employerId = ''): DetailsValues {
  return {
    title: job?.title ?? '',
    reference_number: job?.reference_number ?? '',
    employer_id: job?.employer.id ?? employerId,
    consultant_id: job?.consultant?.id ?? '',
    work_type: job?.work_type ?? '',
    pay_type: job?.pay_type ?? '',
    classification: job?.classification ?? '',
    pay_min_cents: centsToUnits(job?.pay_min_cents),
    pay_max_cents: centsToUnits(job?.pay_max_cents),
    salary_min_cents: centsToUnits(job?.salary_min_cents),
    salary_max_cents: centsToUnits(job?.salary_max_cents),
    currency: job?.currency ?? '',
    location: job?.location ?? '',
    description: job?.description ?? '',
  };
}

/** Step 1's body: amounts in cents; the employer only while the job is a draft (a posted job keeps its own). */
export function detailsBody(v: DetailsValues, withEmployer: boolean) {
  return {
    title: v.title,
    reference_number: v.reference_number,
    ...(withEmployer ? { employer_id: v.employer_id || undefined } : {}),
    consultant_id: v.consultant_id || null,
    work_type: v.work_type,
    pay_type: v.pay_type,
    classification: v.classification,
    ...Object.fromEntries(MONEY.map((k) => [k, unitsToCents(v[k])])),
    ...(v.currency ? { currency: v.currency } : {}),
    location: v.location,
    description: v.description,
  };
}

/** Step 1, Job Details: what the job is, for whom, what it pays and the advert text. */
export function DetailsStep({ ctx }: { ctx: StepContext }) {
  const { t, i18n } = useTranslation('jobs');
  const { job } = ctx;
  const user = useCurrentUser();
  const { scope } = useSession();
  // Employer staff post for their own employer: with only one, it is chosen for them and cannot be changed.
  const site = user?.accounts.find((a) => a.id === scope.accountId)?.sites.find((s) => s.id === scope.siteId);
  const own = site?.employers.filter((e) => user && `employer:${e.id}` in user.permissions) ?? [];
  const ownEmployer = scope.employerId ? (own.find((e) => e.id === scope.employerId) ?? null) : null;
  const employerFixed = (Boolean(ownEmployer) && own.length === 1) || !ctx.draft;

  const schema = job ? bodySchema(updateJob) : bodySchema(createJob);
  const form = useForm<DetailsValues, unknown, ReturnType<typeof schema.parse>>({
    resolver: stepResolver(schema, (v: DetailsValues) => detailsBody(v, ctx.draft)),
    defaultValues: detailsValues(job, ownEmployer?.id),
  });
  const { formError, busy, onSubmit, onSaveDraft } = useStepForm(ctx, form, (saved) => detailsValues(saved));
  const description = useController({ control: form.control, name: 'description' });
  const options = useApiQuery(getFieldOptions, {}, { staleTime: 5 * 60_000 });
  const choices = (kind: 'work_type' | 'pay_type' | 'classification') => options.data?.[kind] ?? [];

  const currencyNames = new Intl.DisplayNames(i18n.language, { type: 'currency' });
  const currency = form.watch('currency');
  const currencies = (currency && !CURRENCIES.includes(currency) ? [currency, ...CURRENCIES] : CURRENCIES).map((c) => ({
    value: c,
    label: `${c} — ${currencyNames.of(c) ?? c}`,
  }));
  const money = (name: (typeof MONEY)[number]) => (
    <WizardTextField
      control={form.control}
      name={name}
      label={t(`wizard.details.${name}`)}
      inputMode="decimal"
      slotProps={{ input: { endAdornment: currency ? <InputAdornment position="end">{currency}</InputAdornment> : undefined } }}
    />
  );
  const grid = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

  return (
    <StepShell
      title={t('wizard.steps.details')}
      intro={t('wizard.details.intro')}
      error={formError}
      onSubmit={onSubmit}
      actions={
        <StepActions ctx={ctx} busy={busy} onSaveDraft={onSaveDraft} />
      }
    >
      <Box sx={grid}>
        <WizardTextField control={form.control} name="title" label={t('wizard.details.title')} required sx={{ gridColumn: '1 / -1' }} />
        <WizardTextField control={form.control} name="reference_number" label={t('wizard.details.reference_number')} />
        <WizardTextField control={form.control} name="location" label={t('wizard.details.location')} />
        <PickerField
          control={form.control}
          name="employer_id"
          endpoint={pickEmployers}
          label={t('wizard.details.employer')}
          initial={job?.employer ?? ownEmployer}
          required
          readOnly={employerFixed}
          helperText={employerFixed ? (ctx.draft ? t('wizard.details.employerOwn') : t('wizard.details.employerPosted')) : undefined}
        />
        <PickerField
          control={form.control}
          name="consultant_id"
          endpoint={pickConsultants}
          label={t('wizard.details.consultant')}
          initial={job?.consultant ?? null}
        />
        <WizardTextField control={form.control} name="work_type" label={t('wizard.details.work_type')} choices={choices('work_type')} emptyChoice={t('wizard.details.notSet')} />
        <WizardTextField control={form.control} name="pay_type" label={t('wizard.details.pay_type')} choices={choices('pay_type')} emptyChoice={t('wizard.details.notSet')} />
        <WizardTextField
          control={form.control}
          name="classification"
          label={t('wizard.details.classification')}
          choices={choices('classification')}
          emptyChoice={t('wizard.details.notSet')}
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ mb: 1.5, fontWeight: 600 }}>
          {t('wizard.details.money')}
        </Typography>
        <Box sx={grid}>
          <WizardTextField
            control={form.control}
            name="currency"
            label={t('wizard.details.currency')}
            choices={currencies}
            emptyChoice={job ? undefined : t('wizard.details.siteCurrency')}
            sx={{ gridColumn: '1 / -1' }}
          />
          {MONEY.map((name) => (
            <Box key={name}>{money(name)}</Box>
          ))}
        </Box>
      </Box>
      <RichTextEditor
        id="job-description"
        label={t('wizard.details.description')}
        value={description.field.value}
        onChange={description.field.onChange}
        onBlur={description.field.onBlur}
        error={description.fieldState.error?.message ? translateMessage(description.fieldState.error.message) : undefined}
      />
    </StepShell>
  );
}
