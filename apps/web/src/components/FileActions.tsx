import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { FileRef } from '@hireline/contract/applications';
import { saveBlob } from '../lib/api-files';
import { FilePreviewDialog } from './FilePreviewDialog';

/** A record's file through the API client: `fetchFile(recordId, fileId, disposition, signal)`. */
export type FetchFile = (recordId: string, fileId: string, disposition: 'inline' | 'attachment', signal?: AbortSignal) => Promise<Blob>;

/**
 * Previewing and downloading the files of one record. `preview(file)` opens the PDF in the page (`dialog` is where
 * it shows), `download(file)` saves it under its own name (`downloading` is its id meanwhile); `onError` says why a
 * download failed. `fetchFile` should be a module function, so the preview does not fetch again on every render.
 */
export function useFileActions(recordId: string, fetchFile: FetchFile, onError: (error: unknown) => void) {
  const [preview, setPreview] = useState<FileRef | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const loadInline = useCallback((file: FileRef, signal: AbortSignal) => fetchFile(recordId, file.id, 'inline', signal), [recordId, fetchFile]);
  const download = async (file: FileRef) => {
    setDownloading(file.id);
    try {
      saveBlob(await fetchFile(recordId, file.id, 'attachment'), file.name);
    } catch (error) {
      onError(error);
    } finally {
      setDownloading(null);
    }
  };
  const dialog = (
    <FilePreviewDialog load={loadInline} file={preview} onClose={() => setPreview(null)} onDownload={(file) => void download(file)} />
  );
  return { preview: setPreview, download, downloading, dialog };
}

export type FileActions = ReturnType<typeof useFileActions>;

/** A file's Preview (PDFs only: browsers show them themselves) and Download buttons, each naming the file. */
export function FileButtons(props: {
  file: FileRef;
  actions: FileActions;
  labels: { preview: string; previewNamed: string; download: string; downloadNamed: string };
  downloadVariant?: 'text' | 'outlined';
}) {
  const { file, actions, labels } = props;
  return (
    <>
      {file.mime === 'application/pdf' && (
        <Button size="small" startIcon={<VisibilityOutlined />} aria-label={labels.previewNamed} onClick={() => actions.preview(file)}>
          {labels.preview}
        </Button>
      )}
      <Button
        size="small"
        variant={props.downloadVariant}
        startIcon={<FileDownloadOutlined />}
        aria-label={labels.downloadNamed}
        loading={actions.downloading === file.id}
        onClick={() => void actions.download(file)}
      >
        {labels.download}
      </Button>
    </>
  );
}
