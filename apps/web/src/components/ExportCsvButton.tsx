import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { Endpoint, QueryOf } from '@hireline/contract/endpoint';
import type { RequestInput } from '../lib/api-client';
import { downloadCsv } from '../lib/api-files';
import { translateError } from '../lib/messages';
import { useSnackbar } from '../lib/snackbar';

/** `2.4 MB`, `850 kB`: how much of the export has arrived, in the reader's number format. */
function size(bytes: number, lang: string): string {
  const [value, unit] = bytes >= 1e6 ? [bytes / 1e6, 'megabyte'] : [bytes / 1e3, 'kilobyte'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/**
 * A list's "Export CSV": the same request as the list with `Accept: text/csv`, saved as a file named after the list
 * and the day (the server's Content-Disposition name wins when it sends one). The export is the whole list, which for
 * a large one takes a while to arrive: the button says how much has come so far and offers to cancel.
 */
export function ExportCsvButton<E extends Endpoint>(props: { endpoint: E; query: QueryOf<E>; name: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [received, setReceived] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setReceived(0);
    setBusy(true);
    try {
      const input = { query: props.query, signal: controller.signal } as unknown as RequestInput<E>;
      await downloadCsv(props.endpoint, input, `${props.name}-${new Date().toISOString().slice(0, 10)}.csv`, setReceived);
    } catch (error) {
      // Cancelled by the person who asked for it: nothing went wrong.
      if (!controller.signal.aborted) snackbar.error(error instanceof Error ? translateError(error) : t('exportCsv.error'));
    } finally {
      abort.current = null;
      setBusy(false);
    }
  };
  if (!busy) {
    return (
      <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void run()}>
        {t('exportCsv.label')}
      </Button>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" role="status" aria-live="polite">
        {received ? t('exportCsv.progress', { size: size(received, i18n.language) }) : t('exportCsv.preparing')}
      </Typography>
      <Button variant="text" onClick={() => abort.current?.abort()}>
        {t('exportCsv.cancel')}
      </Button>
    </Stack>
  );
}
