import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Print from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { getPurchase } from '@hireline/contract/credits';
import { ErrorState } from '../../components/ErrorState';
import { useApiQuery } from '../../lib/api-query';
import { PRINT_AREA, ReceiptDetails, ReceiptPrintStyles } from './ReceiptDetails';

/** A purchase's receipt (from the ledger), printable on its own. */
export function ReceiptDialog({ purchaseId, open, onClose }: { purchaseId: string | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('credits');
  const titleId = useId();
  const query = useApiQuery(getPurchase, { params: { uuid: purchaseId ?? '' } }, { enabled: Boolean(purchaseId), staleTime: 30_000 });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth slotProps={{ paper: { className: PRINT_AREA } }}>
      {open && <ReceiptPrintStyles />}
      <DialogTitle id={titleId}>{t('receipt.title')}</DialogTitle>
      <DialogContent>
        {query.data ? (
          <ReceiptDetails purchase={query.data} />
        ) : query.isError ? (
          <ErrorState title={t('receipt.loadError')} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Box aria-busy="true" aria-label={t('receipt.loading')}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ displayPrint: 'none' }}>
        <Button onClick={onClose}>{t('actions.close')}</Button>
        <Button variant="contained" startIcon={<Print />} onClick={() => window.print()} disabled={!query.data}>
          {t('actions.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
