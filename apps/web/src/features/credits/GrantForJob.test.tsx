// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { labelled } from '../../test/app-harness';
import { A, cleanup, control, dialog, E, E2, entry, fakeApi, J, json, manager, openApp, S, text, type } from './credits.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const WIZARD = `/acme/jobs/jobs/edit?id=${J}&step=payment`;
const ADJUST = '/portal/v1/credit/adjustments';
/** A site manager who also posts jobs: the way back to the job is open to them. */
const staff = { ...manager, permissions: { [`site:${S}`]: ['credits.all', 'jobs.all'] } };

describe('granting credits for a job that cannot be posted', () => {
  it('selects the job’s employer, opens the grant form for it, and goes back to the job once granted', async () => {
    const api = fakeApi(({ method, url, headers }) => {
      if (method === 'GET' && url === '/portal/v1/credit/balance' && headers.get('X-AF-EMPID') === E2)
        return { employer: { id: E2, name: 'Other Co' }, balance: 40, price_per_credit_cents: 500, currency: 'USD' };
      if (method === 'POST' && url === ADJUST) return json(201, { entry: entry(9), balance: 8 });
      return undefined;
    });
    // Another employer was selected before: the link's employer replaces it, and the form never opens for the other.
    const search = new URLSearchParams({ employer: E, grant: '1', return_to: WIZARD });
    const router = await openApp(`/acme/jobs/credit-system?${search.toString()}`, staff, { accountId: A, siteId: S, employerId: E2 });
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Acme Pty Ltd has 5 credits.');
      return dialog()!;
    });
    expect(session.get().scope.employerId).toBe(E);
    expect(text()).not.toContain('Other Co has');

    type(labelled('Number of credits') as HTMLInputElement, '3');
    type(labelled('Reason') as HTMLTextAreaElement, 'To post the Barista job');
    control('Continue', form).click();

    await waitFor(() => expect(router.state.location.href).toBe(WIZARD));
    const grant = api.of('POST', ADJUST);
    expect(grant.map((c) => c.body)).toEqual([{ action: 'grant', amount: 3, reason: 'To post the Barista job' }]);
    expect(grant[0]!.headers.get('X-AF-EMPID')).toBe(E);
  });

  it('closing the grant form stays on the credits page, without reopening it', async () => {
    fakeApi();
    const router = await openApp(`/acme/jobs/credit-system?employer=${E}&grant=1`, manager);
    await waitFor(() => expect(dialog()?.textContent).toContain('Acme Pty Ltd has 5 credits.'));
    control('Cancel', dialog()!).click();
    await waitFor(() => expect(router.state.location.search).toEqual({ employer: E }));
    expect(router.state.location.pathname).toBe('/acme/jobs/credit-system');
  });
});
