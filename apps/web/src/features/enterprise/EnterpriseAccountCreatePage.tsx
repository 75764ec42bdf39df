import { FormTextField } from '../../components/form/FormTextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useController, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { createEnterpriseAccount, createEnterpriseAccountBody } from '@hireline/contract/enterprise';
import { BackIcon } from '../../components/icons';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { ColorSwatch } from './AccountBits';
import { ENTERPRISE_REQUEST, isHexColor, slugFrom, useRefreshAccounts } from './enterprise-data';
import { bodyResolver, textOrUndefined } from './enterprise-form';

interface Values {
  name: string;
  slug: string;
  title: string;
  domain: string;
  primary_color: string;
  admin: { email: string; name: string };
}

const DEFAULT_COLOR = '#7367F0';
const FIELDS = ['name', 'slug', 'title', 'domain', 'primary_color', 'admin', 'admin.email', 'admin.name'] as const;

/** Empty optional fields are left out: the account's title then defaults to its name, and it has no host of its own. */
const toBody = (v: Values) => ({
  name: v.name,
  slug: v.slug,
  title: textOrUndefined(v.title),
  domain: textOrUndefined(v.domain),
  primary_color: textOrUndefined(v.primary_color),
  admin: { email: v.admin.email, name: v.admin.name },
});

/**
 * A new account: its name and address name (suggested from the name until edited), title, domain and primary colour,
 * and its first admin, who is invited by email. On success the account's page opens.
 */
export function EnterpriseAccountCreatePage() {
  const { t } = useTranslation('enterprise');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshAccounts();
  const create = useApiMutation(createEnterpriseAccount);
  const [formError, setFormError] = useState<string>();
  // The slug follows the name until the user types one of their own.
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm<Values, unknown, ReturnType<typeof createEnterpriseAccountBody.parse>>({
    resolver: bodyResolver(createEnterpriseAccountBody, toBody),
    defaultValues: { name: '', slug: '', title: '', domain: '', primary_color: DEFAULT_COLOR, admin: { email: '', name: '' } },
  });
  const name = useController({ control: form.control, name: 'name' });
  const color = useController({ control: form.control, name: 'primary_color' });
  const busy = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const account = await create.mutateAsync({ body, ...ENTERPRISE_REQUEST });
      void refresh();
      snackbar.success(t('create.done', { name: account.name, email: body.admin.email }));
      await navigate({ to: '/enterprise/accounts/$id', params: { id: account.id } });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <Stack spacing={2}>
      <Box>
        <ButtonLink to="/enterprise/accounts" startIcon={<BackIcon />}>
          {t('detail.back')}
        </ButtonLink>
      </Box>
      <PageHeader title={t('create.title')} subtitle={t('create.subtitle')} />
      <Card component="form" noValidate onSubmit={(e: FormEvent) => void onSubmit(e)} aria-label={t('create.title')}>
        <CardContent>
          <Stack spacing={3}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <Box component="section" aria-labelledby="account-section" sx={{ display: 'grid', gap: 2.5 }}>
              <Typography id="account-section" variant="h6" component="h2">
                {t('create.sections.account')}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <FormTextField
                  control={form.control}
                  name="name"
                  label={t('form.name')}
                  required
                  autoFocus
                  onChange={(e) => {
                    name.field.onChange(e.target.value);
                    if (!slugEdited) form.setValue('slug', slugFrom(e.target.value), { shouldValidate: form.formState.isSubmitted });
                  }}
                />
                <FormTextField
                  control={form.control}
                  name="slug"
                  label={t('form.slug')}
                  required
                  helperText={t('form.slugHint')}
                  onChange={(e) => {
                    setSlugEdited(e.target.value !== '');
                    form.setValue('slug', e.target.value, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
                  }}
                  slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none', maxLength: 40 } }}
                />
                <FormTextField control={form.control} name="title" label={t('form.title')} helperText={t('form.titleCreateHint')} />
                <FormTextField
                  control={form.control}
                  name="domain"
                  label={t('form.domain')}
                  helperText={t('form.domainHint')}
                  slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
                />
                <FormTextField
                  control={form.control}
                  name="primary_color"
                  label={t('form.color')}
                  helperText={t('form.colorHint')}
                  slotProps={{
                    htmlInput: { dir: 'ltr', spellCheck: false, maxLength: 7 },
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <ColorSwatch color={color.field.value} size={22} />
                        </InputAdornment>
                      ),
                      endAdornment: (
                        <InputAdornment position="end">
                          <input
                            type="color"
                            aria-label={t('form.colorPicker')}
                            value={isHexColor(color.field.value) ? color.field.value.toLowerCase() : DEFAULT_COLOR.toLowerCase()}
                            onChange={(e: ChangeEvent<HTMLInputElement>) => color.field.onChange(e.target.value.toUpperCase())}
                            style={{ width: 36, height: 28, padding: 0, border: 0, background: 'transparent', cursor: 'pointer' }}
                          />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              </Box>
            </Box>
            <Box component="section" aria-labelledby="admin-section" sx={{ display: 'grid', gap: 2.5 }}>
              <Box>
                <Typography id="admin-section" variant="h6" component="h2">
                  {t('create.sections.admin')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('create.adminHint')}
                </Typography>
              </Box>
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <FormTextField control={form.control} name="admin.email" label={t('form.adminEmail')} type="email" required autoComplete="off" />
                <FormTextField control={form.control} name="admin.name" label={t('form.adminName')} required autoComplete="off" />
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <ButtonLink to="/enterprise/accounts" disabled={busy}>
                {t('form.cancel')}
              </ButtonLink>
              <Button type="submit" variant="contained" loading={busy}>
                {t('create.submit')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
