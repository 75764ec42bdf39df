import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { FileRef } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { fetchApplicationFile } from './application-files';

/**
 * A PDF shown inside the page: fetched with the session as a blob, shown from an object URL that is revoked when
 * the dialog closes (or another file is shown), so the bytes do not outlive the preview.
 */
export function PdfPreviewDialog(props: { applicationId: string; file: FileRef | null; onClose: () => void }) {
  const { t } = useTranslation('applications');
  const titleId = useId();
  const { file, applicationId } = props;
  const [state, setState] = useState<{ fileId: string; url?: string; error?: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    let url: string | undefined;
    fetchApplicationFile(applicationId, file.id, 'inline', controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: file.mime }));
        setState({ fileId: file.id, url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ fileId: file.id, error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [applicationId, file, attempt]);

  const current = file && state?.fileId === file.id ? state : null;
  return (
    <Dialog open={!!file} onClose={props.onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('documents.previewTitle', { name: file?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {current?.error ? (
          <ErrorState title={t('documents.previewError')} error={current.error} onRetry={() => {
              setState(null);
              setAttempt((n) => n + 1);
            }} />
        ) : current?.url ? (
          <Box
            component="iframe"
            src={current.url}
            title={t('documents.previewFrame', { name: file?.name ?? '' })}
            sx={{ width: '100%', height: '75vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', height: 240 }}>
            <CircularProgress aria-label={t('documents.previewLoading')} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          {t('documents.closePreview')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
