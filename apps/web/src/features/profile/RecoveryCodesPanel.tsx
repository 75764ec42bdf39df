import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../lib/snackbar';

/** Recovery codes, shown once after they are made: to copy or download, each usable once instead of a code. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const notify = useSnackbar();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('mfa.codes.copied'));
    } catch {
      notify.warning(t('mfa.codes.copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('mfa.codes.once')}</Alert>
      <Box
        component="ul"
        aria-label={t('mfa.codes.label')}
        sx={{ m: 0, p: 2, listStyle: 'none', fontFamily: 'monospace', fontSize: '1rem', columns: 2, bgcolor: 'action.hover', borderRadius: 1 }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          {t('mfa.codes.copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={download}>
          {t('mfa.codes.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('mfa.codes.done')}
        </Button>
      </Stack>
    </Stack>
  );
}
