import { useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { QueryOf } from '@hireline/contract/endpoint';
import { listSeekers } from '@hireline/contract/seekers';
import { downloadCsv } from '../../lib/api-client';
import { translateMessage } from '../../lib/messages';
import { useSnackbar } from '../../lib/snackbar';

/**
 * The filtered list as CSV: the same request as the list with `Accept: text/csv`, saved as a file. The jobs list's
 * ExportCsvButton is bound to listJobs; this is the same button for listSeekers.
 */
export function SeekersExportButton({ query }: { query: QueryOf<typeof listSeekers> }) {
  const { t } = useTranslation('seekers');
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(listSeekers, { query }, `seekers-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      snackbar.error(error instanceof Error ? translateMessage(error.message) : t('list.exportError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} loading={busy} onClick={() => void run()}>
      {t('list.export')}
    </Button>
  );
}
