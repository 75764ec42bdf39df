import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Purchase } from '@hireline/contract/credits';
import type { PurchaseStatus } from '@hireline/contract/enums';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from './credit-format';
import { useQuantityRange } from './DiscountTiersCard';

export const STATUS_COLOR: Record<PurchaseStatus, NonNullable<ChipProps['color']>> = {
  pending: 'warning',
  paid: 'success',
  cancelled: 'default',
  failed: 'error',
};

export const PRINT_AREA = 'credits-print-area';

/**
 * Printing shows only the receipt: everything else on the page (navigation, app bar, the page around a dialog) is
 * hidden, and the receipt prints as dark text on white whatever the theme. What neither holds the receipt nor is in it
 * is taken out of the layout too: merely invisible, a long ledger behind the dialog printed as blank pages.
 */
export function ReceiptPrintStyles() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        '@media print': {
          'body *': { visibility: 'hidden' },
          [`body *:not(:has(.${PRINT_AREA})):not(.${PRINT_AREA}):not(.${PRINT_AREA} *)`]: { display: 'none' },
          [`.${PRINT_AREA}, .${PRINT_AREA} *`]: { visibility: 'visible' },
          [`.${PRINT_AREA}`]: {
            position: 'absolute',
            insetInlineStart: 0,
            top: 0,
            width: '100%',
            maxWidth: 'none',
            maxHeight: 'none',
            margin: 0,
            overflow: 'visible',
            boxShadow: 'none',
            color: theme.palette.common.black,
            backgroundColor: theme.palette.common.white,
          },
          '.MuiBackdrop-root': { display: 'none' },
        },
      })}
    />
  );
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" sx={{ fontWeight: strong ? 600 : undefined }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, textAlign: 'end', fontWeight: strong ? 700 : undefined }}>
        {children}
      </Typography>
    </>
  );
}

const list = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 3, rowGap: 1, m: 0 } as const;

/** A purchase as a receipt: what was bought at which price, its status and who bought it for whom. */
export function ReceiptDetails({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation('credits');
  const lng = i18n.language;
  const range = useQuantityRange();
  const money = (cents: number) => formatMoney(cents, purchase.currency, lng);
  // A receipt keeps the discount applied; the tier it came from may have changed since (then only the percentage).
  const percent = formatPercent(purchase.discount_percent, lng);
  const tier = purchase.tier
    ? t('receipt.tierValue', { range: range(purchase.tier), percent })
    : purchase.discount_percent > 0
      ? t('receipt.discountOnly', { percent })
      : t('receipt.noTier');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('receipt.number', { id: purchase.id })}
        </Typography>
        <Chip size="small" color={STATUS_COLOR[purchase.status]} label={t(`status.${purchase.status}`)} />
      </Box>
      <Box component="dl" sx={list}>
        {purchase.job && <Row label={t('receipt.job')}>{purchase.job.title}</Row>}
        <Row label={t('receipt.quantity')}>{t('receipt.credits', { count: purchase.quantity, formatted: formatNumber(purchase.quantity, lng) })}</Row>
        <Row label={t('receipt.unitPrice')}>{money(purchase.unit_price_cents)}</Row>
        <Row label={t('receipt.tier')}>{tier}</Row>
        <Row label={t('receipt.subtotal')}>{money(purchase.subtotal_cents)}</Row>
        <Row label={t('receipt.discount')}>{money(-purchase.discount_cents)}</Row>
      </Box>
      <Divider />
      <Box component="dl" sx={list}>
        <Row label={t('receipt.total')} strong>
          {money(purchase.total_cents)}
        </Row>
      </Box>
      <Divider />
      <Box component="dl" sx={list}>
        <Row label={t('receipt.status')}>{t(`status.${purchase.status}`)}</Row>
        <Row label={t('receipt.created')}>{formatDateTime(purchase.created_at, lng)}</Row>
        <Row label={t('receipt.paidAt')}>{purchase.paid_at ? formatDateTime(purchase.paid_at, lng) : t('receipt.notPaid')}</Row>
        <Row label={t('receipt.provider')}>{t(`provider.${purchase.provider}`)}</Row>
        <Row label={t('receipt.buyer')}>{purchase.buyer?.name ?? t('receipt.unknownBuyer')}</Row>
        <Row label={t('receipt.employer')}>{purchase.employer.name}</Row>
        <Row label={t('receipt.site')}>{purchase.site.name}</Row>
      </Box>
    </Box>
  );
}
