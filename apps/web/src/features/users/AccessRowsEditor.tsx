import { useEffect, useId, useState } from 'react';
import { get, useController, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { MAX_MEMBERSHIPS, membershipScopes, type AccountRole, type MembershipScope } from '@hireline/contract/account-users';
import { translateError, translateMessage } from '../../lib/messages';
import { emptyRow, type AccessRow } from './membership-form';
import { useSiteEmployers, type SiteOption } from './use-users-data';

/** The form of the invite and edit-access dialogs; editing access leaves email and name as they are. */
export interface AccessForm {
  email: string;
  name: string;
  memberships: AccessRow[];
}

type Form<T> = UseFormReturn<AccessForm, unknown, T>;

const errorOf = (errors: FieldErrors<AccessForm>, path: string): string | undefined => {
  const found = get(errors, path) as { message?: unknown } | undefined;
  return typeof found?.message === 'string' ? translateMessage(found.message) : undefined;
};

/**
 * Where someone gets access and with which role, one row per place: the account itself, a site of it, or an
 * employer of a site. Only the roles of the row's level are offered, and only those the caller may give (they hold
 * all of the role's permissions); the others are listed, disabled.
 */
export function AccessRowsEditor<T>(props: { form: Form<T>; sites: SiteOption[]; roles: AccountRole[]; defaultSiteId: string | null }) {
  const { t } = useTranslation('users');
  const { form } = props;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'memberships' });
  const errors = form.formState.errors;
  const listError = errorOf(errors, 'memberships') ?? errorOf(errors, 'memberships.root');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {fields.map((field, i) => (
        <AccessRowFields
          key={field.id}
          form={form}
          index={i}
          count={fields.length}
          sites={props.sites}
          roles={props.roles}
          onRemove={() => remove(i)}
        />
      ))}
      {listError && (
        <Alert severity="error" role="alert">
          {listError}
        </Alert>
      )}
      <Box>
        <Button
          startIcon={<AddOutlined />}
          onClick={() => append(emptyRow(props.defaultSiteId))}
          disabled={fields.length >= MAX_MEMBERSHIPS}
        >
          {t('access.add')}
        </Button>
      </Box>
    </Box>
  );
}

