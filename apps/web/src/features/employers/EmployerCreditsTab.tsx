import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import { useTranslation } from 'react-i18next';
import type { EmployerDetail } from '@hireline/contract/employers';
import { ButtonLink } from '../../components/RouterLink';
import { SectionCard } from '../../components/SectionCard';
import { useCan } from '../../lib/ability';
import { formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session';

/**
 * The employer's credit balance and what credits are for. The ledger lives on the credit system page, which shows
 * the selected employer (X-AF-EMPID): linked only when that is this employer, otherwise it would show another one.
 */
export function EmployerCreditsTab({ employer, slugs }: { employer: EmployerDetail; slugs: { account: string; site: string } }) {
  const { t, i18n } = useTranslation('employers');
  const { scope } = useSession();
  const canViewCredits = useCan('view', 'credits');
  const selected = scope.employerId === employer.id;
  return (
    <SectionCard title={t('credits.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <AccountBalanceWalletOutlined color="primary" aria-hidden />
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {t('credits.balance', { count: employer.credit_balance, formatted: formatNumber(employer.credit_balance, i18n.language) })}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {t('credits.explain')}
      </Typography>
      {canViewCredits &&
        (selected ? (
          <ButtonLink to="/$account/$site/credit-system" params={slugs} variant="outlined">
            {t('credits.openLedger')}
          </ButtonLink>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('credits.ledgerElsewhere')}
          </Typography>
        ))}
    </SectionCard>
  );
}
