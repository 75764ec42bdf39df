// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { employerActions, type EmployerAction, type EmployerDetail } from '@hireline/contract/employers';
import i18n from '../../test/i18n';
import {
  ALL_ACTIONS,
  NO_ACTIONS,
  buttons,
  byText,
  cleanup,
  detail,
  dialog,
  eid,
  employersApi,
  job,
  mutations,
  openApp,
  openAsEmployer,
  type,
} from './employers.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const ID = eid(7);
const BASE = `/portal/v1/employers/${ID}`;
const MANAGER = ['employers.all', 'jobs.view', 'credits.view'];

/** One employer behind a fake API that applies each action to it, as the API would. */
function api(employer: EmployerDetail) {
  return employersApi((method, url) => {
    if (method === 'GET' && url.pathname === BASE) return employer;
    // The allowed actions after a change: those set true are added, those set false taken away.
    const act = (change: Partial<EmployerDetail>, actions: Partial<Record<EmployerAction, boolean>>) =>
      Object.assign(employer, change, {
        allowed_actions: employerActions.filter((a) => actions[a] ?? employer.allowed_actions.includes(a)),
      });
    if (method === 'POST' && url.pathname === `${BASE}/approve`) return act({ status: 'active' }, { approve: false, reject: false });
    if (method === 'POST' && url.pathname === `${BASE}/reject`)
      return act({ status: 'rejected', rejection_reason: 'Not a business', rejected_at: '2025-03-01T00:00:00.000Z' }, { approve: false, reject: false });
    // Disabling unlists the live jobs, which enabling may relist.
    if (method === 'POST' && url.pathname === `${BASE}/disable`)
      return act({ enabled: false, relistable_jobs_count: employer.live_jobs_count, live_jobs_count: 0 }, { disable: false, enable: true });
    if (method === 'POST' && url.pathname === `${BASE}/enable`) return act({ enabled: true, relistable_jobs_count: 0 }, { disable: true, enable: false });
    if (method === 'DELETE' && url.pathname === BASE) return new Response(null, { status: 204 });
    if (method === 'GET' && url.pathname === `${BASE}/users`) return { data: [], roles: [] };
    if (method === 'GET' && url.pathname === '/portal/v1/employers') return { data: [], meta: { page: 1, per_page: 25, total: 0 } };
    if (method === 'GET' && url.pathname === '/portal/v1/jobs')
      return { data: [job(1), job(2, { status: 'unlisted' })], meta: { page: 1, per_page: 25, total: 2 } };
    return undefined;
  });
}

const toolbar = () => document.querySelector<HTMLElement>('[role="toolbar"][aria-label="Employer actions"]');
const actions = () => (toolbar() ? buttons(toolbar()!).map((b) => b.textContent) : []);
const main = () => document.querySelector('main')!;

