// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteSummary } from '@hireline/contract/sites';
import { labelled, mountApp } from '../../test/app-harness';
import { A, cleanup, dialog, fakeApi, main, S, type, type Handler } from '../../test/site-fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const site = (n: number, over: Partial<SiteSummary> = {}): SiteSummary => ({
  id: `00000000-0000-4000-8000-0000000000b${n}`,
  slug: n === 1 ? 'jobs' : `site-${n}`,
  name: n === 1 ? 'Acme Jobs' : `Site ${n}`,
  domain: n === 1 ? 'jobs.acme.test' : null,
  domain_verified: n === 1,
  board_enabled: n === 1,
  enabled: true,
  jobs_count: 12 * n,
  employers_count: 3 * n,
  created_at: '2025-01-10T09:00:00.000Z',
  ...over,
});
const SITES = [site(1), site(2, { enabled: false })];

const ADMIN = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Ada Admin',
  email: 'admin@acme.test',
  avatar: null,
  permissions: { [`account:${A}`]: ['all'] } as Record<string, string[]>,
  accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
};

function open(path: string, permissions = ADMIN.permissions) {
  return mountApp(path, { user: { ...ADMIN, permissions }, scope: { accountId: A, siteId: S, employerId: null } });
}
const me: Handler = (method, url) => (url.pathname === '/portal/auth/me' ? ADMIN : undefined);

const list = (rows: SiteSummary[]): Handler => (method, url) =>
  method === 'GET' && url.pathname === '/portal/v1/accounts/sites' ? { data: rows, meta: { page: 1, per_page: 25, total: rows.length } } : undefined;
const cells = (row: number) => [...main().querySelectorAll('tbody tr')[row]!.querySelectorAll('th, td')].map((c) => c.textContent);
const buttonNamed = (name: string, scope: ParentNode = document) =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
const toggle = (label: string) => [...document.querySelectorAll('label')].find((l) => l.textContent === label)!.querySelector('input')!;

