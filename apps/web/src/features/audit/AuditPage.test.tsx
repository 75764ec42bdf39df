// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntry, EnterpriseAuditLogEntry } from '@hireline/contract/audit';
import { labelled, mountApp } from '../../test/app-harness';
import { A, S, byText, cleanup, fakeApi, main, type, type Handler } from '../../test/site-fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const SOFIA = { id: '00000000-0000-4000-8000-000000000031', name: 'Sofia Martinez', email: 'manager@acme.test' };
const ERIN = { id: '00000000-0000-4000-8000-000000000032', name: 'Erin Enterprise', email: 'erin@hireline.test' };
const eid = (n: number) => `00000000-0000-4000-8000-0000000020${String(n).padStart(2, '0')}`;

type Entry = AuditLogEntry & Partial<Pick<EnterpriseAuditLogEntry, 'account'>>;

function entry(n: number, over: Partial<Entry> = {}): Entry {
  return {
    id: eid(n),
    created_at: '2025-03-04T10:15:00.000Z',
    action: 'job.posted',
    subject_type: 'job',
    subject_id: 'job-0001',
    subject_name: null,
    subject_deleted: false,
    actor: SOFIA,
    impersonator: null,
    ip: '203.0.113.7',
    data: { title: 'Forklift driver', credits_spent: 1, featured: false, tags: ['night', 'warehouse'] },
    ...over,
  };
}
const ENTRIES = [
  entry(1),
  entry(2, { action: 'employer.update', subject_type: 'employer', subject_id: 'emp-9', impersonator: ERIN, data: { fields: ['phone'] } }),
  entry(3, { action: 'custom.thing', subject_type: null, subject_id: null, actor: null, ip: null, data: {} }),
];
const page = <T,>(data: T[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length } });

const user = (permissions: Record<string, string[]>) => ({
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Ada Admin',
  email: 'admin@acme.test',
  avatar: null,
  permissions,
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
});
const ADMIN = { [`account:${A}`]: ['all'] };
const open = (path: string, permissions: Record<string, string[]> = ADMIN, ready?: string) =>
  mountApp(path, { user: user(permissions), scope: { accountId: A, siteId: S, employerId: null }, ready });

const ACCOUNT_URL = '/portal/v1/accounts/audit-logs';
const list = (rows: Entry[], path = ACCOUNT_URL): Handler => (method, url) =>
  method === 'GET' && url.pathname === path ? page(rows) : undefined;
const rows = () => [...main().querySelectorAll<HTMLTableRowElement>('tbody tr')].filter((r) => r.querySelector('time'));
const cells = (row: number) => [...rows()[row]!.querySelectorAll('th, td')].map((c) => c.textContent);
const lastList = (calls: string[], path = ACCOUNT_URL) => calls.filter((c) => c.startsWith(`GET ${path}`)).at(-1);

/** Opens the MUI select labelled `label` like a user (mouse down) and picks `option`. */
async function pick(label: string, option: string) {
  const select = [...document.querySelectorAll<HTMLElement>('main [role="combobox"]')].find((el) =>
    el.getAttribute('aria-labelledby')?.split(' ').some((id) => document.getElementById(id)?.textContent === label),
  )!;
  select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  const found = await waitFor(() => {
    const o = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((el) => el.textContent === option);
    if (!o) throw new Error(`no option ${option}`);
    return o;
  });
  found.click();
}

