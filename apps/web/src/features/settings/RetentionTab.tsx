import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  getAccountRetention,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  retentionFields,
  updateAccountRetention,
  updateAccountRetentionBody,
  type AccountRetention,
  type RetentionField,
} from '@hireline/contract/retention';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { FormAlert, issuesToErrors, placeServerErrors, QueryGate, SaveBar, SettingsTextField } from './settings-form';

/*
 * How long the account keeps what it no longer needs. The scheduler applies a change on its next hourly run, and a
 * shorter period removes or anonymises records for good, so shortening one is confirmed first.
 */

type RetentionValues = Record<RetentionField, string>;

const valuesOf = (r: AccountRetention): RetentionValues =>
  Object.fromEntries(retentionFields.map((f) => [f, String(r[f])])) as RetentionValues;
/** Typed text as days; anything that is not a number stays NaN, which the contract refuses with its message. */
const bodyOf = (v: RetentionValues) => Object.fromEntries(retentionFields.map((f) => [f, v[f].trim() === '' ? NaN : Number(v[f])])) as AccountRetention;
const fieldOf = (key: string) => (retentionFields as readonly string[]).includes(key) ? (key as RetentionField) : undefined;

/** Checked with the contract's schema, so with the API's messages. */
const resolver: Resolver<RetentionValues> = async (values) => {
  const parsed = updateAccountRetentionBody.safeParse(bodyOf(values));
  if (parsed.success) return { values, errors: {} };
  return { values: {}, errors: issuesToErrors<RetentionValues>(parsed.error.issues, (path) => fieldOf(path.map(String).join('.'))) };
};

export function RetentionTab() {
  const { t } = useTranslation('settings');
  const query = useApiQuery(getAccountRetention, {});
  return (
    <Box component="section" aria-labelledby="retention-heading">
      <Typography id="retention-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('retention.title')}
      </Typography>
      <QueryGate query={query} errorTitle={t('retention.loadError')}>
        {(retention) => <RetentionForm retention={retention} />}
      </QueryGate>
    </Box>
  );
}

function RetentionForm({ retention }: { retention: AccountRetention }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const [stored, setStored] = useState(retention);
  const [shortening, setShortening] = useState<AccountRetention | null>(null);
  const form = useForm<RetentionValues>({ resolver, defaultValues: valuesOf(retention) });
  const save = useApiMutation(updateAccountRetention);

  const send = async (body: AccountRetention) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ body });
      setStored(saved);
      form.reset(valuesOf(saved));
      void invalidateEndpoint(queryClient, getAccountRetention);
      notify.success(t('retention.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, fieldOf));
    } finally {
      setShortening(null);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const body = bodyOf(values);
    if (retentionFields.some((f) => body[f] < stored[f])) setShortening(body);
    else await send(body);
  });
  const shorter = shortening ? retentionFields.filter((f) => shortening[f] < stored[f]) : [];

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('retention.title')}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography variant="body2" color="text.secondary">
          {t('retention.hint')}
        </Typography>
        <FormAlert message={formError} />
        {retentionFields.map((f) => (
          <SettingsTextField
            key={f}
            control={form.control}
            name={f}
            type="number"
            label={t(`retention.fields.${f}`)}
            helperText={t(`retention.hints.${f}`)}
            slotProps={{ htmlInput: { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS, step: 1, inputMode: 'numeric' } }}
          />
        ))}
        <SaveBar
          dirty={form.formState.isDirty}
          saving={form.formState.isSubmitting || save.isPending}
          readOnly={false}
          onDiscard={() => form.reset()}
          label={t('retention.save')}
        />
      </Stack>
      <ConfirmDialog
        open={shortening !== null}
        title={t('retention.confirmTitle')}
        body={t('retention.confirmBody', {
          fields: shorter.map((f) => t(`retention.fields.${f}`)).join(', '),
        })}
        confirmLabel={t('retention.confirm')}
        color="error"
        irreversible
        pending={save.isPending}
        onCancel={() => setShortening(null)}
        onConfirm={() => shortening && void send(shortening)}
      />
    </Box>
  );
}
