import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { useTranslation } from 'react-i18next';
import type { SeekerDetail } from '@hireline/contract/seekers';
import { FileButtons, useFileActions } from '../../components/FileActions';
import { SectionCard } from '../../components/SectionCard';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { translateError } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';
import { fetchSeekerFile } from './seeker-files';

function formatSize(bytes: number, language: string) {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 1) / 1000, 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** The resume first, then the other documents: each to preview in the page (PDF) or download. */
export function SeekerFilesCard({ seeker }: { seeker: SeekerDetail }) {
  const { t, i18n } = useTranslation('seekers');
  const snackbar = useSnackbar();
  const actions = useFileActions(seeker.id, fetchSeekerFile, (error) => {
    // A 401 has already been announced by the API client (session expired, back to sign-in).
    if (!isApiError(error) || error.status !== 401) snackbar.error(isApiError(error) ? translateError(error) : t('files.downloadError'));
  });
  const files = [...(seeker.resume ? [seeker.resume] : []), ...seeker.documents.filter((d) => d.id !== seeker.resume?.id)];

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
                <FileButtons
                  file={file}
                  actions={actions}
                  labels={{
                    preview: t('files.preview'),
                    previewNamed: t('files.previewNamed', { name: file.name }),
                    download: t('files.download'),
                    downloadNamed: t('files.downloadNamed', { name: file.name }),
                  }}
                />
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {actions.dialog}
    </SectionCard>
  );
}
