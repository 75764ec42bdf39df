import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getUserAccount, removeAvatar, updateUserAccount, uploadAvatar, type UserAccount } from '@hireline/contract/auth';
import { userLocales } from '@hireline/contract/enums';
import { uploadRules } from '@hireline/contract/uploads';
import { ErrorState } from '../../components/ErrorState';
import { FormTextField } from '../../components/form/FormTextField';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { ImageUploadField } from '../../components/ImageUploadField';
import { request } from '../../lib/api-client';
import { upload } from '../../lib/api-files';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { currentUserQuery } from '../../lib/current-user';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { changeLanguage, multiLanguage } from '../../lib/i18n';
import { useSnackbar } from '../../lib/snackbar';

const schema = bodySchema(updateUserAccount);

/** Picture, name and language of the signed-in user; the email is shown but not editable here. */
export function AccountTab() {
  const { t } = useTranslation('profile');
  const account = useApiQuery(getUserAccount, {});
  if (account.isError)
    return <ErrorState title={t('account.loadError')} error={account.error} onRetry={() => void account.refetch()} />;
  if (!account.data) return <FullPageSpinner fill="area" />;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack spacing={4}>
          <ProfilePicture account={account.data} />
          <Divider />
          <AccountForm account={account.data} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The user's picture, uploaded to and removed from their own account at once (no form to save); both refresh /auth/me for the app bar. */
function ProfilePicture({ account }: { account: UserAccount }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  return (
    <ImageUploadField
      label={t('avatar.heading')}
      hint={t('avatar.hint', { mb: uploadRules.avatar.maxMb })}
      purpose="avatar"
      shape="round"
      headingLevel="h2"
      url={account.avatar}
      name={account.name}
      texts={{ upload: t('avatar.upload'), change: t('avatar.change'), remove: t('avatar.remove'), preview: t('avatar.preview') }}
      upload={(file) => upload(uploadAvatar, { data: { file } }).then(({ avatar }) => ({ id: null, url: avatar }))}
      remove={() => request(removeAvatar).then(() => undefined)}
      onChange={(image) => {
        void invalidateEndpoint(queryClient, getUserAccount);
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
        notify.success(image ? t('avatar.uploaded') : t('avatar.removed'));
      }}
    />
  );
}

function AccountForm({ account }: { account: UserAccount }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(updateUserAccount);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: account.name, locale: account.locale } });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      // Without multi-language the field is hidden, so the stored language is left as it is.
      const saved = await mutation.mutateAsync({ body: multiLanguage ? body : { name: body.name } });
      form.reset({ name: saved.name, locale: saved.locale });
      // The app bar and the dashboard read the name and picture from /auth/me.
      void invalidateEndpoint(queryClient, getUserAccount);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      changeLanguage(saved.locale);
      notify.success(t('account.saved'));
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['name', 'locale']));
    }
  });

  return (
    <Box component="section" aria-labelledby="profile-account-heading">
      <Typography id="profile-account-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('account.heading')}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 560 }}>
        <Stack spacing={2.5}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormTextField control={form.control} name="name" label={t('account.name')} autoComplete="name" required />
          <TextField
            label={t('account.email')}
            value={account.email}
            type="email"
            helperText={t('account.emailHint')}
            slotProps={{ input: { readOnly: true } }}
            fullWidth
          />
          {multiLanguage && (
            <FormTextField control={form.control} name="locale" select label={t('account.locale')} helperText={t('account.localeHint')}>
              {userLocales.map((l) => (
                <MenuItem key={l} value={l}>
                  {tc(`language.${l}`)}
                </MenuItem>
              ))}
            </FormTextField>
          )}
          <Box>
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
              {t('account.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
