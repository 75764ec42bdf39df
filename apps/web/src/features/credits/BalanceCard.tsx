import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import { useTranslation } from 'react-i18next';
import type { CreditBalance } from '@hireline/contract/credits';
import { formatMoney, formatNumber } from './credit-format';
import { EmployerPicker, useCanChooseEmployer } from './EmployerPicker';

/** The employer's balance and the site's price per credit, with the actions the user may take on them. */
export function BalanceCard({ balance, actions }: { balance: CreditBalance | undefined; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('credits');
  const canChoose = useCanChooseEmployer();
  return (
    <Card component="section" aria-labelledby="credit-balance-title" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <AccountBalanceWalletOutlined color="primary" aria-hidden />
          <Typography id="credit-balance-title" variant="h6" component="h2">
            {t('balance.title')}
          </Typography>
        </Box>
        {balance ? (
          <>
            <div>
              <Typography color="text.secondary">{t('balance.employer', { name: balance.employer.name })}</Typography>
              <Typography variant="h3" component="p" sx={{ fontWeight: 700, lineHeight: 1.2, mt: 0.5 }}>
                {t('balance.credits', { count: balance.balance, formatted: formatNumber(balance.balance, i18n.language) })}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {t('balance.pricePerCredit', { price: formatMoney(balance.price_per_credit_cents, balance.currency, i18n.language) })}
              </Typography>
            </div>
            {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
            {canChoose && (
              <Box sx={{ pt: 1, borderTop: 1, borderColor: 'divider' }}>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, mt: 1 }}>
                  {t('employer.change')}
                </Typography>
                <EmployerPicker current={balance.employer} size="small" />
              </Box>
            )}
          </>
        ) : (
          <Box aria-busy="true" aria-label={t('balance.loading')}>
            <Skeleton width="60%" />
            <Skeleton variant="text" height={56} width="40%" />
            <Skeleton width="50%" />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
