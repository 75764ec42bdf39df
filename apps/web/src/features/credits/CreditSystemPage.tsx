import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Tune from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import { getBalance, listDiscountTiers } from '@hireline/contract/credits';
import { getDashboard } from '@hireline/contract/dashboard';
import { getEmployer, listEmployers } from '@hireline/contract/employers';
import { getJob, listJobs } from '@hireline/contract/jobs';
import { ErrorState } from '../../components/ErrorState';
import { NotWhileImpersonating } from '../../components/NotWhileImpersonating';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLink';
import { useCan } from '../../lib/ability';
import { refreshBeforeShowing, useApiQuery } from '../../lib/api-query';
import { useImpersonating } from '../../lib/current-user';
import { session, useSession } from '../../lib/session';
import { AdjustCreditsDialog } from './AdjustCreditsDialog';
import { BalanceCard } from './BalanceCard';
import { isEmployerMissing } from './credit-errors';
import type { CreditSystemSearch } from './credits.search';
import { DiscountTiersCard } from './DiscountTiersCard';
import { ChooseEmployer, useCanChooseEmployer } from './EmployerPicker';
import { LedgerCard } from './LedgerCard';
import { ReceiptDialog } from './ReceiptDialog';

const FROM = '/$account/$site/credit-system';

/**
 * The employer's credits (spec §7): balance and price per credit, the ledger (paged, filtered by action), the
 * site's discount tiers, receipts of purchases, and for staff a grant or revocation with a reason.
 */
export function CreditSystemPage() {
  const { t } = useTranslation('credits');
  const search = useSearch({ from: FROM });
  const navigate = useNavigate({ from: FROM });
  const slugs = useParams({ from: FROM });
  const canPurchase = useCan('purchase', 'credits');
  const canAdjust = useCan('create', 'credits');
  // Buying is refused while acting as someone else (the API's notWhileImpersonating): shown, unavailable, with why.
  const impersonating = useImpersonating();
  // Every credit endpoint acts for one employer: with none selected (staff who have not chosen) each could only
  // answer 422, so none is asked and the page asks for an employer.
  const { employerId } = useSession().scope;
  const chosen = employerId !== null;
  // Opened for an employer (a job without enough credits to post): staff who choose employers get it selected.
  const canChoose = useCanChooseEmployer();
  useEffect(() => {
    const { scope } = session.get();
    if (search.employer && canChoose && scope.employerId !== search.employer) session.setScope({ ...scope, employerId: search.employer });
  }, [search.employer, canChoose]);
  const selecting = Boolean(search.employer && canChoose && employerId !== search.employer);
  const balance = useApiQuery(getBalance, {}, { enabled: chosen });
  const tiers = useApiQuery(listDiscountTiers, {}, { staleTime: 60_000, enabled: chosen });
  // Kept while the dialogs fade out, so their content does not blank; `open` says whether they show.
  const [receipt, setReceipt] = useState<{ id: string; open: boolean } | null>(null);
  const [adjusting, setAdjusting] = useState(search.grant === '1');
  const queryClient = useQueryClient();
  // The grant form opened from a link is for the link's employer only, never the one selected before.
  const adjustable = balance.data && (!search.grant || !search.employer || balance.data.employer.id === search.employer);
  const closeAdjust = () => {
    setAdjusting(false);
    if (search.grant) onSearch({ grant: undefined }, true);
  };
  /** Granted from a job that could not be posted: back to it, its balance already current there. */
  const onAdjusted = async () => {
    if (!search.return_to) return;
    await refreshBeforeShowing(queryClient, [getJob, listJobs, getEmployer, listEmployers, getDashboard]);
    await navigate({ href: search.return_to });
  };

  const onSearch = (patch: Partial<CreditSystemSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });

  const noEmployer = (!chosen && !selecting) || isEmployerMissing(balance.error);
  const actions = (
    <>
      {canPurchase && !impersonating && (
        <ButtonLink to="/$account/$site/credit-system/create" params={slugs} variant="contained" startIcon={<ShoppingCart />}>
          {t('actions.buy')}
        </ButtonLink>
      )}
      {canPurchase && impersonating && (
        <Button variant="contained" startIcon={<ShoppingCart />} disabled>
          {t('actions.buy')}
        </Button>
      )}
      {canAdjust && (
        <Button variant="outlined" startIcon={<Tune />} onClick={() => setAdjusting(true)}>
          {t('actions.adjust')}
        </Button>
      )}
      {canPurchase && impersonating && <NotWhileImpersonating sx={{ flexBasis: '100%' }} />}
    </>
  );

  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {noEmployer ? (
        <ChooseEmployer />
      ) : balance.isError && !balance.data ? (
        <ErrorState title={t('balance.loadError')} error={balance.error} onRetry={() => void balance.refetch()} />
      ) : (
        <Stack spacing={3}>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 5, lg: 4 }}>
              <BalanceCard balance={balance.data} actions={(canPurchase || canAdjust) && actions} />
            </Grid>
            <Grid size={{ xs: 12, md: 7, lg: 8 }}>
              <DiscountTiersCard tiers={tiers.data} error={tiers.error} onRetry={() => void tiers.refetch()} />
            </Grid>
          </Grid>
          <LedgerCard search={search} onSearch={onSearch} slugs={slugs} onReceipt={(id) => setReceipt({ id, open: true })} />
        </Stack>
      )}
      <ReceiptDialog
        purchaseId={receipt?.id ?? null}
        open={receipt?.open ?? false}
        onClose={() => setReceipt((r) => r && { ...r, open: false })}
      />
      {canAdjust && adjustable && (
        <AdjustCreditsDialog open={adjusting} balance={balance.data} onClose={closeAdjust} onAdjusted={() => void onAdjusted()} />
      )}
    </>
  );
}
