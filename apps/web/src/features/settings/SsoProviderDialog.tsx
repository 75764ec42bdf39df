import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { listAccountRoles } from '@hireline/contract/account-users';
import { messages } from '@hireline/contract/messages';
import { listSites } from '@hireline/contract/sites';
import {
  createOAuthProvider,
  createOAuthProviderBody,
  updateOAuthProvider,
  updateOAuthProviderBody,
  type OAuthProvider,
} from '@hireline/contract/sso';
import { API_PREFIX } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { useSnackbar } from '../../lib/snackbar';
import { CopyButton } from './CopyButton';
import { FormAlert, issuesToErrors, placeServerErrors, SettingsTextField, SwitchField } from './settings-form';

interface ProviderValues {
  name: string;
  slug: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domains: string;
  enabled: boolean;
  /** The role key new users get ('' = nobody is created) and, for a site role, the site. */
  new_role: string;
  new_site: string;
}

const EMPTY: ProviderValues = {
  name: '',
  slug: '',
  issuer: '',
  client_id: '',
  client_secret: '',
  domains: '',
  enabled: true,
  new_role: '',
  new_site: '',
};

/** API field → form field (a domain's error, `allowed_domains.2`, goes on the one domains field). */
const FIELD_OF: Record<string, keyof ProviderValues> = {
  name: 'name',
  slug: 'slug',
  issuer: 'issuer',
  client_id: 'client_id',
  client_secret: 'client_secret',
  allowed_domains: 'domains',
  enabled: 'enabled',
};
const fieldOf = (key: string): keyof ProviderValues | undefined =>
  key.startsWith('new_users') ? (key === 'new_users.site_id' ? 'new_site' : 'new_role') : FIELD_OF[key.split('.')[0]!];

const valuesOf = (p: OAuthProvider): ProviderValues => ({
  name: p.name,
  slug: p.slug,
  issuer: p.issuer,
  client_id: p.client_id,
  client_secret: '',
  domains: p.allowed_domains.join(', '),
  enabled: p.enabled,
  new_role: p.new_users?.role ?? '',
  new_site: p.new_users?.site_id ?? '',
});

const domainsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

const common = (v: ProviderValues) => ({
  name: v.name,
  issuer: v.issuer,
  client_id: v.client_id,
  allowed_domains: domainsOf(v.domains),
  enabled: v.enabled,
  new_users: v.new_role ? { role: v.new_role, site_id: v.new_site || null } : null,
});
/** Creating sends every field; editing never sends the slug, and the secret only when a new one was typed. */
const createBodyOf = (v: ProviderValues) => ({ ...common(v), slug: v.slug, client_secret: v.client_secret });
const updateBodyOf = (v: ProviderValues) => ({ ...common(v), ...(v.client_secret.trim() ? { client_secret: v.client_secret } : {}) });

/** The URL to register at the provider as this portal's redirect URI (this host; other hosts of the account alike). */
export function callbackUrlOf(slug: string): string {
  return `${window.location.origin}${API_PREFIX}/auth/oauth/${slug ? encodeURIComponent(slug) : '<slug>'}/callback`;
}

/** Checked as the body it sends, with the contract's schema (so with the API's messages). */
const resolverFor =
  (editing: boolean): Resolver<ProviderValues> =>
  async (values) => {
    const parsed = editing ? updateOAuthProviderBody.safeParse(updateBodyOf(values)) : createOAuthProviderBody.safeParse(createBodyOf(values));
    if (parsed.success) return { values, errors: {} };
    return { values: {}, errors: issuesToErrors<ProviderValues>(parsed.error.issues, (path) => fieldOf(path.map(String).join('.'))) };
  };
const createResolver = resolverFor(false);
const updateResolver = resolverFor(true);

