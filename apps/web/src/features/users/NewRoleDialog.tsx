import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { accountRoleLevels, createAccountRole, type MembershipScope } from '@hireline/contract/account-users';
import { keepFocusInPage } from '../../components/keep-focus';
import { isApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { translateError, translateMessage } from '../../lib/messages';
import { useRefreshUsers } from './use-users-data';

const schema = bodySchema(createAccountRole);

/** "New role": a name and the level it is given at; it starts with no permissions, which the editor then sets. */
export function NewRoleDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation('users');
  const titleId = useId();
  const bodyId = useId();
  const snackbar = useSnackbar();
  const refresh = useRefreshUsers();
  const create = useApiMutation(createAccountRole);
  const [name, setName] = useState('');
  const [level, setLevel] = useState<MembershipScope>('site');
  const [errors, setErrors] = useState<{ name?: string; level?: string; form?: string }>({});
  useEffect(() => {
    if (!open) return;
    setName('');
    setLevel('site');
    setErrors({});
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = schema.safeParse({ name, level, permissions: [] });
    if (!checked.success) {
      const at = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ name: at('name'), level: at('level') });
      return;
    }
    setErrors({});
    create.mutate(
      { body: checked.data },
      {
        onSuccess: (role) => {
          snackbar.success(t('roles.created', { name: role.name }));
          void refresh();
          onCreated(role.id);
          onClose();
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.errors : {};
          if (fields.name?.[0] || fields.level?.[0]) setErrors({ name: fields.name?.[0], level: fields.level?.[0] });
          else setErrors({ form: translateError(isApiError(error) ? error : undefined) });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object, transition: { onExited: keepFocusInPage } }}
    >
      <DialogTitle id={titleId}>{t('roles.newTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={{ mb: 2 }}>
          {t('roles.newIntro')}
        </DialogContentText>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {errors.form && (
            <Alert severity="error" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextField
            label={t('roles.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name && translateMessage(errors.name)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            select
            label={t('roles.level')}
            value={level}
            onChange={(e) => setLevel(e.target.value as MembershipScope)}
            error={Boolean(errors.level)}
            helperText={errors.level ? translateMessage(errors.level) : t(`roles.levelHint.${level}`)}
            slotProps={{ select: { native: true } }}
          >
            {accountRoleLevels.map((l) => (
              <option key={l} value={l}>
                {t(`scope.${l}`)}
              </option>
            ))}
          </TextField>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('roles.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
