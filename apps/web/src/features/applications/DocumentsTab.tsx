import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getApplicationDocuments, type ApplicationDetail } from '@hireline/contract/applications';
import { ErrorState } from '../../components/ErrorState';
import { FileButtons, useFileActions } from '../../components/FileActions';
import { SectionCard } from '../../components/SectionCard';
import { useApiQuery } from '../../lib/api-query';
import { formatDate } from '../../lib/format';
import { translateError } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { fetchApplicationFile } from './application-files';

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
  const actions = useFileActions(app.id, fetchApplicationFile, (error) =>
    snackbar.error(error instanceof Error ? translateError(error) : t('documents.downloadError')),
  );
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
              <FileButtons
                file={file}
                actions={actions}
                downloadVariant="outlined"
                labels={{
                  preview: t('documents.preview'),
                  previewNamed: t('documents.previewNamed', { name: file.name }),
                  download: t('documents.download'),
                  downloadNamed: t('documents.downloadNamed', { name: file.name }),
                }}
              />
            </Box>
          ))}
        </Box>
      )}
      {actions.dialog}
    </SectionCard>
  );
}
