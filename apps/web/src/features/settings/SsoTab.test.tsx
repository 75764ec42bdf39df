// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthProvider } from '@hireline/contract/sso';
import { ACCOUNT_ADMIN, bodiesOf, button, cleanup, dialog, expectSnackbar, find, main, openSettings, settingsApi, type } from './settings.fixtures';
import { waitFor } from '../../test/wait';

afterEach(cleanup);

const URL_PATH = '/portal/v1/accounts/oauth-providers';
const OKTA: OAuthProvider = {
  id: '00000000-0000-4000-8000-000000000a01',
  slug: 'okta',
  name: 'Okta',
  issuer: 'https://acme.okta.example/oauth2/default',
  client_id: 'portal',
  has_secret: true,
  allowed_domains: ['acme.test'],
  enabled: true,
  new_users: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const GOOGLE: OAuthProvider = {
  ...OKTA,
  id: '00000000-0000-4000-8000-000000000a02',
  slug: 'google',
  name: 'Google',
  allowed_domains: [],
  enabled: false,
  new_users: { role: 'consultant', role_name: 'Consultant', site_id: '00000000-0000-4000-8000-0000000005a1', site_name: 'Acme Jobs' },
};
const ROLES = [
  { key: 'account_admin', name: 'Account admin', level: 'account', editable: true },
  { key: 'consultant', name: 'Consultant', level: 'site', editable: true },
  { key: 'employer_admin', name: 'Employer admin', level: 'employer', editable: true },
  { key: 'auditor', name: 'Auditor', level: 'account', editable: false },
].map((r, i) => ({ ...r, id: `00000000-0000-4000-8000-0000000007${i}0`, permissions: [], members_count: 0, built_in: false }));
const SITES = [
  { id: '00000000-0000-4000-8000-0000000005a1', slug: 'jobs', name: 'Acme Jobs' },
  { id: '00000000-0000-4000-8000-0000000005a2', slug: 'executive', name: 'Acme Executive' },
].map((s) => ({ ...s, domain: null, board_enabled: true, enabled: true, jobs_count: 0, employers_count: 0, created_at: '2025-01-01T00:00:00.000Z' }));

const tabNames = () => [...document.querySelectorAll('main [role="tab"]')].map((tab) => tab.textContent);
const rows = () => [...main().querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));
const fieldIn = (scope: ParentNode, label: string) => {
  const found = [...scope.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  return (found ? document.getElementById(found.htmlFor) : null) as HTMLInputElement | null;
};
const switchFor = (label: string) => main().querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);

/** What the API answers for a body's `new_users`: the role and site by name. */
function answered(body: unknown, current: OAuthProvider): OAuthProvider['new_users'] {
  const sent = (body as { new_users?: { role: string; site_id: string | null } | null }).new_users;
  if (sent === undefined) return current.new_users;
  if (sent === null) return null;
  const site = SITES.find((s) => s.id === sent.site_id);
  return { role: sent.role, role_name: ROLES.find((r) => r.key === sent.role)!.name, site_id: site?.id ?? null, site_name: site?.name ?? null };
}

