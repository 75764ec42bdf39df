import { useEffect, useState, type FormEvent } from 'react';
import { useParams, useSearch } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Lock from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import { createPurchase, getBalance, listDiscountTiers, MAX_PURCHASE_QUANTITY, previewPurchase } from '@hireline/contract/credits';
import { messages } from '@hireline/contract/messages';
import { ErrorState } from '../../components/ErrorState';
import { NotWhileImpersonating } from '../../components/NotWhileImpersonating';
import { PageHeader } from '../../components/PageHeader';
import { isApiError } from '../../lib/api-client';
import { useApiMutation, useApiQuery } from '../../lib/api-query';
import { useAttemptKey } from '../../lib/attempt-key';
import { fullPageRedirect, rememberCheckoutEmployer } from '../../lib/checkout';
import { useImpersonating } from '../../lib/current-user';
import { session, useSession } from '../../lib/session';
import { translateError, translateMessage } from '../../lib/messages';
import { fieldError, isEmployerMissing } from './credit-errors';
import { formatMoney, formatNumber } from './credit-format';
import { DiscountTiersCard } from './DiscountTiersCard';
import { ChooseEmployer, useCanChooseEmployer } from './EmployerPicker';
import { PathButton } from './PathButton';
import { PurchaseSummary } from './PurchaseSummary';
import { useDebounced } from './use-debounced';

const FROM = '/$account/$site/credit-system/create';

/** The typed quantity as a whole number in 1…max, or null (then `error` says why). */
function parseQuantity(text: string): number | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_PURCHASE_QUANTITY ? n : null;
}

/**
 * Buying credits: the quantity is priced live by the API (tier chosen automatically), then "Pay" records the
 * purchase and sends the buyer to the provider's checkout. One Idempotency-Key per attempt, reused when the same
 * attempt is retried after an unclear failure, so a retry never starts a second purchase. Someone acting as another
 * user sees the prices but cannot pay (the API refuses it), and is told why.
 */
export function BuyCreditsPage() {
  const { t, i18n } = useTranslation('credits');
  const lng = i18n.language;
  const search = useSearch({ from: FROM });
  const slugs = useParams({ from: FROM });
  const [text, setText] = useState(String(search.quantity ?? 1));
  const [failure, setFailure] = useState<string | null>(null);
  const quantity = parseQuantity(text);
  const asked = useDebounced(quantity, 300);
  // Opened for an employer (from the posting wizard): staff who choose employers get it selected, as the picker would.
  const canChoose = useCanChooseEmployer();
  useEffect(() => {
    const { scope } = session.get();
    if (search.employer && canChoose && scope.employerId !== search.employer) session.setScope({ ...scope, employerId: search.employer });
  }, [search.employer, canChoose]);
  // Without an employer selected every credit endpoint could only answer 422: none is asked (see CreditSystemPage).
  const { employerId } = useSession().scope;
  const chosen = employerId !== null;
  // The employer of the link is being selected (the effect above): not a reason to ask for one.
  const selecting = Boolean(search.employer && canChoose && employerId !== search.employer);
  const balance = useApiQuery(getBalance, {}, { enabled: chosen });
  const tiers = useApiQuery(listDiscountTiers, {}, { staleTime: 60_000, enabled: chosen });
  const preview = useApiQuery(previewPurchase, { query: { quantity: String(asked ?? 1) } }, { enabled: chosen && asked !== null, keepPrevious: true });
  const create = useApiMutation(createPurchase);
  const attempt = useAttemptKey();
  const impersonating = useImpersonating();
  const backTo = search.return_to ?? `/${encodeURIComponent(slugs.account)}/${encodeURIComponent(slugs.site)}/credit-system`;

  const current = preview.data && !preview.isPlaceholderData && preview.data.quantity === quantity ? preview.data : undefined;
  const quantityError =
    text.trim() === ''
      ? translateMessage(messages.required)
      : quantity === null
        ? t('errors.range', { min: 1, max: formatNumber(MAX_PURCHASE_QUANTITY, lng) })
        : (fieldError(create.error, 'quantity') ?? (asked === quantity ? fieldError(preview.error, 'quantity') : undefined));

  const onPay = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!current || create.isPending || impersonating) return;
    setFailure(null);
    const body = { quantity: current.quantity, ...(search.return_to ? { return_to: search.return_to } : {}) };
    const key = attempt.keyFor(JSON.stringify(body));
    try {
      const { purchase, checkout_url } = await create.mutateAsync({ body, headers: { 'Idempotency-Key': key } });
      attempt.settled();
      rememberCheckoutEmployer(purchase.id, purchase.employer.id);
      fullPageRedirect(checkout_url);
    } catch (error) {
      attempt.settled(error);
      if (!fieldError(error, 'quantity')) setFailure(translateError(isApiError(error) ? error : { message: messages.unknownError }));
    }
  };

  const back = (
    <PathButton href={backTo} startIcon={<ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}>
      {search.return_to ? t('actions.back') : t('buy.backToCredits')}
    </PathButton>
  );

  return (
    <>
      <PageHeader title={t('buy.title')} subtitle={t('buy.subtitle')} actions={back} />
      {(!chosen && !selecting) || isEmployerMissing(balance.error) || isEmployerMissing(preview.error) ? (
        <ChooseEmployer title={t('employer.chooseToBuy')} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card component="section" aria-labelledby="buy-credits-order">
              <CardContent component="form" noValidate onSubmit={(e) => void onPay(e)} sx={{ p: 3, display: 'grid', gap: 3 }}>
                <div>
                  <Typography id="buy-credits-order" variant="h6" component="h2">
                    {t('buy.order')}
                  </Typography>
                  {balance.data && (
                    <Typography variant="body2" color="text.secondary">
                      {t('buy.forEmployer', {
                        employer: balance.data.employer.name,
                        count: balance.data.balance,
                        formatted: formatNumber(balance.data.balance, lng),
                      })}
                    </Typography>
                  )}
                </div>
                <TextField
                  label={t('buy.quantity')}
                  required
                  type="number"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  error={Boolean(quantityError)}
                  helperText={quantityError ?? t('buy.quantityHint', { max: formatNumber(MAX_PURCHASE_QUANTITY, lng) })}
                  slotProps={{ htmlInput: { min: 1, max: MAX_PURCHASE_QUANTITY, step: 1, inputMode: 'numeric' } }}
                  sx={{ maxWidth: 260 }}
                />
                {preview.isError ? (
                  // A refused quantity is said on the field; anything else is a failed load.
                  !fieldError(preview.error, 'quantity') && (
                    <ErrorState title={t('buy.priceError')} error={preview.error} onRetry={() => void preview.refetch()} />
                  )
                ) : (
                  // A quantity that cannot be bought has no price: the last order's total would mislead.
                  quantity !== null && <PurchaseSummary preview={current ?? preview.data} stale={!current} />
                )}
                {impersonating && <NotWhileImpersonating />}
                {failure && (
                  <Alert severity="error" role="alert">
                    {failure}
                  </Alert>
                )}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    startIcon={<Lock />}
                    disabled={!current || impersonating}
                    loading={create.isPending}
                  >
                    {current ? t('buy.pay', { total: formatMoney(current.total_cents, current.currency, lng) }) : t('buy.payPending')}
                  </Button>
                  <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
                    {t('buy.redirectNote')}
                  </Typography>
                </Box>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <DiscountTiersCard
              tiers={tiers.data}
              error={tiers.error}
              onRetry={() => void tiers.refetch()}
              currentTierId={(current ?? preview.data)?.tier?.id ?? null}
            />
          </Grid>
        </Grid>
      )}
    </>
  );
}
