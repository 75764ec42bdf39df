import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@hireline/contract/credits';
import { ListTable, type ListColumn } from '../../components/list/ListTable';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime, formatMoney, formatNumber, formatSigned } from './credit-format';

type Column = 'date' | 'amount' | 'balance' | 'action' | 'reference' | 'reason' | 'actor';

function Reference({ entry, slugs, onReceipt }: { entry: LedgerEntry; slugs: { account: string; site: string }; onReceipt: (id: string) => void }) {
  const { t, i18n } = useTranslation('credits');
  const ref = entry.reference;
  if (!ref) return <Typography color="text.secondary">—</Typography>;
  if (ref.type === 'job')
    return ref.label === null ? (
      <Typography color="text.secondary">{t('ledger.deletedJob')}</Typography>
    ) : (
      <RouterLink to="/$account/$site/jobs/$id" params={{ ...slugs, id: ref.id }}>
        {ref.label}
      </RouterLink>
    );
  const bought = ref.purchase;
  return (
    <Button
      size="small"
      variant="text"
      startIcon={<ReceiptLongOutlined />}
      onClick={() => onReceipt(ref.id)}
      aria-label={
        bought
          ? t('ledger.receiptOf', {
              count: bought.quantity,
              formatted: formatNumber(bought.quantity, i18n.language),
              total: formatMoney(bought.total_cents, bought.currency, i18n.language),
            })
          : undefined
      }
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('ledger.receipt')}
    </Button>
  );
}

/**
 * Why credits moved, in the reader's language. The API's `reason` is English for the movements it makes itself
 * (purchases, posts, refunds), so those are phrased here from their facts; what staff typed for a grant or a
 * revocation is shown as they wrote it.
 */
function useReason() {
  const { t, i18n } = useTranslation('credits');
  return (entry: LedgerEntry): string => {
    const bought = entry.reference?.purchase;
    switch (entry.action) {
      case 'purchase':
        if (!bought) return entry.reason ?? '';
        return bought.purpose === 'job_post'
          ? t('ledger.why.paidForPost')
          : t('ledger.why.bought', { count: bought.quantity, formatted: formatNumber(bought.quantity, i18n.language) });
      case 'post':
        return t('ledger.why.post');
      case 'refund':
        return t('ledger.why.refund');
      default:
        return entry.reason ?? '';
    }
  };
}

/**
 * The ledger page: newest first; credits in green with "+", debits in red with "−", the balance after each. A table
 * on wide screens and cards on a phone (ListTable), so the balance is never off to the side.
 */
export function LedgerTable(props: {
  rows: LedgerEntry[] | undefined;
  busy: boolean;
  slugs: { account: string; site: string };
  onReceipt: (purchaseId: string) => void;
}) {
  const { t, i18n } = useTranslation('credits');
  const lng = i18n.language;
  const reasonOf = useReason();
  const header = (c: Column) => t(`ledger.columns.${c}`);
  const columns: ListColumn<LedgerEntry>[] = [
    { id: 'date', header: header('date'), rowHeader: true, sx: { whiteSpace: 'nowrap' }, cell: (e) => formatDateTime(e.created_at, lng) },
    {
      id: 'amount',
      header: header('amount'),
      align: 'right',
      cell: (e) => (
        <Box
          component="span"
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: e.credit_amount > 0 ? 'success.main' : e.credit_amount < 0 ? 'error.main' : undefined }}
        >
          {formatSigned(e.credit_amount, lng)}
        </Box>
      ),
    },
    { id: 'balance', header: header('balance'), align: 'right', cell: (e) => formatNumber(e.balance, lng) },
    { id: 'action', header: header('action'), sx: { whiteSpace: 'nowrap' }, cell: (e) => t(`creditAction.${e.action}`) },
    { id: 'reference', header: header('reference'), cell: (e) => <Reference entry={e} slugs={props.slugs} onReceipt={props.onReceipt} /> },
    { id: 'reason', header: header('reason'), sx: { minWidth: 160, overflowWrap: 'anywhere' }, cell: reasonOf },
    { id: 'actor', header: header('actor'), cell: (e) => e.actor?.name ?? t('ledger.system') },
  ];
  return (
    <Box aria-busy={props.busy}>
      <ListTable label={t('ledger.title')} minWidth={0} columns={columns} rows={props.rows} placeholders={5} size="small" />
    </Box>
  );
}
