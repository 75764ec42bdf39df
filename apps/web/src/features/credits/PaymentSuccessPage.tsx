import type { ReactNode } from 'react';
import { useParams, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Print from '@mui/icons-material/Print';
import Refresh from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { Purchase } from '@hireline/contract/credits';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink, RouterLink } from '../../components/RouterLink';
import { formatNumber } from './credit-format';
import { ChooseEmployer } from './EmployerPicker';
import { PathButton } from './PathButton';
import { PRINT_AREA, ReceiptDetails, ReceiptPrintStyles } from './ReceiptDetails';
import { useConfirmPurchase } from './use-confirm-purchase';

const FROM = '/$account/$site/credit-system/payment-success';

function Waiting({ text }: { text: string }) {
  return (
    <Card>
      <CardContent role="status" sx={{ py: 6, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography>{text}</Typography>
      </CardContent>
    </Card>
  );
}

/** What the payment did, for a paid purchase: credits added, or a job posted (or not). */
function PaidOutcome({ purchase, slugs }: { purchase: Purchase; slugs: { account: string; site: string } }) {
  const { t, i18n } = useTranslation('credits');
  const lng = i18n.language;
  const balance = t('success.balance', { count: purchase.balance, formatted: formatNumber(purchase.balance, lng) });
  if (!purchase.job)
    return (
      <Alert severity="success" role="status">
        {t('success.credited', { count: purchase.quantity, formatted: formatNumber(purchase.quantity, lng), employer: purchase.employer.name })}{' '}
        {balance}
      </Alert>
    );
  const jobLink = (
    <RouterLink to="/$account/$site/jobs/$id" params={{ ...slugs, id: purchase.job.id }} color="inherit" sx={{ fontWeight: 600 }}>
      {t('success.viewJob', { title: purchase.job.title })}
    </RouterLink>
  );
  return purchase.job.posted ? (
    <Alert severity="success" role="status">
      {t('success.jobPosted')} {jobLink}
    </Alert>
  ) : (
    <Alert severity="warning" role="status">
      {t('success.jobNotPosted', { employer: purchase.employer.name })} {balance} {jobLink}
    </Alert>
  );
}

/**
 * Where the payment provider sends the buyer back (paid or cancelled): confirms the purchase once, then says what
 * happened — credits added and the receipt, a job posted, a cancelled or failed payment, or still waiting for the
 * provider — with a way on: back to where the purchase started (`return_to`), or to try again.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation('credits');
  const search = useSearch({ from: FROM });
  const slugs = useParams({ from: FROM });
  const left = search.cancelled === '1';
  const { purchase, error, noEmployer, busy, gaveUp, recheck } = useConfirmPurchase(search.purchase, left);
  // Left at the checkout and not (yet) closed by the provider: for the buyer it is cancelled, nothing was taken.
  const status = purchase?.status === 'pending' && left ? 'cancelled' : purchase?.status;

  const tryAgain = (p: Purchase) =>
    p.job ? (
      search.return_to ? (
        <PathButton href={search.return_to} variant="contained">
          {t('success.tryAgain')}
        </PathButton>
      ) : (
        <ButtonLink to="/$account/$site/jobs/$id" params={{ ...slugs, id: p.job.id }} variant="contained">
          {t('success.tryAgain')}
        </ButtonLink>
      )
    ) : (
      <ButtonLink
        to="/$account/$site/credit-system/create"
        params={slugs}
        search={{ quantity: p.quantity, return_to: search.return_to }}
        variant="contained"
      >
        {t('success.tryAgain')}
      </ButtonLink>
    );
  const toCredits = (
    <ButtonLink to="/$account/$site/credit-system" params={slugs} variant={search.return_to ? 'outlined' : 'contained'}>
      {t('success.toCredits')}
    </ButtonLink>
  );
  const continueButton = search.return_to && (
    <PathButton href={search.return_to} variant="contained">
      {t('success.continue')}
    </PathButton>
  );

  let title: string;
  let body: ReactNode;
  if (!search.purchase) {
    title = t('success.titles.missing');
    body = <ErrorState title={t('success.missing')} />;
  } else if (noEmployer) {
    title = t('success.titles.checking');
    body = <ChooseEmployer title={t('employer.chooseToConfirm')} />;
  } else if (!purchase && error) {
    title = t('success.titles.checking');
    body = <ErrorState title={t('success.loadError')} error={error} onRetry={recheck} />;
  } else if (!purchase) {
    title = t('success.titles.checking');
    body = <Waiting text={t('success.checking')} />;
  } else if (status === 'pending') {
    title = t('success.titles.pending');
    body = gaveUp ? (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" startIcon={<Refresh />} onClick={recheck} loading={busy}>
            {t('success.refresh')}
          </Button>
        }
      >
        {t('success.stillPending')}
      </Alert>
    ) : (
      <Waiting text={t('success.pending')} />
    );
  } else if (status !== 'paid') {
    title = t(status === 'cancelled' ? 'success.titles.cancelled' : 'success.titles.failed');
    body = (
      <Stack spacing={3}>
        <Alert severity={status === 'cancelled' ? 'info' : 'error'} role="status">
          {t(status === 'cancelled' ? 'success.cancelled' : 'success.failed')}
        </Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {tryAgain(purchase)}
          {toCredits}
        </Box>
      </Stack>
    );
  } else {
    title = t('success.titles.paid');
    body = (
      <Stack spacing={3}>
        <PaidOutcome purchase={purchase} slugs={slugs} />
        <Card component="section" aria-labelledby="payment-receipt-title" className={PRINT_AREA}>
          <ReceiptPrintStyles />
          <CardContent sx={{ p: 3, display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Typography id="payment-receipt-title" variant="h6" component="h2" sx={{ flex: 1 }}>
                {t('receipt.title')}
              </Typography>
              <Button startIcon={<Print />} onClick={() => window.print()} sx={{ displayPrint: 'none' }}>
                {t('actions.print')}
              </Button>
            </Box>
            <ReceiptDetails purchase={purchase} />
          </CardContent>
        </Card>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {continueButton}
          {toCredits}
        </Box>
      </Stack>
    );
  }

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title={title} />
      {body}
    </Box>
  );
}