describe('Account audit trail', () => {
  it("lists the account's entries: time, who (staff as the person impersonated), action, subject and IP", async () => {
    const { calls } = fakeApi(list(ENTRIES));
    await open('/acme/audit');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(document.querySelector('main h1')?.textContent).toBe('Audit trail');
    const headers = [...main().querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Details', 'Time', 'Who', 'Action', 'Subject', 'IP address']);
    expect(cells(0).slice(2)).toEqual(['Sofia Martinezmanager@acme.test', 'Job posted', 'Jobjob-0001', '203.0.113.7']);
    expect(cells(0)[1]).toContain('2025');
    expect(cells(1).slice(2, 4)).toEqual(['Erin Enterprise as Sofia MartinezImpersonated', 'Employer changed']);
    // An action the portal has no name for shows its key; missing parts say so rather than stay blank.
    expect(cells(2).slice(2)).toEqual(['Not recorded', 'custom.thing', '—', '—']);
    expect(lastList(calls)).toBe(`GET ${ACCOUNT_URL}?page=1&per_page=25&sort=-created_at`);
    expect(document.querySelector('nav a[href="/acme/audit"]')).not.toBeNull();
  });

  it('opens an entry to show what was recorded, and narrows the list to one person from there', async () => {
    const { calls } = fakeApi(list(ENTRIES));
    const router = await open('/acme/audit');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const toggle = main().querySelector<HTMLButtonElement>('button[aria-label="Show the details of Job posted"]')!;
    toggle.click();
    const region = await waitFor(() => {
      const found = main().querySelector<HTMLElement>('[role="region"][aria-label="Details of Job posted"]');
      if (!found) throw new Error('no details');
      return found;
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const pairs = [...region.querySelectorAll('dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`);
    expect(pairs).toEqual(expect.arrayContaining(['title=Forklift driver', 'credits_spent=1', 'featured=No', 'tags=night, warehouse']));
    expect(region.textContent).toContain('job.posted');
    byText("Only Sofia Martinez's actions", region)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe(`?actor=${SOFIA.id}`));
    await waitFor(() => expect(lastList(calls)).toContain(`&actor=${SOFIA.id}`));
    expect(main().textContent).toContain('Only Sofia Martinez');
  });

  it('offers only actions the account trail records, and names impersonations', async () => {
    const started = entry(4, { action: 'auth.impersonation_start', subject_type: 'user', subject_id: SOFIA.id, subject_name: SOFIA.name, data: {} });
    fakeApi(list([started]));
    await open('/acme/audit');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cells(0).join(' ')).toContain('Impersonation started');
    // Who was impersonated, by name as well as by id.
    expect(cells(0).join(' ')).toContain(`User${SOFIA.name}${SOFIA.id}`);
    const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.textContent);
    // Sign-ins, passwords and profiles belong to no account: the account's trail never holds them.
    type(labelled('Action') as HTMLInputElement, 'sign');
    await waitFor(() => expect(options()).toContain('Sign-in and profile: every action'));
    expect(options()).not.toContain('Failed sign-in');
    expect(options()).not.toContain('Signed in');
    type(labelled('Action') as HTMLInputElement, 'impersonation');
    await waitFor(() => expect(options()).toContain('Impersonation started'));
    expect(options()).not.toContain('Password changed');
  });

  it('writes each filter to the URL and asks the API with it', async () => {
    const { calls } = fakeApi(list(ENTRIES));
    const router = await open('/acme/audit');
    await waitFor(() => expect(rows()).toHaveLength(3));
    type(labelled('Who (email)') as HTMLInputElement, 'erin@');
    await waitFor(() => expect(router.state.location.searchStr).toBe('?actor_email=erin%40'));
    const impersonating = [...document.querySelectorAll('label')].find((l) => l.textContent === 'Only actions taken while impersonating')!;
    impersonating.querySelector('input')!.click();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ impersonated_only: 'true' }));
    await pick('Subject type', 'Employer');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ subject_type: 'employer' }));
    type(labelled('From') as HTMLInputElement, '2025-03-01');
    type(labelled('To') as HTMLInputElement, '2025-03-31');
    // The action: a family picked by name.
    const action = labelled('Action') as HTMLInputElement;
    type(action, 'employers');
    const family = await waitFor(() => {
      const o = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((el) => el.textContent === 'Employers: every action');
      if (!o) throw new Error('no option');
      return o;
    });
    family.click();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ action: 'employer.', from: '2025-03-01', to: '2025-03-31' }));
    await waitFor(() => expect(Object.fromEntries(new URL(lastList(calls)!.slice(4), 'http://portal.test').searchParams)).toEqual({
      page: '1',
      per_page: '25',
      sort: '-created_at',
      actor_email: 'erin@',
      impersonated_only: 'true',
      action: 'employer.',
      subject_type: 'employer',
      from: '2025-03-01',
      to: '2025-03-31',
    }));
  });

  it('says when nothing matches the filters and clears them, when nothing is recorded, and when loading failed', async () => {
    fakeApi(list([]));
    const router = await open('/acme/audit?action=job.&impersonated_only=true');
    const status = () => main().querySelector('[role="status"]');
    await waitFor(() => expect(status()?.textContent).toContain('No entries match these filters'));
    byText('Clear filters', status()!)!.click();
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    await waitFor(() => expect(status()?.textContent).toContain('Nothing recorded yet'));
    cleanup();
    fakeApi((method, url) => (url.pathname === ACCOUNT_URL ? Response.json({ message: 'Unknown error.' }, { status: 500 }) : undefined));
    await open('/acme/audit', ADMIN, 'main [role="alert"]');
    expect(main().querySelector('[role="alert"]')?.textContent).toContain('The audit trail could not be loaded.');
    expect(byText('Try again')).toBeDefined();
  });

  it('exports the filtered list as CSV', async () => {
    let accept: string | null = null;
    const csv: Handler = (method, url, _body, headers) => {
      if (url.pathname !== ACCOUNT_URL || headers.get('Accept') !== 'text/csv') return undefined;
      accept = headers.get('Accept');
      return new Response('ID,Time\r\n', { headers: { 'Content-Type': 'text/csv' } });
    };
    const { calls } = fakeApi(csv, list(ENTRIES));
    const saved: string[] = [];
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      await open('/acme/audit?action=job.');
      await waitFor(() => expect(rows()).toHaveLength(3));
      byText('Export CSV')!.click();
      await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^audit-\d{4}-\d{2}-\d{2}\.csv$/)]));
      expect(accept).toBe('text/csv');
      expect(calls).toContain(`GET ${ACCOUNT_URL}?page=1&per_page=25&sort=-created_at&action=job.`);
    } finally {
      for (const spy of [click, objectUrl, revoke]) spy.mockRestore();
    }
  });

  it('is for account admins: a site manager is sent to not-authorized and has no link to it', async () => {
    fakeApi(list(ENTRIES));
    const router = await open('/acme/audit', { [`site:${S}`]: ['users.all', 'jobs.all'] }, 'main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-authorized'));
    expect(document.querySelector('a[href="/acme/audit"]')).toBeNull();
  });
});

