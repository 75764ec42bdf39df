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
import { ErrorState } from './ErrorState';
import { keepFocusInPage } from './keep-focus';

type Loaded = { fileId: string; attempt: number } & ({ url: string } | { error: unknown });

/**
 * A PDF shown inside the page. The file is fetched with the session's token (a plain <iframe src> to the API could
 * not send it) and shown from an object URL, which is revoked when the dialog closes or shows another file, so the
 * bytes do not stay in memory. Used for resumes and documents of applications and seekers alike.
 */
export function FilePreviewDialog(props: {
  /** Fetches the file's bytes through the API client (with the session's token). */
  load: (file: FileRef, signal: AbortSignal) => Promise<Blob>;
  /** The file to show; null closes the dialog. */
  file: FileRef | null;
  onClose: () => void;
  onDownload: (file: FileRef) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { load, file } = props;
  // Kept while the dialog fades out, so its title does not blank before it is gone.
  const [shown, setShown] = useState(file);
  if (file && file !== shown) setShown(file);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    let url: string | null = null;
    load(file, controller.signal).then(
      (blob) => {
        // The API sends the stored content type; a PDF viewer needs it on the blob to render rather than download.
        url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: file.mime }));
        setLoaded({ fileId: file.id, attempt, url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ fileId: file.id, attempt, error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [load, file, attempt]);

  const current = file && loaded?.fileId === file.id && loaded.attempt === attempt ? loaded : null;
  return (
    <Dialog
      open={!!file}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      slotProps={{ transition: { onExited: keepFocusInPage } }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {shown?.name ?? ''}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, height: '75vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {!current ? (
          <CircularProgress aria-label={t('filePreview.loading')} />
        ) : 'error' in current ? (
          <Box sx={{ p: 3, width: '100%' }}>
            <ErrorState title={t('filePreview.error')} error={current.error} onRetry={() => setAttempt((n) => n + 1)} />
          </Box>
        ) : (
          <Box
            component="iframe"
            title={t('filePreview.frame', { name: shown?.name ?? '' })}
            src={current.url}
            sx={{ width: '100%', height: '100%', border: 0, display: 'block' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {shown && <Button onClick={() => props.onDownload(shown)}>{t('filePreview.download')}</Button>}
        <Button variant="contained" onClick={props.onClose} autoFocus>
          {t('filePreview.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
