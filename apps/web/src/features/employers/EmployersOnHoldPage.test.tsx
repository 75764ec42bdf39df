// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { buttons, byText, cleanup, detail, dialog, eid, employer, employersApi, find, mutations, openApp, type } from './employers.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const APPROVER = ['employers.view', 'employers.approve'];
const names = () => [...document.querySelectorAll('main tbody th a')].map((a) => a.textContent);

describe('EmployersOnHoldPage', () => {
  it('approves one row, and bulk-rejects the selection only with a reason, summing up each result', async () => {
    const { calls } = employersApi((method, url, body) => {
      if (method === 'GET' && url.pathname === '/portal/v1/employers/on-hold')
        return { data: [1, 2, 3, 4].map((n) => employer(n, { status: 'pending' })), meta: { page: 1, per_page: 25, total: 4 } };
      if (method === 'POST' && url.pathname === `/portal/v1/employers/${eid(1)}/approve`) return detail(1, { status: 'active' });
      if (method === 'POST' && url.pathname === '/portal/v1/employers/on-hold/review') {
        const ids = (body as { ids: string[] }).ids;
        // Someone else decided on the last one meanwhile: it fails on its own.
        return {
          results: ids.map((id, i) =>
            i < ids.length - 1
              ? { id, ok: true, status: 'rejected', message: null }
              : { id, ok: false, status: null, message: 'Only a registration on hold can be approved or rejected.' },
          ),
        };
      }
      return undefined;
    });
    await openApp('/acme/jobs/employers/hold', APPROVER);
    await waitFor(() => expect(names()).toEqual(['Employer 1', 'Employer 2', 'Employer 3', 'Employer 4']));
    expect(document.querySelector('main h1')?.textContent).toBe('Registrations on hold');

    document.querySelector<HTMLButtonElement>('button[aria-label="Approve Employer 1"]')!.click();
    await waitFor(() => expect(mutations(calls)).toEqual([`POST /portal/v1/employers/${eid(1)}/approve`]));
    await waitFor(() => expect(document.body.textContent).toContain('Employer 1 approved. The registrant was emailed.'));

    for (const n of [2, 3, 4]) document.querySelector<HTMLInputElement>(`input[aria-label="Select Employer ${n}"]`)!.click();
    const bar = await find('[role="region"][aria-label="Bulk actions"]');
    await waitFor(() => expect(bar.textContent).toContain('3 registrations selected'));
    expect(buttons(bar).map((b) => b.textContent)).toEqual(['Approve', 'Reject', 'Clear selection']);
    byText('Reject', bar)!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Reject 3 registrations?');
      return dialog()!;
    });
    expect(form.textContent).toContain('Each of the 3 registrants is emailed the reason below.');
    byText('Reject', form)!.click();
    await waitFor(() => expect(form.textContent).toContain('This field is required.'));
    expect(mutations(calls)).toHaveLength(1);

    type(form.querySelector('textarea:not([aria-hidden])')!, 'Not a real business');
    byText('Reject', form)!.click();
    await waitFor(() =>
      expect(mutations(calls).at(-1)).toBe(
        `POST /portal/v1/employers/on-hold/review {"action":"reject","ids":["${eid(2)}","${eid(3)}","${eid(4)}"],"reason":"Not a real business"}`,
      ),
    );
    await waitFor(() =>
      expect(document.body.textContent).toContain('2 rejected, 1 failed: Only a registration on hold can be approved or rejected.'),
    );
    await waitFor(() => expect(document.querySelector('[role="region"][aria-label="Bulk actions"]')).toBeNull());
  });

  it('bulk-approves after a confirmation that says how many and that the registrants are emailed', async () => {
    const { calls } = employersApi((method, url, body) => {
      if (method === 'GET' && url.pathname === '/portal/v1/employers/on-hold')
        return { data: [1, 2].map((n) => employer(n, { status: 'pending' })), meta: { page: 1, per_page: 25, total: 2 } };
      if (method === 'POST' && url.pathname === '/portal/v1/employers/on-hold/review')
        return { results: (body as { ids: string[] }).ids.map((id) => ({ id, ok: true, status: 'active', message: null })) };
      return undefined;
    });
    await openApp('/acme/jobs/employers/hold', APPROVER);
    await waitFor(() => expect(names()).toHaveLength(2));
    document.querySelector<HTMLInputElement>('input[aria-label="Select all registrations on this page"]')!.click();
    const bar = await find('[role="region"][aria-label="Bulk actions"]');
    byText('Approve', bar)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Approve 2 registrations?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('each registrant is emailed that they can now sign in');
    expect(mutations(calls)).toEqual([]);
    byText('Approve', confirm)!.click();
    await waitFor(() =>
      expect(mutations(calls)).toEqual([`POST /portal/v1/employers/on-hold/review {"action":"approve","ids":["${eid(1)}","${eid(2)}"]}`]),
    );
    await waitFor(() => expect(document.body.textContent).toContain('2 approved'));
  });

  it('rejects one row with the reason it asks for', async () => {
    const { calls } = employersApi((method, url) => {
      if (method === 'GET' && url.pathname === '/portal/v1/employers/on-hold')
        return { data: [employer(5, { status: 'pending' })], meta: { page: 1, per_page: 25, total: 1 } };
      if (method === 'POST' && url.pathname === `/portal/v1/employers/${eid(5)}/reject`) return detail(5, { status: 'rejected' });
      return undefined;
    });
    await openApp('/acme/jobs/employers/hold', APPROVER);
    await waitFor(() => expect(names()).toEqual(['Employer 5']));
    document.querySelector<HTMLButtonElement>('button[aria-label="Reject Employer 5"]')!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Reject Employer 5?');
      return dialog()!;
    });
    type(form.querySelector('textarea:not([aria-hidden])')!, 'Duplicate registration');
    byText('Reject', form)!.click();
    await waitFor(() => expect(mutations(calls)).toEqual([`POST /portal/v1/employers/${eid(5)}/reject {"reason":"Duplicate registration"}`]));
    await waitFor(() => expect(document.body.textContent).toContain('Employer 5 rejected. The registrant was emailed the reason.'));
  });

  it('says when no registration is waiting', async () => {
    employersApi((method, url) =>
      url.pathname === '/portal/v1/employers/on-hold' ? { data: [], meta: { page: 1, per_page: 25, total: 0 } } : undefined,
    );
    await openApp('/acme/jobs/employers/hold', APPROVER);
    await waitFor(() => expect(document.querySelector('main [role="status"]')?.textContent).toBe('No registrations waiting'));
  });
});