describe('Enterprise audit trail', () => {
  const ENTERPRISE_URL = '/portal/v1/enterprise/audit-logs';
  const acme = { id: A, slug: 'acme', name: 'Acme', title: 'Acme', domain: null, enabled: true, primary_color: null };
  const ACCOUNTS = page([{ ...acme, sites_count: 1, users_count: 2, created_at: '2025-01-10T09:00:00.000Z' }]);

  it("lists every account's entries with the account, without the selected scope's headers, and filters by account", async () => {
    const headers: Headers[] = [];
    const { calls } = fakeApi((method, url, _body, h) => {
      if (url.pathname === ENTERPRISE_URL) {
        headers.push(h);
        const signIn = entry(2, { action: 'auth.login', account: null, subject_type: 'session' });
        return page([entry(1, { account: { id: A, name: 'Acme' } }), signIn]);
      }
      return url.pathname === '/portal/v1/enterprise/accounts' ? ACCOUNTS : undefined;
    });
    const router = await open('/enterprise/audit', { enterprise: ['all'] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(document.querySelector('main h1')?.textContent).toBe('Enterprise audit trail');
    expect([...main().querySelectorAll('thead th')].map((th) => th.textContent)).toContain('Account');
    expect(cells(0).slice(3)).toEqual(['Job posted', 'Jobjob-0001', 'Acme', '203.0.113.7']);
    expect(cells(1).slice(3, 6)).toEqual(['Signed in', 'Sign-in sessionjob-0001', 'Enterprise']);
    expect(headers[0]!.get('X-AF-AID')).toBeNull();
    expect(document.querySelector('nav a[href="/enterprise/audit"]')).not.toBeNull();
    await pick('Account', 'Acme');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ account: A }));
    const asked = `GET ${ENTERPRISE_URL}?page=1&per_page=25&sort=-created_at&account=${A}`;
    await waitFor(() => expect(lastList(calls, ENTERPRISE_URL)).toBe(asked));
  });

  it("is for enterprise staff: an account admin's `all` does not reach it", async () => {
    fakeApi();
    const router = await open('/enterprise/audit', ADMIN, 'main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-authorized'));
    expect(document.querySelector('a[href="/enterprise/audit"]')).toBeNull();
  });
});
