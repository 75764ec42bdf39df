import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { getApplicationDocuments, type ApplicationDetail, type FileRef } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { saveBlob } from '../../lib/api-client';
import { useApiQuery } from '../../lib/api-query';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { formatDate } from '../jobs/job-format';
import { SectionCard } from '../jobs/SectionCard';
import { fetchApplicationFile } from './application-files';
import { FilePreviewDialog } from '../../components/FilePreviewDialog';

/** "240 kB", "1.2 MB" in the reader's language. */
function formatSize(bytes: number, language: string) {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes / 1000, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** The resume sent with the application and the candidate's documents: PDFs preview in the page, all download. */
export function DocumentsTab({ app }: { app: ApplicationDetail }) {
  const { t, i18n } = useTranslation('applications');
  const snackbar = useSnackbar();
  const query = useApiQuery(getApplicationDocuments, { params: { uuid: app.id } });
  const [preview, setPreview] = useState<FileRef | null>(null);
  // Stable, so the preview does not fetch again on every render.
  const loadInline = useCallback((file: FileRef, signal: AbortSignal) => fetchApplicationFile(app.id, file.id, 'inline', signal), [app.id]);
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (file: FileRef) => {
    setDownloading(file.id);
    try {
      saveBlob(await fetchApplicationFile(app.id, file.id, 'attachment'), file.name);
    } catch (error) {
      snackbar.error(error instanceof Error ? translateMessage(error.message) : t('documents.downloadError'));
    } finally {
      setDownloading(null);
    }
  };
  const documents = query.data?.documents;
  return (
    <SectionCard title={t('documents.title')}>
      {query.isError ? (
        <ErrorState title={t('documents.loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : !documents ? (
        <Skeleton height={120} />
      ) : documents.length === 0 ? (
        <Typography color="text.secondary">{t('documents.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {documents.map((file) => (
            <Box
              component="li"
              key={file.id}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography component="h3" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                  </Typography>
                  <Chip size="small" variant="outlined" label={t(`documents.kind.${file.kind}`)} />
                </Box>
                <Typography variant="caption" color="text.secondary">
                  {t('documents.meta', { size: formatSize(file.size, i18n.language), date: formatDate(file.created_at, i18n.language) })}
                </Typography>
              </Box>
              {file.mime === 'application/pdf' && (
                <Button
                  size="small"
                  startIcon={<VisibilityOutlined />}
                  aria-label={t('documents.previewNamed', { name: file.name })}
                  onClick={() => setPreview(file)}
                >
                  {t('documents.preview')}
                </Button>
              )}
              <Button
                size="small"
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                loading={downloading === file.id}
                aria-label={t('documents.downloadNamed', { name: file.name })}
                onClick={() => void download(file)}
              >
                {t('documents.download')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <FilePreviewDialog
        load={loadInline}
        file={preview}
        onClose={() => setPreview(null)}
        onDownload={(file) => void download(file)}
      />
    </SectionCard>
  );
}
