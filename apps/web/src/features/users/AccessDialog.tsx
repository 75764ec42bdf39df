import { FormTextField } from '../../components/form/FormTextField';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { inviteAccountUser, replaceAccountUserMemberships, type AccountRole, type AccountUser } from '@hireline/contract/account-users';
import { keepFocusInPage } from '../../components/keep-focus';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { AccessRowsEditor, type AccessForm } from './AccessRowsEditor';
import { bodyResolver, emptyRow, membershipsBody, rowPaths, rowsOf } from './membership-form';
import type { SiteOption } from './use-users-data';

const inviteSchema = bodySchema(inviteAccountUser);
const replaceSchema = bodySchema(replaceAccountUserMemberships);

const inviteBody = (v: AccessForm) => ({ email: v.email, name: v.name, memberships: membershipsBody(v.memberships) });
const replaceBody = (v: AccessForm) => ({ memberships: membershipsBody(v.memberships) });

interface Common {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  sites: SiteOption[];
  roles: AccountRole[];
  /** The selected site: a new row starts there. */
  siteId: string | null;
}

/** "Invite user": email, name and where they get access with which role; the API emails them a link. */
export function InviteUserDialog(props: Common) {
  const { t } = useTranslation('users');
  const snackbar = useSnackbar();
  const invite = useApiMutation(inviteAccountUser);
  const form = useForm<AccessForm, unknown, ReturnType<typeof inviteSchema.parse>>({
    resolver: bodyResolver(inviteSchema, inviteBody),
    defaultValues: { email: '', name: '', memberships: [emptyRow(props.siteId)] },
  });
  return (
    <AccessDialogShell
      {...props}
      form={form}
      title={t('invite.title')}
      intro={t('invite.intro')}
      submitLabel={t('invite.submit')}
      reset={() => form.reset({ email: '', name: '', memberships: [emptyRow(props.siteId)] })}
      save={async (body) => {
        const user = await invite.mutateAsync({ body });
        snackbar.success(t('invite.done', { email: user.email }));
      }}
      fields={
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={form.control} name="email" label={t('invite.email')} type="email" required autoFocus autoComplete="off" />
          <FormTextField control={form.control} name="name" label={t('invite.name')} required autoComplete="off" />
        </Box>
      }
    />
  );
}

/** "Edit access": the person's rows replace their access in this account (at least one; to take it all, remove them). */
export function EditAccessDialog(props: Common & { user: AccountUser | null }) {
  const { t } = useTranslation('users');
  const snackbar = useSnackbar();
  const replace = useApiMutation(replaceAccountUserMemberships);
  const { user } = props;
  // A site of their access stays offered even when the caller's list of the account's sites lacks it.
  const extra = (user?.memberships ?? []).flatMap((m) => (m.site && !props.sites.some((s) => s.id === m.site!.id) ? [m.site] : []));
  const sites = [...props.sites, ...extra.filter((s, i) => extra.findIndex((x) => x.id === s.id) === i)];
  const values = (u: AccountUser | null): AccessForm => ({ email: u?.email ?? '', name: u?.name ?? '', memberships: u ? rowsOf(u) : [] });
  const form = useForm<AccessForm, unknown, ReturnType<typeof replaceSchema.parse>>({
    resolver: bodyResolver(replaceSchema, replaceBody),
    defaultValues: values(user),
  });
  return (
    <AccessDialogShell
      {...props}
      sites={sites}
      form={form}
      title={t('editAccess.title', { name: user?.name ?? '' })}
      intro={t('editAccess.intro')}
      submitLabel={t('editAccess.submit')}
      reset={() => form.reset(values(user))}
      save={async (body) => {
        if (!user) return;
        await replace.mutateAsync({ params: { user: user.id }, body });
        snackbar.success(t('editAccess.done', { name: user.name }));
      }}
      fields={
        user && (
          <Typography variant="body2" color="text.secondary">
            <bdi dir="ltr">{user.email}</bdi>
          </Typography>
        )
      }
    />
  );
}

function AccessDialogShell<T>(
  props: Common & {
    form: ReturnType<typeof useForm<AccessForm, unknown, T>>;
    title: string;
    intro: string;
    submitLabel: string;
    fields: ReactNode;
    reset: () => void;
    save: (body: T) => Promise<void>;
  },
) {
  const { t } = useTranslation('users');
  const titleId = useId();
  const introId = useId();
  const { form, open } = props;
  const [formError, setFormError] = useState<string>();
  const { reset } = props;
  useEffect(() => {
    if (!open) return;
    reset();
    setFormError(undefined);
    // Each opening starts from the person's (or an empty) access; `reset` is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const busy = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await props.save(body);
      props.onDone();
      props.onClose();
    } catch (error) {
      const fields = ['email', 'name', ...rowPaths(form.getValues('memberships').length)] as Path<AccessForm>[];
      setFormError(applyServerErrors(error, form.setError, fields));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      maxWidth="md"
      fullWidth
      slotProps={{
        paper: { component: 'form', noValidate: true, onSubmit: (e: FormEvent) => void onSubmit(e) } as object,
        transition: { onExited: keepFocusInPage },
      }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {props.intro}
        </DialogContentText>
        <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          {props.fields}
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('access.heading')}
          </Typography>
          <AccessRowsEditor form={form} sites={props.sites} roles={props.roles} defaultSiteId={props.siteId} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {props.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
