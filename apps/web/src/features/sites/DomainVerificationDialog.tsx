import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getSiteDomainVerification, listSites, verifySiteDomain, type SiteSummary } from '@hireline/contract/sites';
import { messages } from '@hireline/contract/messages';
import { isApiError } from '../../lib/api-client';
import { invalidateEndpoint, useApiMutation, useApiQuery } from '../../lib/api-query';
import { formatDate } from '../../lib/format';
import { useSnackbar } from '../../lib/snackbar';
import { translateError } from '../../lib/messages';

/** A value to publish, selectable and read-only, so it can be copied exactly. */
function Published({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      onFocus={(e) => e.target.select()}
      slotProps={{ input: { readOnly: true }, htmlInput: { dir: 'ltr', spellCheck: false } }}
    />
  );
}

/**
 * How to prove a site's board domain (a TXT record or a well-known file) and the button that asks for the check. The
 * board is served on the domain only once it is proved; until then it is a claim.
 */
export function DomainVerificationDialog({ site, open, onClose }: { site: SiteSummary | null; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const titleId = useId();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const [error, setError] = useState<string>();
  const query = useApiQuery(getSiteDomainVerification, { params: { id: site?.id ?? '' } }, { enabled: open && Boolean(site) });
  const verify = useApiMutation(verifySiteDomain);
  useEffect(() => {
    if (open) setError(undefined);
  }, [open]);

  const doc = query.data;
  const onVerify = async () => {
    if (!site) return;
    setError(undefined);
    try {
      await verify.mutateAsync({ params: { id: site.id } });
      void invalidateEndpoint(queryClient, getSiteDomainVerification);
      void invalidateEndpoint(queryClient, listSites);
      notify.success(t('sites.verify.done', { domain: site.domain ?? '' }));
      onClose();
    } catch (err) {
      setError(translateError(isApiError(err) ? err : { message: messages.unknownError }));
    }
  };

  return (
    <Dialog open={open} onClose={verify.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('sites.verify.title', { domain: site?.domain ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {query.isPending && <CircularProgress aria-label={t('sites.verify.loading')} sx={{ alignSelf: 'center' }} />}
          {query.isError && <Alert severity="error">{t('sites.verify.loadError')}</Alert>}
          {doc?.verified && (
            <Alert severity="success">{t('sites.verify.verifiedOn', { date: doc.verified_at ? formatDate(doc.verified_at, i18n.language) : '' })}</Alert>
          )}
          {doc && !doc.verified && doc.txt_name && doc.file_url && (
            <>
              <Typography variant="body2">{t('sites.verify.intro')}</Typography>
              <Typography variant="subtitle2" component="h3">
                {t('sites.verify.txtHeading')}
              </Typography>
              <Published label={t('sites.verify.txtName')} value={doc.txt_name} />
              <Published label={t('sites.verify.txtValue')} value={doc.value} />
              <Typography variant="subtitle2" component="h3">
                {t('sites.verify.fileHeading')}
              </Typography>
              <Published label={t('sites.verify.fileUrl')} value={doc.file_url} />
              <Published label={t('sites.verify.fileContent')} value={doc.value} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={verify.isPending}>
          {t('sites.verify.close')}
        </Button>
        {doc && !doc.verified && doc.domain && (
          <Button variant="contained" loading={verify.isPending} onClick={() => void onVerify()}>
            {t('sites.verify.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
