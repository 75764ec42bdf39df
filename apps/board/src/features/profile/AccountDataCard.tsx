import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { deleteCandidateAccount, exportCandidateData } from '@hireline/contract/board-candidates';
import { PasswordField } from '../../components/PasswordField';
import { request, saveBlob } from '../../lib/api-client';
import { useApiMutation } from '../../lib/api-query';
import { signOutLocally } from '../../lib/auth';
import { applyServerErrors, errorText } from '../../lib/forms';
import { notice } from '../../lib/notice';

/** A copy of everything held on the candidate (JSON), and deleting the account (not while staff act as them). */
export function AccountDataCard({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  async function download() {
    setExporting(true);
    setExportError(undefined);
    try {
      const data = await request(exportCandidateData);
      saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), 'my-data.json');
    } catch (error) {
      setExportError(errorText(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('profile.yourData')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.exportIntro')}
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} loading={exporting} loadingPosition="start">
            {t('profile.export')}
          </Button>
          {exportError && (
            <Alert severity="error" role="alert">
              {exportError}
            </Alert>
          )}
          {canDelete && (
            <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
              {t('profile.delete')}
            </Button>
          )}
        </Stack>
      </CardContent>
      {canDelete && <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />}
    </Card>
  );
}

const schema = deleteCandidateAccount.body!;

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const mutation = useApiMutation(deleteCandidateAccount);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '' } });

  const submit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      await mutation.mutateAsync({ body });
      signOutLocally();
      notice.show(t('profile.deleted'), 'success');
      await navigate({ to: '/', replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, ['password']));
    }
  });

  const close = () => {
    if (mutation.isPending) return;
    form.reset();
    setFormError(undefined);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('profile.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('profile.deleteBody')}</DialogContentText>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('common.cannotUndo')}
          </Alert>
          {formError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <PasswordField control={form.control} name="password" label={t('account.password')} autoComplete="current-password" required autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="error" variant="contained" loading={mutation.isPending}>
            {t('profile.deleteConfirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