describe('EmployerDetailPage', () => {
  it('shows the name, state and every field, and exactly the actions the API allows', async () => {
    api(detail(7));
    await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(main().querySelector('h1')?.textContent).toBe('Employer 7');
    expect(main().textContent).toContain('Business · Reg. no. RN-7');
    expect(actions()).toEqual(['Edit', 'Disable', 'Delete']);
    expect(byText('Edit', toolbar()!)?.getAttribute('href')).toBe(`/acme/jobs/employers/${ID}/edit`);
    expect(byText('Back to employers')?.getAttribute('href')).toBe('/acme/jobs/employers');
    // The details tab: the site's labels for stored options, the address as on an envelope, the counts.
    await waitFor(() => expect(main().textContent).toContain('Logistics'));
    for (const text of ['11–50 people', 'https://employer.test', 'contact7@employer.test', '1 Rue de la Paix', 'Lyon, 69001', 'France', 'We move things.', '2 live of 7'])
      expect(main().textContent).toContain(text);
    expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['Details', 'Users', 'Jobs', 'Credits']);
  });

  it('offers Approve and Reject for a registration on hold, and rejects only with a reason', async () => {
    const { calls } = api(detail(7, { status: 'pending', approved_at: null, allowed_actions: ['approve', 'reject'] }));
    await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(actions()).toEqual(['Approve', 'Reject']));
    expect(main().textContent).toContain('This registration is on hold.');
    byText('Reject', toolbar()!)!.click();
    const form = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Reject Employer 7?');
      return dialog()!;
    });
    expect(form.textContent).toContain('The registrant is emailed the reason below.');
    byText('Reject', form)!.click();
    await waitFor(() => expect(form.textContent).toContain('This field is required.'));
    type(form.querySelector('textarea:not([aria-hidden])')!, 'Not a business');
    byText('Reject', form)!.click();
    await waitFor(() => expect(mutations(calls)).toEqual([`POST ${BASE}/reject {"reason":"Not a business"}`]));
    await waitFor(() => expect(document.body.textContent).toContain('Employer rejected. The registrant was emailed the reason.'));
    await waitFor(() => expect(main().textContent).toContain('Reason: Not a business'));
    expect(actions()).toEqual([]);
  });

  it('disables after a confirmation that says what happens to its users and jobs, then offers Enable', async () => {
    const { calls } = api(detail(7));
    await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Disable', toolbar()!)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Disable Employer 7?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('(2 users) is signed out at once');
    expect(confirm.textContent).toContain('its live jobs (2 jobs) are unlisted');
    expect(confirm.textContent).toContain('Enabling it again lets its users back in and offers to relist those jobs');
    expect(mutations(calls)).toEqual([]);
    byText('Disable employer', confirm)!.click();
    await waitFor(() => expect(mutations(calls)).toEqual([`POST ${BASE}/disable`]));
    await waitFor(() => expect(actions()).toEqual(['Edit', 'Enable', 'Delete']));
    byText('Enable', toolbar()!)!.click();
    const enable = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Enable Employer 7?');
      return dialog()!;
    });
    const relist = enable.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(relist.checked).toBe(true);
    expect(enable.textContent).toContain('Relist 2 jobs');
    expect(mutations(calls)).toEqual([`POST ${BASE}/disable`]);
    byText('Enable employer', enable)!.click();
    await waitFor(() => expect(mutations(calls)).toEqual([`POST ${BASE}/disable`, `POST ${BASE}/enable {"relist":true}`]));
    await waitFor(() => expect(document.body.textContent).toContain('its jobs that disabling it unlisted are live again'));
  });

  it('enables without relisting when the option is unticked, and without asking when nothing is to relist', async () => {
    const { calls } = api(detail(7, { enabled: false, relistable_jobs_count: 1, allowed_actions: ['update', 'enable', 'delete'] }));
    await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Enable', toolbar()!)!.click();
    const enable = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Relist 1 job');
      return dialog()!;
    });
    enable.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    byText('Enable employer', enable)!.click();
    await waitFor(() => expect(mutations(calls)).toEqual([`POST ${BASE}/enable {"relist":false}`]));
    await waitFor(() => expect(document.body.textContent).toContain('its unlisted jobs stay unlisted until relisted'));
    cleanup();

    const second = api(detail(7, { enabled: false, relistable_jobs_count: 0, allowed_actions: ['update', 'enable', 'delete'] }));
    await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Enable', toolbar()!)!.click();
    await waitFor(() => expect(mutations(second.calls)).toEqual([`POST ${BASE}/enable`]));
    expect(dialog()).toBeFalsy();
  });

  it('deletes after a confirmation that counts the jobs and applications going with it, then returns to the list', async () => {
    const { calls } = api(detail(7, { jobs_count: 3, applications_count: 12 }));
    const router = await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Delete', toolbar()!)!.click();
    const confirm = await waitFor(() => {
      expect(dialog()?.textContent).toContain('Delete Employer 7?');
      return dialog()!;
    });
    expect(confirm.textContent).toContain('This permanently deletes Employer 7 together with its 3 jobs and their 12 applications.');
    expect(confirm.textContent).toContain('This cannot be undone.');
    expect(document.activeElement?.textContent).toBe('Cancel');
    byText('Delete employer', confirm)!.click();
    await waitFor(() => expect(mutations(calls)).toEqual([`DELETE ${BASE}`]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/jobs/employers'));
    await waitFor(() => expect(document.body.textContent).toContain('Employer deleted.'));
  });

  it('shows why it cannot be deleted instead of the Delete button', async () => {
    api(
      detail(7, {
        delete_blocked_reason: 'This employer has credit history, which must be kept. Disable it instead.',
        allowed_actions: ALL_ACTIONS.filter((a) => a !== 'delete'),
      }),
    );
    await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(actions()).toEqual(['Edit', 'Disable']);
    expect(main().textContent).toContain(
      'This employer cannot be deleted: This employer has credit history, which must be kept. Disable it instead.',
    );
  });

  it('shows no actions to a viewer', async () => {
    api(detail(7, { allowed_actions: NO_ACTIONS }));
    await openApp(`/acme/jobs/employers/${ID}`, ['employers.view']);
    await waitFor(() => expect(main().querySelector('h1')?.textContent).toBe('Employer 7'));
    expect(toolbar()).toBeNull();
    // Without jobs.view there is no jobs tab (its list would be refused).
    expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['Details', 'Users', 'Credits']);
  });

  it('keeps the tab in the URL: the jobs tab lists the employer jobs with a link to the filtered jobs list', async () => {
    const { calls } = api(detail(7));
    const router = await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    byText('Jobs', document.querySelector('[role="tablist"]')!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe('?tab=jobs'));
    await waitFor(() => expect([...main().querySelectorAll('tbody th a')].map((a) => a.textContent)).toEqual(['Job 1', 'Job 2']));
    expect(calls).toContain(`GET /portal/v1/jobs?page=1&per_page=25&sort=-created_at&employer_id=${ID}`);
    expect(main().textContent).toContain('Unlisted');
    expect(byText('Open in the jobs list')?.getAttribute('href')).toBe(`/acme/jobs/jobs?employer_id=${ID}`);
    expect(document.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Jobs');
  });

  it('shows the credit balance, linking to the ledger only while this employer is the selected one', async () => {
    api(detail(7, { credit_balance: 42 }));
    await openApp(`/acme/jobs/employers/${ID}?tab=credits`, MANAGER);
    await waitFor(() => expect(main().textContent).toContain('42 credits'));
    expect(byText('Open the credit ledger')).toBeUndefined();
    expect(main().textContent).toContain('choose this employer there to see it');
    cleanup();

    api(detail(7, { credit_balance: 42 }));
    await openAsEmployer(`/acme/jobs/employers/${ID}?tab=credits`, MANAGER, ID);
    await waitFor(() => expect(byText('Open the credit ledger')?.getAttribute('href')).toBe('/acme/jobs/credit-system'));
  });

  it('reads right to left in Arabic, every label translated', async () => {
    api(detail(7, { jobs_count: 3, applications_count: 12 }));
    await i18n.changeLanguage('ar');
    try {
      await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
      await waitFor(() => expect(document.querySelector('[role="toolbar"]')).not.toBeNull());
      expect(document.documentElement.dir).toBe('rtl');
      expect(document.querySelector('[role="toolbar"]')!.getAttribute('aria-label')).toBe('إجراءات صاحب العمل');
      expect([...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual(['التفاصيل', 'المستخدمون', 'الوظائف', 'الأرصدة']);
      for (const english of ['Business name', 'Contact email', 'Registration number', 'Record', 'Disable', 'Delete', 'Back to employers', 'Not set'])
        expect(main().textContent).not.toContain(english);
      byText('حذف', document.querySelector<HTMLElement>('[role="toolbar"]')!)!.click();
      await waitFor(() => expect(dialog()?.textContent).toContain('3 وظائف'));
      expect(dialog()?.textContent).toContain('12 طلبًا');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('says the employer was not found on a 404, with the way back to the list', async () => {
    employersApi(() => undefined);
    await openApp(`/acme/jobs/employers/${ID}`, MANAGER);
    await waitFor(() => expect(main().querySelector('h1')?.textContent).toBe('Employer not found'));
    expect(byText('Back to employers')?.getAttribute('href')).toBe('/acme/jobs/employers');
  });
});

describe('SelectedEmployerPage', () => {
  it('shows the selected employer without the way back to a list, editing it at /employer/edit', async () => {
    const { calls } = api(detail(7));
    await openAsEmployer('/acme/jobs/employer', ['employers.view', 'employers.update'], ID);
    await waitFor(() => expect(toolbar()).not.toBeNull());
    expect(calls).toContain(`GET ${BASE}`);
    expect(main().querySelector('h1')?.textContent).toBe('Employer 7');
    expect(byText('Back to employers')).toBeUndefined();
    expect(byText('Edit', toolbar()!)?.getAttribute('href')).toBe('/acme/jobs/employer/edit');
    expect(byText('Users', document.querySelector('[role="tablist"]')!)?.getAttribute('href')).toBe('/acme/jobs/employer?tab=users');
  });

  it('says when no employer is selected', async () => {
    const { calls } = api(detail(7));
    await openAsEmployer('/acme/jobs/employer', ['employers.view'], null);
    await waitFor(() => expect(main().textContent).toContain('No employer selected'));
    expect(calls.filter((c) => c.startsWith('GET /portal/v1/employers'))).toEqual([]);
  });
});