function AccessRowFields<T>(props: {
  form: Form<T>;
  index: number;
  count: number;
  sites: SiteOption[];
  roles: AccountRole[];
  onRemove: () => void;
}) {
  const { t } = useTranslation('users');
  const { form, index: i } = props;
  const base = `memberships.${i}` as const;
  const row = useWatch({ control: form.control, name: base });
  const scope = useController({ control: form.control, name: `${base}.scope` });
  const site = useController({ control: form.control, name: `${base}.site_id` });
  const role = useController({ control: form.control, name: `${base}.role` });
  const errors = form.formState.errors;
  const validate = form.formState.isSubmitted;
  const set = (name: 'site_id' | 'employer_id' | 'employer_name' | 'role', value: string) =>
    form.setValue(`${base}.${name}`, value, { shouldValidate: validate && name !== 'employer_name', shouldDirty: true });
  const roles = props.roles.filter((r) => r.level === row?.scope);
  const rowError = errorOf(errors, base);
  const legendId = useId();
  // A native select always shows a value ("Choose a role" included), so its label must sit above it, never over it.
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;

  return (
    <Box
      component="fieldset"
      aria-labelledby={legendId}
      sx={{ m: 0, p: 2, border: 1, borderColor: rowError ? 'error.main' : 'divider', borderRadius: 1, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={legendId} variant="subtitle2" sx={{ flexGrow: 1 }}>
          {t('access.row', { n: i + 1 })}
        </Typography>
        {props.count > 1 && (
          <IconButton size="small" aria-label={t('access.remove', { n: i + 1 })} onClick={props.onRemove}>
            <DeleteOutlineOutlined fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label={t('access.scope')}
          value={scope.field.value}
          name={scope.field.name}
          inputRef={scope.field.ref}
          onBlur={scope.field.onBlur}
          onChange={(e) => {
            const next = e.target.value as MembershipScope;
            scope.field.onChange(next);
            // Another level: the place and the role chosen for the old one no longer fit.
            if (next === 'account') set('site_id', '');
            if (next !== 'employer') {
              set('employer_id', '');
              set('employer_name', '');
            }
            if (!props.roles.some((r) => r.key === row?.role && r.level === next)) set('role', '');
          }}
          error={Boolean(errorOf(errors, `${base}.scope`))}
          helperText={errorOf(errors, `${base}.scope`) ?? t(`access.scopeHint.${row?.scope ?? 'account'}`)}
          slotProps={native}
        >
          {membershipScopes.map((s) => (
            <option key={s} value={s}>
              {t(`scope.${s}`)}
            </option>
          ))}
        </TextField>
        {row?.scope !== 'account' && (
          <TextField
            select
            required
            label={t('access.site')}
            value={site.field.value}
            name={site.field.name}
            inputRef={site.field.ref}
            onBlur={site.field.onBlur}
            onChange={(e) => {
              site.field.onChange(e.target.value);
              set('employer_id', '');
              set('employer_name', '');
            }}
            error={Boolean(errorOf(errors, `${base}.site_id`))}
            helperText={errorOf(errors, `${base}.site_id`)}
            slotProps={native}
          >
            <option value="">{t('access.chooseSite')}</option>
            {props.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </TextField>
        )}
        {row?.scope === 'employer' && <EmployerField form={form} index={i} siteId={row.site_id} />}
        <TextField
          select
          required
          label={t('access.role')}
          value={role.field.value}
          name={role.field.name}
          inputRef={role.field.ref}
          onBlur={role.field.onBlur}
          onChange={(e) => role.field.onChange(e.target.value)}
          error={Boolean(errorOf(errors, `${base}.role`))}
          helperText={errorOf(errors, `${base}.role`) ?? (roles.length === 0 ? t('access.noRoles') : undefined)}
          slotProps={native}
        >
          <option value="">{t('access.chooseRole')}</option>
          {roles.map((r) => (
            <option key={r.key} value={r.key} disabled={!r.editable && r.key !== role.field.value}>
              {r.editable ? r.name : t('access.roleNotYours', { role: r.name })}
            </option>
          ))}
        </TextField>
      </Box>
      {rowError && (
        <Typography role="alert" variant="body2" color="error">
          {rowError}
        </Typography>
      )}
    </Box>
  );
}

/** The employer of a row: searched among the employers of the row's site. */
function EmployerField<T>({ form, index, siteId }: { form: Form<T>; index: number; siteId: string }) {
  const { t } = useTranslation('users');
  const base = `memberships.${index}` as const;
  const employer = useController({ control: form.control as Control<AccessForm, unknown, T>, name: `${base}.employer_id` });
  const name = useWatch({ control: form.control, name: `${base}.employer_name` });
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(term.trim()), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const lookup = useSiteEmployers(siteId, q, open);
  const found = (lookup.data?.data ?? []).map((e) => ({ id: e.id, name: e.business_name }));
  const value = employer.field.value ? { id: employer.field.value, name: name || t('access.employerChosen') } : null;
  const options = value && !found.some((o) => o.id === value.id) ? [value, ...found] : found;
  const message = errorOf(form.formState.errors, `${base}.employer_id`);
  return (
    <Autocomplete
      options={options}
      value={value}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={!siteId}
      loading={lookup.isFetching}
      loadingText={t('access.employerLoading')}
      noOptionsText={lookup.isError ? translateError(lookup.error) : t('access.employerNone')}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onInputChange={(_, text, reason) => setTerm(reason === 'input' ? text : '')}
      onChange={(_, option) => {
        employer.field.onChange(option?.id ?? '');
        form.setValue(`${base}.employer_name`, option?.name ?? '');
      }}
      onBlur={employer.field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          name={employer.field.name}
          inputRef={employer.field.ref}
          label={t('access.employer')}
          error={Boolean(message)}
          helperText={message ?? (siteId ? undefined : t('access.employerSiteFirst'))}
        />
      )}
    />
  );
}
