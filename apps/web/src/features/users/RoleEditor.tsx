import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { deleteAccountRole, updateAccountRole, type AccountRole } from '@hireline/contract/account-users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { isApiError } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { translateError, translateMessage } from '../../lib/messages';
import { allGranted, granted, hasFullAccess, otherRules, samePermissions, toggle, toggleAll, toggleFullAccess } from './role-permissions';
import { useRefreshUsers } from './use-users-data';

const schema = bodySchema(updateAccountRole);

/**
 * One role: its name and a grid of subjects × actions, with an "all" box per subject and "full access". Saving sends
 * the name and the whole permission list (PATCH). Only someone holding every permission of the role may change it
 * (`editable`); a custom role nobody holds may be deleted, a built-in one never.
 */
export function RoleEditor(props: {
  role: AccountRole;
  vocabulary: { subjects: string[]; actions: string[] };
  canUpdate: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('users');
  const { role } = props;
  const snackbar = useSnackbar();
  const refresh = useRefreshUsers();
  const [name, setName] = useState(role.name);
  const [perms, setPerms] = useState<string[]>(role.permissions);
  const [errors, setErrors] = useState<{ name?: string; permissions?: string; form?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const update = useApiMutation(updateAccountRole);
  const remove = useApiMutation(deleteAccountRole);
  const editable = props.canUpdate && role.editable;
  const subjects = props.vocabulary.subjects;
  const actions = props.vocabulary.actions.filter((a) => a !== 'all');
  const full = hasFullAccess(perms);
  const others = otherRules(perms, subjects, actions);
  const dirty = name.trim() !== role.name || !samePermissions(perms, role.permissions);
  const subjectLabel = (s: string) => t(`subjects.${s}` as 'subjects.jobs', { defaultValue: s });
  const actionLabel = (a: string) => t(`permActions.${a}` as 'permActions.view', { defaultValue: a });

  const save = (e: FormEvent) => {
    e.preventDefault();
    const checked = schema.safeParse({ name, permissions: perms });
    if (!checked.success) {
      const at = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ name: at('name'), permissions: at('permissions') });
      return;
    }
    setErrors({});
    update.mutate(
      { params: { id: role.id }, body: checked.data },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          setPerms(saved.permissions);
          snackbar.success(t('roles.saved', { name: saved.name }));
          void refresh();
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.errors : {};
          if (fields.name?.[0] || fields.permissions?.[0]) setErrors({ name: fields.name?.[0], permissions: fields.permissions?.[0] });
          else setErrors({ form: translateError(isApiError(error) ? error : undefined) });
        },
      },
    );
  };
  const onDelete = () =>
    remove.mutate(
      { params: { id: role.id } },
      {
        onSuccess: () => {
          setConfirming(false);
          snackbar.success(t('roles.deleted', { name: role.name }));
          props.onDeleted();
          void refresh();
        },
        onError: (error) => {
          setConfirming(false);
          snackbar.error(translateError(error));
          void refresh();
        },
      },
    );

  return (
    <Card variant="outlined" component="form" noValidate onSubmit={save} aria-labelledby="role-editor-heading">
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography id="role-editor-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('roles.editorTitle', { name: role.name })}
          </Typography>
          <Chip size="small" label={t(`scope.${role.level}`)} />
          <Chip size="small" variant="outlined" label={t('roles.members', { count: role.members_count })} />
        </Box>
        {role.built_in && <Alert severity="info">{t('roles.builtInNote')}</Alert>}
        {props.canUpdate && !role.editable && <Alert severity="warning">{t('roles.notEditable')}</Alert>}
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
          disabled={!editable}
          error={Boolean(errors.name)}
          helperText={errors.name && translateMessage(errors.name)}
          slotProps={{ htmlInput: { maxLength: 80 } }}
          sx={{ maxWidth: 420 }}
        />
        <FormControlLabel
          control={<Checkbox checked={full} disabled={!editable} onChange={() => setPerms(toggleFullAccess(perms))} />}
          label={t('roles.fullAccess')}
        />
        {errors.permissions && (
          <Alert severity="error" role="alert">
            {translateMessage(errors.permissions)}
          </Alert>
        )}
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={t('roles.gridLabel', { name: role.name })} sx={{ minWidth: 880 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('roles.subject')}</TableCell>
                <TableCell align="center">{t('roles.all')}</TableCell>
                {actions.map((a) => (
                  <TableCell key={a} align="center" sx={{ whiteSpace: 'nowrap' }}>
                    {actionLabel(a)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {subjects.map((s) => {
                const whole = allGranted(perms, s);
                return (
                  <TableRow key={s} hover>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {subjectLabel(s)}
                    </TableCell>
                    <TableCell align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={whole}
                        disabled={!editable || full}
                        onChange={() => setPerms(toggleAll(perms, s))}
                        slotProps={{ input: { 'aria-label': t('roles.allOf', { subject: subjectLabel(s) }) } }}
                      />
                    </TableCell>
                    {actions.map((a) => (
                      <TableCell key={a} align="center" padding="checkbox">
                        <Checkbox
                          size="small"
                          checked={granted(perms, s, a)}
                          disabled={!editable || full}
                          onChange={() => setPerms(toggle(perms, s, a, actions))}
                          slotProps={{ input: { 'aria-label': t('roles.permission', { subject: subjectLabel(s), action: actionLabel(a) }) } }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        {others.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('roles.otherRules', { list: others.join(', ') })}
          </Typography>
        )}
        {editable && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Button type="submit" variant="contained" loading={update.isPending} disabled={!dirty && !update.isPending}>
              {t('roles.save')}
            </Button>
            <Button
              disabled={!dirty || update.isPending}
              onClick={() => {
                setName(role.name);
                setPerms(role.permissions);
                setErrors({});
              }}
            >
              {t('roles.reset')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            {!role.built_in && (
              <>
                {role.members_count > 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('roles.inUse', { count: role.members_count })}
                  </Typography>
                )}
                <Button color="error" variant="outlined" disabled={role.members_count > 0} onClick={() => setConfirming(true)}>
                  {t('roles.delete')}
                </Button>
              </>
            )}
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('roles.confirmDelete.title', { name: role.name })}
        body={t('roles.confirmDelete.body')}
        confirmLabel={t('roles.confirmDelete.confirm')}
        color="error"
        irreversible
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </Card>
  );
}
