import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { getBalance, listLedger } from '@hireline/contract/credits';
import { listJobs } from '@hireline/contract/jobs';
import { apiQueryKey, refreshBeforeShowing } from './api-query';

describe('refreshBeforeShowing', () => {
  it('refetches what is shown and waits for it, and drops what is not, so nothing opens on an old answer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    const shown = apiQueryKey(getBalance, {}, 'a/s/e');
    const hidden = apiQueryKey(listJobs, { query: { page: 2 } }, 'a/s/');
    const other = apiQueryKey(listLedger, {}, 'a/s/e');
    let balance = 12;
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const observer = new QueryObserver(client, {
      queryKey: shown,
      queryFn: async () => {
        const now = balance;
        if (now !== 12) await answered;
        return { balance: now };
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => client.getQueryData(shown)).toEqual({ balance: 12 });
    client.setQueryData(hidden, { data: ['old page'] });
    client.setQueryData(other, { data: ['untouched'] });

    balance = 11;
    let done = false;
    const refreshing = refreshBeforeShowing(client, [getBalance, listJobs]).then(() => (done = true));
    await Promise.resolve();
    expect(client.getQueryData(hidden)).toBeUndefined();
    expect(done).toBe(false);
    release();
    await refreshing;
    expect(client.getQueryData(shown)).toEqual({ balance: 11 });
    expect(client.getQueryData(other)).toEqual({ data: ['untouched'] });
    unsubscribe();
    client.clear();
  });
});