/** Adds an OpenID Connect provider, or changes one (its slug, part of the registered callback URL, stays). */
export function SsoProviderDialog(props: { open: boolean; provider: OAuthProvider | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const notify = useSnackbar();
  const { open, provider } = props;
  const editing = provider !== null;
  const [formError, setFormError] = useState<string>();
  const form = useForm<ProviderValues>({ resolver: editing ? updateResolver : createResolver, defaultValues: EMPTY });
  const create = useApiMutation(createOAuthProvider);
  const update = useApiMutation(updateOAuthProvider);
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(provider ? valuesOf(provider) : EMPTY);
    setFormError(undefined);
  }, [open, provider, reset]);
  const slug = useWatch({ control: form.control, name: 'slug' });
  const callback = callbackUrlOf(slug.trim());
  const newUsers = useNewUserChoices(open, provider);
  const newRole = useWatch({ control: form.control, name: 'new_role' });
  const siteRole = newUsers.roles.find((r) => r.key === newRole)?.level === 'site';
  const { setValue, getValues } = form;
  useEffect(() => {
    // An account role comes without a site; a site role is given at the one chosen.
    if (!siteRole && getValues('new_site')) setValue('new_site', '', { shouldDirty: true });
  }, [siteRole, getValues, setValue]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    // The contract cannot know the role's level; the API would answer the same.
    if (siteRole && !values.new_site) {
      form.setError('new_site', { message: messages.required }, { shouldFocus: true });
      return;
    }
    try {
      const saved = provider
        ? await update.mutateAsync({ params: { id: provider.id }, body: updateBodyOf(values) })
        : await create.mutateAsync({ body: createBodyOf(values) });
      notify.success(t(provider ? 'sso.updated' : 'sso.created', { name: saved.name }));
      props.onSaved();
      props.onClose();
    } catch (error) {
      setFormError(placeServerErrors(error, form.setError, fieldOf));
    }
  });
  const saving = create.isPending || update.isPending;
  const ltr = { htmlInput: { dir: 'ltr', spellCheck: false } };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{provider ? t('sso.editTitle', { name: provider.name }) : t('sso.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormAlert message={formError} />
          <SettingsTextField
            control={form.control}
            name="name"
            label={t('sso.fields.name')}
            helperText={t('sso.fields.nameHint')}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <SettingsTextField
            control={form.control}
            name="slug"
            label={t('sso.fields.slug')}
            helperText={editing ? t('sso.fields.slugFixed') : t('sso.fields.slugHint')}
            required={!editing}
            readOnly={editing}
            slotProps={{ htmlInput: { maxLength: 40, ...ltr.htmlInput } }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField
              label={t('sso.fields.callback')}
              helperText={t('sso.fields.callbackHint')}
              value={callback}
              sx={{ flex: '1 1 320px' }}
              onFocus={(e) => e.target.select()}
              slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } }, ...ltr }}
            />
            <CopyButton text={callback} label={t('sso.copyCallback', { name: provider?.name ?? slug })} />
          </Box>
          <SettingsTextField
            control={form.control}
            name="issuer"
            label={t('sso.fields.issuer')}
            helperText={t('sso.fields.issuerHint')}
            required
            type="url"
            slotProps={{ htmlInput: { maxLength: 500, ...ltr.htmlInput } }}
          />
          <SettingsTextField
            control={form.control}
            name="client_id"
            label={t('sso.fields.clientId')}
            required
            slotProps={{ htmlInput: { maxLength: 255, ...ltr.htmlInput } }}
          />
          <SettingsTextField
            control={form.control}
            name="client_secret"
            label={t('sso.fields.clientSecret')}
            helperText={editing ? t('sso.fields.clientSecretKeep') : t('sso.fields.clientSecretHint')}
            required={!editing}
            type="password"
            autoComplete="new-password"
            slotProps={{ htmlInput: { maxLength: 1000, ...ltr.htmlInput } }}
          />
          <SettingsTextField
            control={form.control}
            name="domains"
            label={t('sso.fields.domains')}
            helperText={t('sso.fields.domainsHint')}
            slotProps={ltr}
          />
          <SwitchField control={form.control} name="enabled" label={t('sso.fields.enabled')} description={t('sso.fields.enabledHint')} />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('sso.fields.newUsers')}
            </Typography>
            <SettingsTextField
              control={form.control}
              name="new_role"
              select
              label={t('sso.fields.newRole')}
              helperText={t(newRole ? 'sso.fields.newRoleOn' : 'sso.fields.newRoleOff')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('sso.fields.newRoleNone')}</option>
              {newUsers.roles.map((r) => (
                <option key={r.key} value={r.key} disabled={!r.editable}>
                  {t(r.level === 'site' ? 'sso.fields.roleAtSite' : 'sso.fields.roleAtAccount', { name: r.name })}
                </option>
              ))}
            </SettingsTextField>
            {siteRole && (
              <SettingsTextField
                control={form.control}
                name="new_site"
                select
                required
                label={t('sso.fields.newSite')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{t('sso.fields.chooseSite')}</option>
                {newUsers.sites.map((site) => (
                  <option key={site.id} value={site.id}>
                    {site.name}
                  </option>
                ))}
              </SettingsTextField>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={saving}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={!form.formState.isDirty}>
          {provider ? t('save') : t('sso.createSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface RoleChoice {
  key: string;
  name: string;
  level: string;
  editable: boolean;
}

/**
 * The roles new users may get (the account's account and site roles; those the caller does not fully hold are shown
 * disabled, as the API refuses them) and the account's sites. Without the right to list them, the provider's current
 * choice is still shown so saving keeps it.
 */
function useNewUserChoices(open: boolean, provider: OAuthProvider | null) {
  const roles = useApiQuery(listAccountRoles, {}, { enabled: open, staleTime: 30_000, retry: false });
  const sites = useApiQuery(listSites, { query: { per_page: 100, sort: 'name' } }, { enabled: open, staleTime: 60_000, retry: false });
  const current = provider?.new_users;
  const roleList: RoleChoice[] = (roles.data?.data ?? []).filter((r) => r.level === 'account' || r.level === 'site');
  if (current && !roleList.some((r) => r.key === current.role)) {
    roleList.push({ key: current.role, name: current.role_name, level: current.site_id ? 'site' : 'account', editable: true });
  }
  const siteList = (sites.data?.data ?? []).map((s) => ({ id: s.id, name: s.name }));
  if (current?.site_id && !siteList.some((s) => s.id === current.site_id)) siteList.push({ id: current.site_id, name: current.site_name ?? '' });
  return { roles: roleList, sites: siteList };
}
