import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@hireline/contract/endpoint';
import type { DiscountTier, listDiscountTiers } from '@hireline/contract/credits';
import { ErrorState } from '../../components/ErrorState';
import { currencyName, formatMoney, formatNumber, formatPercent, tierPrices } from './credit-format';

type Tiers = ResponseOf<typeof listDiscountTiers>;
type Unit = 'credits' | 'money';

/** "1–9", "10+" or "25" credits, in the reader's digits. */
export function useQuantityRange() {
  const { t, i18n } = useTranslation('credits');
  return (tier: Pick<DiscountTier, 'min_quantity' | 'max_quantity'>) => {
    const min = formatNumber(tier.min_quantity, i18n.language);
    if (tier.max_quantity === null) return t('tiers.rangeOpen', { min });
    if (tier.max_quantity === tier.min_quantity) return t('tiers.rangeOne', { min });
    return t('tiers.range', { min, max: formatNumber(tier.max_quantity, i18n.language) });
  };
}

/**
 * The site's discount tiers, shown in credits (quantity and discount) or in money (price per credit after the
 * discount, and what the tier's smallest quantity costs). The tier of the current quantity is highlighted.
 */
export function DiscountTiersCard(props: {
  tiers: Tiers | undefined;
  error?: unknown;
  onRetry?: () => void;
  currentTierId?: string | null;
}) {
  const { t, i18n } = useTranslation('credits');
  const lng = i18n.language;
  const headingId = useId();
  const [unit, setUnit] = useState<Unit>('credits');
  const range = useQuantityRange();
  const data = props.tiers;
  const tiers = [...(data?.data ?? [])].sort((a, b) => a.min_quantity - b.min_quantity);
  const money = (cents: number) => formatMoney(Math.round(cents), data?.currency ?? 'USD', lng);
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <Box sx={{ p: 3, pb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: '1 1 200px' }}>
          <Typography id={headingId} variant="h6" component="h2">
            {t('tiers.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tiers.hint')}
          </Typography>
        </Box>
        {data && data.data.length > 0 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={unit}
            onChange={(_, next: Unit | null) => next && setUnit(next)}
            aria-label={t('tiers.showIn')}
          >
            <ToggleButton value="credits">{t('tiers.inCredits')}</ToggleButton>
            <ToggleButton value="money">{t('tiers.inMoney', { currency: currencyName(data.currency, lng) })}</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      {props.error && !data ? (
        <Box sx={{ px: 3, pb: 3 }}>
          <ErrorState title={t('tiers.loadError')} error={props.error} onRetry={props.onRetry} />
        </Box>
      ) : !data ? (
        <Box sx={{ px: 3, pb: 3 }} aria-busy="true" aria-label={t('tiers.loading')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Box>
      ) : tiers.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 3, pb: 3 }}>
          {t('tiers.none', { price: money(data.price_per_credit_cents) })}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tiers.columns.quantity')}</TableCell>
                {unit === 'credits' ? (
                  <TableCell align="right">{t('tiers.columns.discount')}</TableCell>
                ) : (
                  <>
                    <TableCell align="right">{t('tiers.columns.perCredit')}</TableCell>
                    <TableCell align="right">{t('tiers.columns.example')}</TableCell>
                  </>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {tiers.map((tier) => {
                const current = tier.id === props.currentTierId;
                const prices = tierPrices(tier, data.price_per_credit_cents);
                return (
                  <TableRow key={tier.id} selected={current} aria-current={current ? 'true' : undefined}>
                    <TableCell component="th" scope="row">
                      {t('tiers.credits', { range: range(tier) })}
                      {current && <Chip size="small" color="primary" label={t('tiers.current')} sx={{ marginInlineStart: 1 }} />}
                    </TableCell>
                    {unit === 'credits' ? (
                      <TableCell align="right">{t('tiers.off', { percent: formatPercent(tier.discount_percent, lng) })}</TableCell>
                    ) : (
                      <>
                        <TableCell align="right">{money(prices.perCreditCents)}</TableCell>
                        <TableCell align="right">
                          {t('tiers.exampleTotal', {
                            count: tier.min_quantity,
                            quantity: formatNumber(tier.min_quantity, lng),
                            total: money(prices.minimumTotalCents),
                          })}
                        </TableCell>
                      </>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary" sx={{ px: 3, py: 2 }}>
            {t('tiers.base', { price: money(data.price_per_credit_cents) })}
          </Typography>
        </Box>
      )}
    </Card>
  );
}
