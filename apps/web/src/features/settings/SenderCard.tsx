import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  getAccountMailSender,
  updateAccountMailSender,
  updateAccountMailSenderBody,
  type AccountMailSender,
} from '@hireline/contract/mail-sender';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { FormAlert, issuesToErrors, placeServerErrors, QueryGate, SaveBar, SettingsTextField } from './settings-form';

interface SenderValues {
  mail_from_address: string;
  mail_reply_to: string;
}

const valuesOf = (s: AccountMailSender): SenderValues => ({ mail_from_address: s.mail_from_address ?? '', mail_reply_to: s.mail_reply_to ?? '' });
const FIELDS = new Set<string>(['mail_from_address', 'mail_reply_to']);
const fieldOf = (key: string) => (FIELDS.has(key) ? (key as keyof SenderValues) : undefined);

/** Checked with the contract's schema, so with the API's messages. */
const resolver: Resolver<SenderValues> = async (values) => {
  const parsed = updateAccountMailSenderBody.safeParse(values);
  if (parsed.success) return { values, errors: {} };
  return { values: {}, errors: issuesToErrors<SenderValues>(parsed.error.issues, (path) => fieldOf(path.map(String).join('.'))) };
};

/**
 * Who the account's emails come from. Every email is named after its site or the account; left empty, it goes
 * from the deployment's address. A custom address only arrives if its domain authorises this server (SPF, DKIM).
 */
export function SenderCard() {
  const { t } = useTranslation('settings');
  const query = useApiQuery(getAccountMailSender, {});
  return (
    <Box component="section" aria-labelledby="sender-heading">
      <Typography id="sender-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('sender.title')}
      </Typography>
      <QueryGate query={query} errorTitle={t('sender.loadError')}>
        {(sender) => <SenderForm sender={sender} />}
      </QueryGate>
    </Box>
  );
}

function SenderForm({ sender }: { sender: AccountMailSender }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const form = useForm<SenderValues>({ resolver, defaultValues: valuesOf(sender) });
  const save = useApiMutation(updateAccountMailSender);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const saved = await save.mutateAsync({ body: values });
      form.reset(valuesOf(saved));
      void invalidateEndpoint(queryClient, getAccountMailSender);
      notify.success(t('sender.saved'));
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, fieldOf));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('sender.title')}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography variant="body2" color="text.secondary">
          {t('sender.hint')}
        </Typography>
        <FormAlert message={formError} />
        <SettingsTextField
          control={form.control}
          name="mail_from_address"
          type="email"
          label={t('sender.fromAddress')}
          placeholder={sender.default_from_address}
          helperText={t('sender.fromAddressHint', { address: sender.default_from_address })}
          slotProps={{ htmlInput: { maxLength: 254, dir: 'ltr', spellCheck: false } }}
        />
        <SettingsTextField
          control={form.control}
          name="mail_reply_to"
          type="email"
          label={t('sender.replyTo')}
          helperText={t('sender.replyToHint')}
          slotProps={{ htmlInput: { maxLength: 254, dir: 'ltr', spellCheck: false } }}
        />
        <Alert severity="info">{t('sender.domainHint')}</Alert>
        <SaveBar
          dirty={form.formState.isDirty}
          saving={form.formState.isSubmitting}
          readOnly={false}
          onDiscard={() => form.reset()}
          label={t('sender.save')}
        />
      </Stack>
    </Box>
  );
}
