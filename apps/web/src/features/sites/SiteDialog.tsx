import { useEffect, useId, useRef, useState } from 'react';
import { useController, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createSite, createSiteBody, listSites, updateSite, updateSiteBody, type SiteSummary } from '@hireline/contract/sites';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { invalidateEndpoint, useApiMutation } from '../../lib/api-query';
import { currentUserQuery } from '../../lib/current-user';
import { applyServerErrors } from '../../lib/forms';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { slugFromName } from './site-slug';

type CreateValues = z.input<typeof createSiteBody>;
type EditValues = z.input<typeof updateSiteBody>;
type UpdateBody = z.output<typeof updateSiteBody>;

const CREATE_EMPTY = { name: '', slug: '', domain: '', board_enabled: true };
const CREATE_FIELDS = ['name', 'slug', 'domain', 'board_enabled'] as const;
const EDIT_FIELDS = ['name', 'domain', 'board_enabled', 'enabled'] as const;

function SiteTextField<T extends FieldValues, O>({
  control,
  name,
  helperText,
  onValue,
  ...props
}: Omit<TextFieldProps, 'name' | 'value'> & { control: Control<T, unknown, O>; name: Path<T>; onValue?: (value: string) => void }) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => {
        field.onChange(e);
        onValue?.(e.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ? translateMessage(message) : helperText}
      fullWidth
    />
  );
}

function SwitchRow<T extends FieldValues, O>(props: { control: Control<T, unknown, O>; name: Path<T>; label: string; description: string }) {
  const { field } = useController({ control: props.control, name: props.name });
  const id = useId();
  return (
    <Box>
      <FormControlLabel
        label={props.label}
        control={
          <Switch
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(_, checked) => field.onChange(checked)}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': id } }}
          />
        }
      />
      <Typography id={id} variant="body2" color="text.secondary" sx={{ paddingInlineStart: 6.5, mt: -0.5 }}>
        {props.description}
      </Typography>
    </Box>
  );
}

/** Adds a site to the account: its name, the slug in its addresses (suggested from the name), a domain and the board switch. */
export function CreateSiteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const slugEdited = useRef(false);
  const form = useForm<CreateValues, unknown, z.output<typeof createSiteBody>>({
    resolver: zodResolver(createSiteBody),
    defaultValues: CREATE_EMPTY,
  });
  const create = useApiMutation(createSite);
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(CREATE_EMPTY);
    slugEdited.current = false;
    setFormError(undefined);
  }, [open, reset]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const site = await create.mutateAsync({ body });
      void invalidateEndpoint(queryClient, listSites);
      // The new site joins the scope switcher and becomes reachable by its slug.
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      notify.success(t('sites.created', { name: site.name }));
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, CREATE_FIELDS));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{t('sites.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <SiteTextField
            control={form.control}
            name="name"
            label={t('sites.fields.name')}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 120 } }}
            onValue={(name) => {
              if (!slugEdited.current) form.setValue('slug', slugFromName(name), { shouldDirty: true });
            }}
          />
          <SiteTextField
            control={form.control}
            name="slug"
            label={t('sites.fields.slug')}
            helperText={t('sites.fields.slugHint')}
            required
            slotProps={{ htmlInput: { maxLength: 40, dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
            onValue={(slug) => {
              slugEdited.current = slug !== '';
            }}
          />
          <SiteTextField
            control={form.control}
            name="domain"
            label={t('sites.fields.domain')}
            helperText={t('sites.fields.domainHint')}
            placeholder="jobs.example.com"
            slotProps={{ htmlInput: { maxLength: 253, dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
          />
          <SwitchRow control={form.control} name="board_enabled" label={t('sites.fields.board')} description={t('sites.fields.boardHint')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('sites.createSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const editValues = (site: SiteSummary): EditValues => ({
  name: site.name,
  domain: site.domain ?? '',
  board_enabled: site.board_enabled,
  enabled: site.enabled,
});

/**
 * Renames a site, changes its board's domain, turns the board or the whole site on or off (the slug never changes).
 * Turning the site off asks first: its board goes offline.
 */
export function EditSiteDialog({ site, open, onClose }: { site: SiteSummary | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const [confirming, setConfirming] = useState<UpdateBody | null>(null);
  const form = useForm<EditValues, unknown, UpdateBody>({ resolver: zodResolver(updateSiteBody), defaultValues: site ? editValues(site) : {} });
  const update = useApiMutation(updateSite);
  const { reset } = form;
  useEffect(() => {
    if (!open || !site) return;
    reset(editValues(site));
    setFormError(undefined);
    setConfirming(null);
  }, [open, site, reset]);

  const send = async (body: UpdateBody) => {
    if (!site) return;
    setFormError(undefined);
    try {
      const saved = await update.mutateAsync({ params: { id: site.id }, body });
      setConfirming(null);
      void invalidateEndpoint(queryClient, listSites);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      notify.success(t('sites.updated', { name: saved.name }));
      onClose();
    } catch (error) {
      setConfirming(null);
      setFormError(applyServerErrors(error, form.setError, EDIT_FIELDS));
    }
  };
  const onSubmit = form.handleSubmit((body) => {
    if (site?.enabled && body.enabled === false) setConfirming(body);
    else void send(body);
  });

  return (
    <>
      <Dialog
        open={open && !confirming}
        onClose={update.isPending ? undefined : onClose}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
        slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
      >
        <DialogTitle id={titleId}>{t('sites.editTitle', { name: site?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            <SiteTextField control={form.control} name="name" label={t('sites.fields.name')} required slotProps={{ htmlInput: { maxLength: 120 } }} />
            <TextField
              label={t('sites.fields.slug')}
              value={site?.slug ?? ''}
              helperText={t('sites.fields.slugFixed')}
              fullWidth
              slotProps={{ input: { readOnly: true }, htmlInput: { dir: 'ltr' } }}
            />
            <SiteTextField
              control={form.control}
              name="domain"
              label={t('sites.fields.domain')}
              helperText={t('sites.fields.domainHint')}
              placeholder="jobs.example.com"
              slotProps={{ htmlInput: { maxLength: 253, dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
            />
            <SwitchRow control={form.control} name="board_enabled" label={t('sites.fields.board')} description={t('sites.fields.boardHint')} />
            <SwitchRow control={form.control} name="enabled" label={t('sites.fields.enabled')} description={t('sites.fields.enabledHint')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!form.formState.isDirty}>
            {t('save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={open && Boolean(confirming)}
        title={t('sites.disableTitle', { name: site?.name ?? '' })}
        body={t('sites.disableBody')}
        confirmLabel={t('sites.disableConfirm')}
        cancelLabel={t('sites.disableCancel')}
        color="error"
        pending={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void send(confirming)}
      />
    </>
  );
}
