import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { inviteEmployerUser } from '@hireline/contract/employer-users';
import { FormTextField } from '../../components/form/FormTextField';
import { keepFocusInPage } from '../../components/keep-focus';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';

const schema = bodySchema(inviteEmployerUser);
const FIELDS = ['email', 'name', 'role'] as const;
const EMPTY = { email: '', name: '', role: '' };

/**
 * Invites someone to sign in for the employer with a role: they are emailed a link to set their password (someone
 * who already has an account is told they were given access). The contract's schema checks the form; a 422 (e.g.
 * already a member) lands on its field. The form starts empty each time it opens.
 */
export function InviteUserDialog(props: {
  open: boolean;
  employerId: string;
  employerName: string;
  roles: { key: string; name: string }[];
  onClose: () => void;
  onInvited: () => Promise<unknown>;
}) {
  const { t } = useTranslation('employers');
  const titleId = useId();
  const bodyId = useId();
  const snackbar = useSnackbar();
  const [formError, setFormError] = useState<string>();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { reset } = form;
  useEffect(() => {
    if (!props.open) return;
    reset(EMPTY);
    setFormError(undefined);
  }, [props.open, reset]);
  const invite = useApiMutation(inviteEmployerUser);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      const user = await invite.mutateAsync({ params: { employer: props.employerId }, body });
      snackbar.success(t('users.invited', { email: user.email }));
      props.onClose();
      await props.onInvited();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <Dialog
      open={props.open}
      onClose={invite.isPending ? undefined : props.onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object, transition: { onExited: keepFocusInPage } }}
    >
      <DialogTitle id={titleId}>{t('users.invite.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={{ mb: 2 }}>
          {t('users.invite.body', { employer: props.employerName })}
        </DialogContentText>
        <Stack spacing={2.5}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <FormTextField
            control={form.control}
            name="email"
            label={t('users.invite.email')}
            type="email"
            autoComplete="off"
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 254, dir: 'ltr' } }}
          />
          <FormTextField control={form.control} name="name" label={t('users.invite.name')} required slotProps={{ htmlInput: { maxLength: 120 } }} />
          <FormTextField control={form.control} name="role" label={t('users.invite.role')} helperText={t('users.invite.roleHint')} required select>
            {props.roles.map((role) => (
              <MenuItem key={role.key} value={role.key}>
                {role.name}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={invite.isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={invite.isPending}>
          {t('users.invite.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
