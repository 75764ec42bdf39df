import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PurchasePreview } from '@hireline/contract/credits';
import { formatMoney, formatPercent } from './credit-format';
import { useQuantityRange } from './DiscountTiersCard';

function Line({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <>
      <Typography component="dt" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 600 : undefined }}>
        {label}
      </Typography>
      <Typography component="dd" variant={strong ? 'h6' : 'body1'} sx={{ m: 0, textAlign: 'end', fontWeight: strong ? 700 : undefined }}>
        {children}
      </Typography>
    </>
  );
}

const grid = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 3, rowGap: 1, m: 0, alignItems: 'baseline' } as const;

/**
 * What the chosen quantity costs, as the API priced it: the tier it falls in, unit price, discount, subtotal, total
 * and savings. While a new price loads the previous one stays, dimmed, so nothing jumps.
 */
export function PurchaseSummary({ preview, stale }: { preview: PurchasePreview | undefined; stale: boolean }) {
  const { t, i18n } = useTranslation('credits');
  const lng = i18n.language;
  const range = useQuantityRange();
  if (!preview)
    return (
      <Box aria-busy="true" aria-label={t('buy.loadingPrice')}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Box>
    );
  const money = (cents: number) => formatMoney(cents, preview.currency, lng);
  return (
    <Box aria-busy={stale} sx={{ display: 'grid', gap: 1.5, opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <Box component="dl" sx={grid}>
        <Line label={t('buy.tier')}>
          {preview.tier ? t('buy.tierValue', { range: range(preview.tier) }) : t('buy.noTier')}
        </Line>
        <Line label={t('receipt.unitPrice')}>{money(preview.unit_price_cents)}</Line>
        <Line label={t('receipt.subtotal')}>{money(preview.subtotal_cents)}</Line>
        <Line label={t('buy.discountAt', { percent: formatPercent(preview.discount_percent, lng) })}>{money(-preview.discount_cents)}</Line>
      </Box>
      <Divider />
      <Box component="dl" sx={grid} aria-live="polite">
        <Line label={t('receipt.total')} strong>
          {money(preview.total_cents)}
        </Line>
      </Box>
      {preview.savings_cents > 0 && (
        <Alert severity="success" variant="outlined">
          {t('buy.savings', { amount: money(preview.savings_cents), percent: formatPercent(preview.discount_percent, lng) })}
        </Alert>
      )}
    </Box>
  );
}
