import { useState } from 'react';
import Button from '@mui/material/Button';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../lib/snackbar';

/** Copies `text` to the clipboard and says so; where the clipboard is refused, says to copy it by hand. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation('settings');
  const notify = useSnackbar();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      notify.success(t('copy.done'));
    } catch {
      notify.warning(t('copy.failed'));
    }
  };
  return (
    <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()} aria-label={copied ? undefined : label}>
      {copied ? t('copy.copied') : t('copy.label')}
    </Button>
  );
}
