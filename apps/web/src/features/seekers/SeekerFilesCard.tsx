import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import type { FileRef } from '@hireline/contract/applications';
import type { SeekerDetail } from '@hireline/contract/seekers';
import { isApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { formatDate } from '../jobs/job-format';
import { SectionCard } from '../jobs/SectionCard';
import { FilePreviewDialog } from '../../components/FilePreviewDialog';
import { downloadSeekerDocument, fetchSeekerFileInline } from './seeker-files';

/** Browsers show PDFs themselves; other formats (DOC, DOCX, RTF, TXT) are only downloaded. */
const previewable = (file: FileRef) => file.mime === 'application/pdf';

function formatSize(bytes: number, language: string) {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 1) / 1000, 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** The resume first, then the other documents: each to preview in the page (PDF) or download. */
export function SeekerFilesCard({ seeker }: { seeker: SeekerDetail }) {
  const { t, i18n } = useTranslation('seekers');
  const snackbar = useSnackbar();
  const [preview, setPreview] = useState<FileRef | null>(null);
  // Stable, so the preview does not fetch again on every render.
  const loadInline = useCallback((file: FileRef, signal: AbortSignal) => fetchSeekerFileInline(seeker.id, file.id, signal), [seeker.id]);
  const [downloading, setDownloading] = useState<string | null>(null);
  const files = [...(seeker.resume ? [seeker.resume] : []), ...seeker.documents.filter((d) => d.id !== seeker.resume?.id)];

  const download = async (file: FileRef) => {
    setDownloading(file.id);
    try {
      await downloadSeekerDocument(seeker.id, file);
    } catch (error) {
      // A 401 has already been announced by the API client (session expired, back to sign-in).
      if (!isApiError(error) || error.status !== 401) snackbar.error(isApiError(error) ? translateMessage(error.message) : t('files.downloadError'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <SectionCard title={t('profile.sections.documents')}>
      {files.length === 0 ? (
        <Typography color="text.secondary">{t('files.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {files.map((file) => (
            <Box
              component="li"
              key={file.id}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <DescriptionOutlined aria-hidden color="action" />
              <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{file.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('files.meta', {
                    kind: t(`files.kind.${file.id === seeker.resume?.id ? 'resume' : file.kind}`),
                    size: formatSize(file.size, i18n.language),
                    date: formatDate(file.created_at, i18n.language),
                  })}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', gap: 1 }}>
                {previewable(file) && (
                  <Button
                    size="small"
                    startIcon={<VisibilityOutlined />}
                    aria-label={t('files.previewNamed', { name: file.name })}
                    onClick={() => setPreview(file)}
                  >
                    {t('files.preview')}
                  </Button>
                )}
                <Button
                  size="small"
                  startIcon={<FileDownloadOutlined />}
                  aria-label={t('files.downloadNamed', { name: file.name })}
                  loading={downloading === file.id}
                  onClick={() => void download(file)}
                >
                  {t('files.download')}
                </Button>
              </Box>
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
