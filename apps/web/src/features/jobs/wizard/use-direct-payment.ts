import { useTranslation } from 'react-i18next';
import { payJobDirectly, previewPurchase } from '@hireline/contract/credits';
import type { JobDetail } from '@hireline/contract/job-model';
import { useCan } from '../../../lib/ability';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';
import { useAttemptKey } from '../../../lib/attempt-key';
import { fullPageRedirect, rememberCheckoutEmployer } from '../../../lib/checkout';
import { useSession } from '../../../lib/session';
import { formatMoney } from './review-format';

/**
 * Posting without credits (DESIGN §5): one credit bought at the 1-credit price and spent on this draft once the
 * provider confirms the payment. The buyer is sent to the provider's checkout and comes back to `returnTo`. One
 * Idempotency-Key per attempt, reused when the same attempt is retried after an unclear failure.
 */
export function useDirectPayment(job: JobDetail, returnTo: string) {
  const { t, i18n } = useTranslation('jobs');
  const canSeePrice = useCan('view', 'credits');
  const { scope } = useSession();
  // The credit endpoints act for one employer: staff who have not selected one ask for the job's.
  const price = useApiQuery(
    previewPurchase,
    { query: { quantity: '1' }, headers: scope.employerId ? undefined : { 'X-AF-EMPID': job.employer.id } },
    { enabled: canSeePrice, staleTime: 60_000, retry: false },
  );
  const pay = useApiMutation(payJobDirectly);
  const attempt = useAttemptKey();
  const label = price.data
    ? t('wizard.payment.payDirect', { price: formatMoney(price.data.total_cents, price.data.currency, i18n.language) })
    : t('wizard.payment.payDirectNoPrice');

  /** Starts the payment and leaves for the checkout; resolves with the error when it could not start. */
  const start = async (productId: string | null): Promise<unknown> => {
    const body = { ...(productId ? { product_id: productId } : {}), return_to: returnTo };
    const key = attempt.keyFor(JSON.stringify(body));
    try {
      const { purchase, checkout_url } = await pay.mutateAsync({
        params: { uuid: job.id },
        body,
        headers: { 'Idempotency-Key': key },
      });
      attempt.settled();
      rememberCheckoutEmployer(purchase.id, purchase.employer.id);
      fullPageRedirect(checkout_url);
      return null;
    } catch (error) {
      attempt.settled(error);
      return error;
    }
  };

  // Still "busy" once started: the page is about to be left for the checkout.
  return { label, start, busy: pay.isPending || pay.isSuccess };
}