/** The providers API: the list, and what create, update and delete answer. */
function ssoApi(list: OAuthProvider[]) {
  return settingsApi((method, url, body) => {
    if (url.pathname === URL_PATH && method === 'GET') return list;
    if (url.pathname === '/portal/v1/accounts/roles') return { data: ROLES, vocabulary: { subjects: [], actions: [] } };
    if (url.pathname === '/portal/v1/accounts/sites') return { data: SITES, meta: { page: 1, per_page: 100, total: SITES.length } };
    if (url.pathname === URL_PATH && method === 'POST')
      return Response.json({ ...OKTA, ...(body as object), id: '00000000-0000-4000-8000-000000000a03', has_secret: true }, { status: 201 });
    const id = url.pathname.slice(URL_PATH.length + 1);
    const current = list.find((p) => p.id === id);
    if (current && method === 'PATCH') return { ...current, ...(body as object), new_users: answered(body, current) };
    if (current && method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
}

describe('Single sign-on tab', () => {
  it('is offered to account admins only, like the branding tab', async () => {
    ssoApi([]);
    await openSettings('/acme/jobs/settings');
    await waitFor(() => expect(tabNames()).toContain('General'));
    expect(tabNames()).not.toContain('Single sign-on');
    cleanup();

    ssoApi([]);
    await openSettings('/acme/jobs/settings?tab=sso', ACCOUNT_ADMIN);
    await waitFor(() => expect(main().textContent).toContain('No providers yet'));
    expect(tabNames()).toContain('Single sign-on');
  });

  it('lists the providers with their domains and callback URL, and turns one off', async () => {
    const { calls } = ssoApi([GOOGLE, OKTA]);
    await openSettings('/acme/jobs/settings?tab=sso', ACCOUNT_ADMIN);
    await waitFor(() => expect(rows()[1]?.[0]).toBe('Oktaokta'));
    expect(rows()[0]!.slice(0, 4)).toEqual(['Googlegoogle', OKTA.issuer, 'Any domain', 'Consultant at Acme Jobs']);
    expect(rows()[1]!.slice(0, 4)).toEqual(['Oktaokta', OKTA.issuer, 'acme.test', 'Refused: invite them first']);
    expect(main().textContent).not.toContain('secret');
    await button('Copy the callback URL of Okta');

    switchFor('Offer Okta on the login page')!.click();
    await waitFor(() => expect(bodiesOf(calls, `PATCH ${URL_PATH}/${OKTA.id}`)).toEqual([{ enabled: false }]));
    await expectSnackbar('Okta is no longer offered on the login page.');
  });

  it('adds a provider with the contract’s rules, showing the callback URL to register', async () => {
    const { calls } = ssoApi([]);
    await openSettings('/acme/jobs/settings?tab=sso', ACCOUNT_ADMIN);
    (await button('Add provider')).click();
    const form = await find('[role="dialog"]');
    type(fieldIn(form, 'Button name')!, 'Okta');
    type(fieldIn(form, 'Slug')!, 'okta');
    type(fieldIn(form, 'Issuer URL')!, 'http://acme.okta.example');
    type(fieldIn(form, 'Client ID')!, 'portal');
    type(fieldIn(form, 'Client secret')!, 's3cret');
    type(fieldIn(form, 'Allowed email domains')!, 'acme.test, @bad');
    await waitFor(() =>
      expect((fieldIn(form, 'Callback URL to register at the provider') as HTMLInputElement).value).toBe(
        `${window.location.origin}/portal/auth/oauth/okta/callback`,
      ),
    );
    (await button('Add provider', form)).click();
    await waitFor(() => expect(form.textContent).toContain('Enter the issuer as an https:// URL without a query'));
    expect(form.textContent).toContain('Enter domain names such as example.com');
    expect(calls.some((c) => c.startsWith(`POST ${URL_PATH}`))).toBe(false);

    type(fieldIn(form, 'Issuer URL')!, 'https://acme.okta.example');
    type(fieldIn(form, 'Allowed email domains')!, 'acme.test staff.acme.test');
    (await button('Add provider', form)).click();
    await waitFor(() =>
      expect(bodiesOf(calls, `POST ${URL_PATH}`)).toEqual([
        {
          name: 'Okta',
          issuer: 'https://acme.okta.example',
          client_id: 'portal',
          allowed_domains: ['acme.test', 'staff.acme.test'],
          enabled: true,
          new_users: null,
          slug: 'okta',
          client_secret: 's3cret',
        },
      ]),
    );
    await expectSnackbar('Okta was added.');
  });

  it('edits without sending the slug or an empty secret, and deletes after asking', async () => {
    const { calls } = ssoApi([OKTA]);
    await openSettings('/acme/jobs/settings?tab=sso', ACCOUNT_ADMIN);
    (await button('Edit Okta')).click();
    const form = await find('[role="dialog"]');
    await waitFor(() => expect(fieldIn(form, 'Button name')!.value).toBe('Okta'));
    expect(fieldIn(form, 'Client secret')!.value).toBe('');
    expect(form.textContent).toContain('Leave empty to keep the current secret');
    expect(fieldIn(form, 'Slug')!.readOnly).toBe(true);
    type(fieldIn(form, 'Button name')!, 'Okta staff');
    (await button('Save changes', form)).click();
    await waitFor(() =>
      expect(bodiesOf(calls, `PATCH ${URL_PATH}/${OKTA.id}`)).toEqual([
        { name: 'Okta staff', issuer: OKTA.issuer, client_id: 'portal', allowed_domains: ['acme.test'], enabled: true, new_users: null },
      ]),
    );
    await waitFor(() => expect(dialog()).toBeNull());

    (await button('Delete Okta')).click();
    const confirm = await find('[role="dialog"]');
    expect(confirm.textContent).toContain('Delete Okta?');
    (await button('Delete provider', confirm)).click();
    await waitFor(() => expect(calls).toContain(`DELETE ${URL_PATH}/${OKTA.id}`));
    await expectSnackbar('Okta was deleted.');
  });

  it('gives people new to the account a role: account roles alone, site roles with a site, roles the caller lacks disabled', async () => {
    const { calls } = ssoApi([OKTA, GOOGLE]);
    await openSettings('/acme/jobs/settings?tab=sso', ACCOUNT_ADMIN);
    (await button('Edit Okta')).click();
    const form = await find('[role="dialog"]');
    const role = () => fieldIn(form, 'Role on first sign-in') as unknown as HTMLSelectElement;
    await waitFor(() => expect(role().options.length).toBe(4));
    expect([...role().options].map((o) => [o.text, o.disabled])).toEqual([
      ['None: only invited people may sign in', false],
      ['Account admin (whole account)', false],
      ['Consultant (at one site)', false],
      ['Auditor (whole account)', true],
    ]);
    expect(form.textContent).toContain('invite people first');
    expect(fieldIn(form, 'Site')).toBeNull();

    choose(role(), 'consultant');
    const site = await waitFor(() => fieldIn(form, 'Site') as unknown as HTMLSelectElement);
    (await button('Save changes', form)).click();
    await waitFor(() => expect(form.textContent).toContain('This field is required.'));
    expect(calls.some((c) => c.startsWith(`PATCH ${URL_PATH}/${OKTA.id}`))).toBe(false);

    choose(site, SITES[1]!.id);
    (await button('Save changes', form)).click();
    await waitFor(() =>
      expect(bodiesOf(calls, `PATCH ${URL_PATH}/${OKTA.id}`)).toEqual([
        expect.objectContaining({ new_users: { role: 'consultant', site_id: SITES[1]!.id } }),
      ]),
    );
    await waitFor(() => expect(dialog()).toBeNull());

    // An account role leaves no site behind; the current choice shows when editing.
    (await button('Edit Google')).click();
    const again = await find('[role="dialog"]');
    await waitFor(() => expect((fieldIn(again, 'Site') as unknown as HTMLSelectElement).value).toBe(SITES[0]!.id));
    choose(fieldIn(again, 'Role on first sign-in') as unknown as HTMLSelectElement, 'account_admin');
    await waitFor(() => expect(fieldIn(again, 'Site')).toBeNull());
    (await button('Save changes', again)).click();
    await waitFor(() =>
      expect(bodiesOf(calls, `PATCH ${URL_PATH}/${GOOGLE.id}`)).toEqual([expect.objectContaining({ new_users: { role: 'account_admin', site_id: null } })]),
    );
  });
});

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
