import { FormTextField } from '../../components/form/FormTextField';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { updateEnterpriseAccount, type EnterpriseAccountDetail } from '@hireline/contract/enterprise';
import { keepFocusInPage } from '../../components/keep-focus';
import { useApiMutation } from '../../lib/api-query';
import { applyServerErrors, bodySchema } from '../../lib/forms';
import { useSnackbar } from '../../lib/snackbar';
import { ENTERPRISE_REQUEST, useRefreshAccounts } from './enterprise-data';
import { bodyResolver } from './enterprise-form';

const schema = bodySchema(updateEnterpriseAccount);
interface Values {
  name: string;
  title: string;
  domain: string;
}
// An empty domain takes the account's own host away (null); name and title are always sent.
const toBody = (v: Values) => ({ name: v.name, title: v.title, domain: v.domain.trim() === '' ? null : v.domain });

/** Renames an account, changes its title or moves its domain (a domain in use elsewhere is a 422 on the field). */
export function EditAccountDialog({ open, account, onClose }: { open: boolean; account: EnterpriseAccountDetail; onClose: () => void }) {
  const { t } = useTranslation('enterprise');
  const titleId = useId();
  const snackbar = useSnackbar();
  const refresh = useRefreshAccounts();
  const update = useApiMutation(updateEnterpriseAccount);
  const [formError, setFormError] = useState<string>();
  const values = (): Values => ({ name: account.name, title: account.title, domain: account.domain ?? '' });
  const form = useForm<Values, unknown, ReturnType<typeof schema.parse>>({ resolver: bodyResolver(schema, toBody), defaultValues: values() });
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(values());
    setFormError(undefined);
    // Each opening starts from the account as it is now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);
  const busy = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await update.mutateAsync({ params: { id: account.id }, body, ...ENTERPRISE_REQUEST });
      snackbar.success(t('edit.done'));
      void refresh();
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['name', 'title', 'domain']));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{
        paper: { component: 'form', noValidate: true, onSubmit: (e: FormEvent) => void onSubmit(e) } as object,
        transition: { onExited: keepFocusInPage },
      }}
    >
      <DialogTitle id={titleId}>{t('edit.title', { name: account.name })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
          {formError && (
            <Alert severity="error" role="alert">
              {formError}
            </Alert>
          )}
          <FormTextField control={form.control} name="name" label={t('form.name')} required autoFocus />
          <FormTextField control={form.control} name="title" label={t('form.title')} required helperText={t('form.titleHint')} />
          <FormTextField
            control={form.control}
            name="domain"
            label={t('form.domain')}
            helperText={t('form.domainHint')}
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {t('edit.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
