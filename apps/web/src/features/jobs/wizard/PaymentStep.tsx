import { useRef, useState } from 'react';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Payment from '@mui/icons-material/Payment';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@hireline/contract/job-model';
import { CREDITS_PER_POST } from '@hireline/contract/credits';
import { postJob } from '@hireline/contract/jobs';
import { listProducts } from '@hireline/contract/lookups';
import { messages } from '@hireline/contract/messages';
import { ErrorState } from '../../../components/ErrorState';
import { NotWhileImpersonating } from '../../../components/NotWhileImpersonating';
import { useCan } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-client';
import { useAttemptKey } from '../../../lib/attempt-key';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useImpersonating } from '../../../lib/current-user';
import { translateError, translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/snackbar';
import { CreditsWayForward } from '../CreditsWayForward';
import { usePostedJob } from '../use-posted-job';
import type { SitePathParams } from './JobWizard';
import { PostConfirmDialog } from './PostConfirmDialog';
import { ProductChoice } from './ProductChoice';
import { StepActions, StepShell } from './StepShell';
import { useDirectPayment } from './use-direct-payment';
import type { StepContext } from './wizard-context';
import { stepOfField } from './wizard-steps';

type Failure = { kind: 'credits' } | { kind: 'message'; text: string } | { kind: 'fields'; items: [field: string, message: string][] };

/** What a refused post or payment says: no credits (402), fields to fix first (422), or a message. */
function failureOf(error: unknown): Failure {
  if (isApiError(error) && error.status === 402) return { kind: 'credits' };
  if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0)
    return { kind: 'fields', items: Object.entries(error.errors).map(([field, list]) => [field, list[0] ?? error.message]) };
  return { kind: 'message', text: translateError(isApiError(error) ? error : { message: messages.unknownError }) };
}

/**
 * Step 6, Payment & Confirmation (drafts only): choose the product and post, spending the employer's credit once a
 * confirmation has named the cost and what is left, or pay for this one post directly through the payment provider
 * (its button names the amount). With too few credits there is no Post button: staff are offered to grant credits,
 * an employer user to buy them. The Idempotency-Key is made once per attempt and reused when the same attempt is
 * retried after an unclear outcome (network or server failure), so a retry can never spend a second credit.
 */