describe('SitesPage', () => {
  it('lists the account’s sites, each linking to its settings when the user can open it', async () => {
    const { calls } = fakeApi(list(SITES));
    await open('/acme/sites');
    await waitFor(() => expect(main().querySelectorAll('tbody tr')).toHaveLength(2));
    expect(document.querySelector('main h1')?.textContent).toBe('Sites');
    expect([...main().querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Name', 'Slug', 'Domain', 'Job board', 'Status', 'Jobs', 'Employers', 'Created', 'Actions',
    ]);
    expect(cells(0)).toEqual(['Acme Jobs', 'jobs', 'jobs.acme.test', 'On', 'Enabled', '12', '3', 'Jan 10, 2025', '']);
    expect(cells(1).slice(0, 5)).toEqual(['Site 2', 'site-2', 'None', 'Off', 'Disabled']);
    expect(main().querySelector('tbody th a')?.getAttribute('href')).toBe('/acme/jobs/settings');
    // Site 2 is not in the user's reach (disabled): its name is not a link.
    expect(main().querySelectorAll('tbody tr')[1]!.querySelector('th a')).toBeNull();
    expect(calls).toContain('GET /portal/v1/accounts/sites?page=1&per_page=25&sort=name');
  });

  it('adds a site: the slug follows the name, a 422 lands on the slug, then it saves', async () => {
    let attempts = 0;
    const { calls } = fakeApi(list(SITES), me, (method, url, body) => {
      if (method !== 'POST' || url.pathname !== '/portal/v1/accounts/sites') return undefined;
      if (attempts++ === 0)
        return Response.json(
          { message: 'The given data was invalid.', errors: { slug: ['Another site of this account already uses this slug.'] } },
          { status: 422 },
        );
      return Response.json(site(3, body as Partial<SiteSummary>), { status: 201 });
    });
    await open('/acme/sites');
    await waitFor(() => expect(buttonNamed('Add site', main())).toBeDefined());
    buttonNamed('Add site', main())!.click();
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)?.textContent).toBe('Add a site');

    type(labelled('Name') as HTMLInputElement, 'Paris Jobs — Été');
    await waitFor(() => expect((labelled('Slug') as HTMLInputElement).value).toBe('paris-jobs-ete'));
    buttonNamed('Add site', dialog()!)!.click();
    await waitFor(() =>
      expect(calls).toContain(
        'POST /portal/v1/accounts/sites {"name":"Paris Jobs — Été","slug":"paris-jobs-ete","domain":null,"board_enabled":true}',
      ),
    );
    const slug = labelled('Slug') as HTMLInputElement;
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(slug.getAttribute('aria-describedby')!)?.textContent).toBe('Another site of this account already uses this slug.');

    // A slug typed by hand is kept when the name changes.
    type(slug, 'paris');
    type(labelled('Name') as HTMLInputElement, 'Paris Jobs');
    type(labelled('Domain') as HTMLInputElement, 'Jobs.Paris.test');
    toggle('Job board on').click();
    expect(slug.value).toBe('paris');
    buttonNamed('Add site', dialog()!)!.click();
    await waitFor(() =>
      expect(calls).toContain('POST /portal/v1/accounts/sites {"name":"Paris Jobs","slug":"paris","domain":"jobs.paris.test","board_enabled":false}'),
    );
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(document.querySelector('.MuiSnackbar-root')?.textContent).toContain('Paris Jobs was added.'));
    // The list and the user's sites (scope switcher, settings links) are asked for again.
    await waitFor(() => expect(calls.filter((c) => c.startsWith('GET /portal/v1/accounts/sites?'))).toHaveLength(2));
    await waitFor(() => expect(calls).toContain('GET /portal/auth/me'));
  });

  it('asks before disabling a site, then sends the change', async () => {
    const { calls } = fakeApi(list(SITES), (method, url, body) =>
      method === 'PATCH' && url.pathname === `/portal/v1/accounts/sites/${SITES[0]!.id}` ? { ...SITES[0], ...(body as object) } : undefined,
    );
    await open('/acme/sites');
    await waitFor(() => expect(buttonNamed('Edit Acme Jobs')).toBeDefined());
    buttonNamed('Edit Acme Jobs')!.click();
    await waitFor(() => expect((labelled('Name') as HTMLInputElement | null)?.value).toBe('Acme Jobs'));
    expect((labelled('Slug') as HTMLInputElement).readOnly).toBe(true);
    toggle('Site enabled').click();
    buttonNamed('Save changes', dialog()!)!.click();
    await waitFor(() => expect(dialog()?.textContent).toContain('Its job board goes offline at once'));
    expect(calls.some((c) => c.startsWith('PATCH'))).toBe(false);
    buttonNamed('Disable site', dialog()!)!.click();
    await waitFor(() =>
      expect(calls).toContain(
        `PATCH /portal/v1/accounts/sites/${SITES[0]!.id} {"name":"Acme Jobs","domain":"jobs.acme.test","board_enabled":true,"enabled":false}`,
      ),
    );
  });

  it('marks an unverified domain, shows what to publish, and verifies it (a 422 says what was not found)', async () => {
    const claimed = site(4, { name: 'Paris Jobs', slug: 'paris', domain: 'jobs.paris.example', domain_verified: false });
    const path = `/portal/v1/accounts/sites/${claimed.id}/domain-verification`;
    const doc = {
      domain: 'jobs.paris.example',
      verified: false,
      verified_at: null,
      txt_name: '_hireline-verify.jobs.paris.example',
      value: 'hireline-verify=0123456789abcdef0123456789abcdef',
      file_url: 'https://jobs.paris.example/.well-known/hireline-verify.txt',
    };
    let attempts = 0;
    const { calls } = fakeApi(list([site(1), claimed]), (method, url) => {
      if (url.pathname !== path) return undefined;
      if (method === 'GET') return doc;
      if (attempts++ === 0) return Response.json({ message: "Neither the TXT record nor the file with this site's value was found. DNS changes can take a while to be seen; try again later." }, { status: 422 });
      return { ...doc, verified: true, verified_at: '2025-02-01T10:00:00.000Z' };
    });
    await open('/acme/sites');
    await waitFor(() => expect(main().querySelectorAll('tbody tr')).toHaveLength(2));
    expect(cells(0)[2]).toBe('jobs.acme.test');
    expect(cells(1)[2]).toBe('jobs.paris.exampleUnverified');
    // Only the unverified domain offers the check.
    expect(buttonNamed('Verify jobs.acme.test')).toBeUndefined();
    buttonNamed('Verify jobs.paris.example')!.click();
    await waitFor(() => expect((labelled('Record name') as HTMLInputElement | null)?.value).toBe('_hireline-verify.jobs.paris.example'));
    expect((labelled('Record value') as HTMLInputElement).value).toBe(doc.value);
    expect((labelled('File address') as HTMLInputElement).value).toBe(doc.file_url);
    expect((labelled('File content') as HTMLInputElement).readOnly).toBe(true);

    buttonNamed('Verify', dialog()!)!.click();
    await waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toContain('Neither the TXT record nor the file'));
    buttonNamed('Verify', dialog()!)!.click();
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls.filter((c) => c.startsWith(`POST ${path}`))).toHaveLength(2);
    await waitFor(() => expect(document.querySelector('.MuiSnackbar-root')?.textContent).toContain('jobs.paris.example is verified'));
  });

  it('says when the account has no sites, and offers no add or edit to a user who may only view', async () => {
    fakeApi(list([]));
    await open('/acme/sites', { [`account:${A}`]: ['sites.view'] });
    await waitFor(() => expect(main().querySelector('[role="status"]')?.textContent).toContain('No sites yet'));
    expect(buttonNamed('Add site')).toBeUndefined();
  });

  it('shows the load error with a retry', async () => {
    fakeApi((method, url) =>
      url.pathname === '/portal/v1/accounts/sites' ? Response.json({ message: 'This action is unauthorized.' }, { status: 403 }) : undefined,
    );
    await open('/acme/sites');
    const alert = () => main().querySelector('[role="alert"]')?.textContent;
    await waitFor(() => expect(alert()).toContain('The sites could not be loaded.'));
    expect(buttonNamed('Try again')).toBeDefined();
  });
});
