import { useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { Endpoint, QueryOf } from '@hireline/contract/endpoint';
import { downloadCsv, type RequestInput } from '../lib/api-client';
import { translateError } from '../lib/messages';
import { useSnackbar } from '../lib/snackbar';

/**
 * A list's "Export CSV": the same request as the list with `Accept: text/csv`, saved as a file named after the list
 * and the day (the server's Content-Disposition name wins when it sends one).
 */
export function ExportCsvButton<E extends Endpoint>(props: { endpoint: E; query: QueryOf<E>; name: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const input = { query: props.query } as RequestInput<E>;
      await downloadCsv(props.endpoint, input, `${props.name}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      snackbar.error(error instanceof Error ? translateError(error) : t('exportCsv.error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={busy} onClick={() => void run()}>
      {t('exportCsv.label')}
    </Button>
  );
}
