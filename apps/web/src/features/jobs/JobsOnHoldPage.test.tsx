// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buttons, byText, cleanup, detail, dialog, fakeApi, find, id, openApp, summary, type } from './jobs.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const MANAGER = ['jobs.all'];
const titles = () => [...document.querySelectorAll('main tbody th a')].map((a) => a.textContent);

describe('JobsOnHoldPage', () => {
  it('approves one row, and rejects several at once only with a reason', async () => {
    const { calls } = fakeApi((method, url, body) => {
      if (method === 'GET' && url.pathname === '/portal/v1/jobs/on-hold')
        return { data: [1, 2, 3].map((n) => summary(n, { status: 'pending' })), meta: { page: 1, per_page: 25, total: 3 } };
      if (method === 'POST' && url.pathname === `/portal/v1/jobs/${id(1)}/approve`) return detail(1, { status: 'live' });
      if (method === 'POST' && url.pathname === '/portal/v1/jobs/bulk')
        return { results: (body as { ids: string[] }).ids.map((jobId) => ({ id: jobId, ok: true, status: 'rejected', message: null })) };
      return undefined;
    });
    await openApp('/acme/jobs/jobs/hold', MANAGER);
    await waitFor(() => expect(titles()).toEqual(['Job 1', 'Job 2', 'Job 3']));

    document.querySelector<HTMLButtonElement>('button[aria-label="Approve Job 1"]')!.click();
    await waitFor(() => expect(calls).toContain(`POST /portal/v1/jobs/${id(1)}/approve`));

    document.querySelector<HTMLInputElement>('input[aria-label="Select Job 2"]')!.click();
    document.querySelector<HTMLInputElement>('input[aria-label="Select Job 3"]')!.click();
    const bar = await find('[role="region"][aria-label="Bulk actions"]');
    expect(buttons(bar).map((b) => b.textContent)).toEqual(['Approve', 'Reject', 'Clear selection']);
    byText('Reject', bar)!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Reject 2 jobs?');
      return dialog()!;
    });
    byText('Reject', form)!.click();
    await waitFor(() => expect(form.textContent).toContain('This field is required.'));
    type(form.querySelector('textarea:not([aria-hidden])')!, 'Duplicates');
    byText('Reject', form)!.click();
    await waitFor(() =>
      expect(calls).toContain(`POST /portal/v1/jobs/bulk {"action":"reject","ids":["${id(2)}","${id(3)}"],"reason":"Duplicates"}`),
    );
    await waitFor(() => expect(document.body.textContent).toContain('2 jobs rejected.'));
  });

  it('says when nothing is waiting for approval', async () => {
    fakeApi((method, url) =>
      url.pathname === '/portal/v1/jobs/on-hold' ? { data: [], meta: { page: 1, per_page: 25, total: 0 } } : undefined,
    );
    await openApp('/acme/jobs/jobs/hold', MANAGER);
    await waitFor(() => expect(document.querySelector('main [role="status"]')?.textContent).toBe('Nothing is waiting for approval'));
  });
});