export function PaymentStep({ ctx, job, params }: { ctx: StepContext; job: JobDetail; params: SitePathParams }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const router = useRouter();
  const posted = usePostedJob();
  const notify = useSnackbar();
  // Buying credits and paying directly are refused while acting as someone else (notWhileImpersonating): not offered.
  const impersonating = useImpersonating();
  const mayBuy = useCan('purchase', 'credits');
  const canBuy = mayBuy && !impersonating;
  // Paying directly is buying a credit: the API asks for credits.purchase (and jobs.create, which this step needs anyway).
  const canPayDirectly = canBuy;
  const pathname = useLocation({ select: (l) => l.pathname });
  const products = useApiQuery(listProducts, {}, { staleTime: 60_000 });
  const [picked, setPicked] = useState<string | null>(job.product?.id ?? null);
  const list = products.data ?? [];
  const productId = picked ?? (list.length === 1 ? list[0]!.id : null);
  const [productError, setProductError] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const [paying, setPaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const attempt = useAttemptKey();
  const post = useApiMutation(postJob);
  const balance = job.employer.credit_balance;
  const enough = balance >= CREDITS_PER_POST;
  const returnTo = `${pathname}?${new URLSearchParams({ id: job.id, step: 'payment' }).toString()}`;
  const direct = useDirectPayment(job, returnTo);
  const busy = saving || paying || post.isPending || direct.busy;

  // The product the draft holds, or is being given: a choice kept as it is made is not sent a second time.
  const kept = useRef<{ id: string | null; saving?: Promise<unknown> }>({ id: job.product?.id ?? null });
  const keep = (id: string) => {
    if (id === kept.current.id) return kept.current.saving;
    const saving = ctx.save({ product_id: id });
    kept.current = { id, saving };
    // A failed save is kept again by the next attempt.
    saving.catch(() => {
      if (kept.current.saving === saving) kept.current = { id: null };
    });
    return saving;
  };

  /** The product is kept on the draft first, so it is still chosen after buying credits and coming back. */
  const keepProduct = async () => {
    if (productId) await keep(productId);
  };

  const keepChoice = async (id: string) => {
    try {
      await keep(id);
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  const onSaveDraft = async () => {
    setFailure(null);
    setSaving(true);
    try {
      await keepProduct();
      ctx.saved(job, 'stay');
    } catch (error) {
      setFailure({ kind: 'message', text: translateError(isApiError(error) ? error : { message: messages.unknownError }) });
    } finally {
      setSaving(false);
    }
  };

  /** Checks what can be checked here, then asks before spending the credit. */
  const onPost = () => {
    setFailure(null);
    if (list.length > 0 && !productId) return setProductError(true);
    setConfirming(true);
  };

  const onConfirmedPost = async () => {
    const body = productId ? { product_id: productId } : {};
    const key = attempt.keyFor(JSON.stringify(body));
    try {
      // Busy until the job page opens: the answer's job is no draft to post again.
      setSaving(true);
      await keepProduct();
      const result = await post.mutateAsync({
        params: { uuid: job.id },
        body,
        headers: { 'Idempotency-Key': key },
      });
      attempt.settled();
      ctx.setDirty(false);
      // Everything the post changed is current before the job page opens; the job itself comes from the answer, put
      // in the cache as the page opens (earlier, this wizard would re-render a posted job, which has no payment step).
      const to = { to: '/$account/$site/jobs/$id', params: { ...params, id: job.id } } as const;
      await Promise.all([posted.refresh(), router.preloadRoute(to)]);
      notify.success(result.status === 'pending' ? t('wizard.payment.sentForApproval') : t('wizard.payment.posted'));
      posted.store(result);
      await navigate(to);
    } catch (error) {
      setSaving(false);
      setConfirming(false);
      attempt.settled(error);
      setFailure(failureOf(error));
    }
  };

  /** Buys one credit at the 1-credit price through the provider and posts with it; comes back to this step. */
  const onPayDirectly = async () => {
    setFailure(null);
    if (list.length > 0 && !productId) return setProductError(true);
    setPaying(true);
    try {
      await keepProduct();
      const error = await direct.start(productId);
      if (error) setFailure(failureOf(error));
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setPaying(false);
    }
  };

  const wayForward = <CreditsWayForward job={job} slugs={params} returnTo={returnTo} size="small" />;

  const payDirectly = (prominent: boolean) =>
    canPayDirectly && (
      <Button
        variant={prominent ? 'contained' : 'outlined'}
        size={prominent ? 'small' : 'medium'}
        startIcon={<Payment />}
        onClick={() => void onPayDirectly()}
        loading={paying || direct.busy}
        disabled={busy || products.isPending}
      >
        {direct.label}
      </Button>
    );
  const noCreditActions = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {wayForward}
      {payDirectly(true)}
    </Box>
  );

  return (
    <StepShell
      title={t('wizard.steps.payment')}
      intro={t('wizard.payment.intro')}
      actions={
        <StepActions
          ctx={ctx}
          busy={busy}
          onSaveDraft={() => void onSaveDraft()}
          primary={
            // Too few credits: no Post button that could only fail; the way forward is in the alert below.
            enough && (
              <>
                {payDirectly(false)}
                <Button variant="contained" onClick={onPost} loading={saving || post.isPending} disabled={busy || products.isPending}>
                  {t('wizard.payment.post')}
                </Button>
              </>
            )
          }
        />
      }
    >
      {failure?.kind === 'credits' && (
        <Alert severity="error" role="alert" action={noCreditActions}>
          {translateMessage(messages.insufficientCredits)}
        </Alert>
      )}
      {failure?.kind === 'message' && (
        <Alert severity="error" role="alert">
          {failure.text}
        </Alert>
      )}
      {failure?.kind === 'fields' && (
        <Alert severity="error" role="alert">
          {t('wizard.payment.fixFirst')}
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {failure.items.map(([field, message]) => (
              <li key={field}>
                <Button size="small" variant="text" color="inherit" sx={{ p: 0, minWidth: 0, textDecoration: 'underline' }} onClick={() => ctx.goTo(stepOfField(field))}>
                  {t(`wizard.steps.${stepOfField(field)}`)}
                </Button>
                {': '}
                {translateMessage(message)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{t('wizard.payment.balance', { count: balance, employer: job.employer.name })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('wizard.payment.costs')}
        </Typography>
        {!enough && failure?.kind !== 'credits' && (
          <Alert severity="warning" sx={{ mt: 1.5 }} action={noCreditActions}>
            {t('wizard.payment.noCredits')}
          </Alert>
        )}
        {!enough && mayBuy && impersonating && <NotWhileImpersonating sx={{ mt: 1.5 }} />}
      </Box>
      {products.isError && !products.data ? (
        <ErrorState title={t('wizard.payment.productsError')} error={products.error} onRetry={() => void products.refetch()} />
      ) : products.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label={t('wizard.picker.loading')} />
      ) : list.length === 0 ? (
        <Alert severity="info">{t('wizard.payment.noProducts')}</Alert>
      ) : (
        <ProductChoice
          products={list}
          value={productId}
          onChange={(id) => {
            setPicked(id);
            setProductError(false);
            // Too few credits: the way on is to leave for credits, so the choice is kept on the draft at once.
            if (!enough) void keepChoice(id);
          }}
          error={productError ? translateMessage(messages.required) : undefined}
        />
      )}
      <PostConfirmDialog
        open={confirming}
        title={job.title}
        balance={balance}
        pending={saving || post.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onConfirmedPost()}
      />
    </StepShell>
  );
}
