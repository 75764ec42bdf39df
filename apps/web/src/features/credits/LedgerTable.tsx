import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@hireline/contract/credits';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime, formatMoney, formatNumber, formatSigned } from './credit-format';

const COLUMNS = ['date', 'amount', 'balance', 'action', 'reference', 'reason', 'actor'] as const;

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

/** The ledger page: newest first; credits in green with "+", debits in red with "−", the balance after each. */
export function LedgerTable(props: {
  rows: LedgerEntry[] | undefined;
  busy: boolean;
  slugs: { account: string; site: string };
  onReceipt: (purchaseId: string) => void;
}) {
  const { t, i18n } = useTranslation('credits');
  const lng = i18n.language;
  const reasonOf = useReason();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('ledger.title')} aria-busy={props.busy}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} align={c === 'amount' || c === 'balance' ? 'right' : undefined} sx={{ whiteSpace: 'nowrap' }}>
                {t(`ledger.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {!props.rows &&
            Array.from({ length: 5 }, (_, i) => (
              <TableRow key={i}>
                {COLUMNS.map((c) => (
                  <TableCell key={c}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {props.rows?.map((entry) => (
            <TableRow key={entry.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at, lng)}</TableCell>
              <TableCell
                align="right"
                sx={{
                  fontWeight: 600,
                  whiteSpace: 'nowrap',
                  color: entry.credit_amount > 0 ? 'success.main' : entry.credit_amount < 0 ? 'error.main' : undefined,
                }}
              >
                {formatSigned(entry.credit_amount, lng)}
              </TableCell>
              <TableCell align="right">{formatNumber(entry.balance, lng)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`creditAction.${entry.action}`)}</TableCell>
              <TableCell>
                <Reference entry={entry} slugs={props.slugs} onReceipt={props.onReceipt} />
              </TableCell>
              <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>{reasonOf(entry)}</TableCell>
              <TableCell>{entry.actor?.name ?? t('ledger.system')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
