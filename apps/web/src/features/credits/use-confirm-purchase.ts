import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { confirmPurchase, getBalance, listLedger, type Purchase } from '@hireline/contract/credits';
import { invalidateEndpoint, useApiMutation } from '../../lib/api-query';
import { checkoutEmployer } from '../../lib/checkout';
import { useSession } from '../../lib/session';
import { isEmployerMissing } from './credit-errors';

/** How often, and how many times, a purchase still pending is asked about again before the user is asked to. */
export const POLL_MS = 2_000;
export const MAX_POLLS = 5;

/**
 * Confirms the purchase the provider sent the buyer back with: once when the page opens (the API is idempotent,
 * but one call per visit is enough), then every 2 s while the provider has not decided, at most five times; after
 * that `recheck` asks again on the user's word. An employer chosen afterwards (staff) confirms again. Back from the
 * checkout's cancel link (`leftCheckout`) a purchase still pending is not waited for.
 */
export function useConfirmPurchase(purchaseId: string | undefined, leftCheckout = false) {
  const queryClient = useQueryClient();
  const { scope } = useSession();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [polls, setPolls] = useState(0);
  const confirm = useApiMutation(confirmPurchase);
  const { mutate } = confirm;

  const run = useCallback(() => {
    if (!purchaseId) return;
    // Staff who paid for an employer they had not selected (a job's direct payment): name it for this call.
    const hint = scope.employerId ? null : checkoutEmployer(purchaseId);
    mutate(
      { params: { uuid: purchaseId }, headers: hint ? { 'X-AF-EMPID': hint } : undefined },
      {
        onSuccess: (result) => {
          setError(null);
          setPurchase(result);
          if (result.status === 'paid') {
            void invalidateEndpoint(queryClient, getBalance);
            void invalidateEndpoint(queryClient, listLedger);
          }
        },
        onError: setError,
      },
    );
  }, [purchaseId, scope.employerId, mutate, queryClient]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  // An employer chosen after the API asked for one.
  const noEmployer = isEmployerMissing(error);
  const chosen = scope.employerId;
  useEffect(() => {
    if (noEmployer && chosen) run();
  }, [noEmployer, chosen, run]);

  // The next ask is timed from the last answer, never while one is on its way.
  // Back from the checkout's cancel link, a pending purchase is one the buyer gave up on: nothing to wait for.
  const pending = purchase?.status === 'pending' && !leftCheckout;
  const busy = confirm.isPending;
  useEffect(() => {
    if (!pending || busy || polls >= MAX_POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      run();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, busy, polls, run]);

  return {
    purchase,
    error,
    noEmployer,
    busy,
    /** Polling gave up: the user may ask again. */
    gaveUp: pending && polls >= MAX_POLLS && !busy,
    recheck: () => {
      setPolls(0);
      run();
    },
  };
}
