import type { AccountRole, AccountUser } from '@hireline/contract/account-users';
import { mountApp } from '../../test/app-harness';
import { A, S } from '../../test/site-fixtures';

/*
 * Shared by the account users tests: the whole app signed in as an account admin of Acme (permissions held at the
 * account itself, as the users API wants them), with the site acme/jobs selected, and a faked API.
 */

export { A, S, buttons, byText, cleanup, dialog, fakeApi, type } from '../../test/site-fixtures';
export { labelled } from '../../test/app-harness';

export const S2 = '00000000-0000-4000-8000-0000000000a2';
export const ME = '00000000-0000-4000-8000-000000000003';
export const uid = (n: number) => `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`;
export const rid = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
export const WOMBAT = '00000000-0000-4000-8000-000000000311';

export const SITES = [
  { id: S, slug: 'jobs', name: 'Acme Jobs', domain: null, board_enabled: true, enabled: true, jobs_count: 0, employers_count: 0, created_at: '2025-01-01T00:00:00.000Z' },
  { id: S2, slug: 'care', name: 'Acme Care', domain: null, board_enabled: true, enabled: true, jobs_count: 0, employers_count: 1, created_at: '2025-01-01T00:00:00.000Z' },
];

export const role = (n: number, over: Partial<AccountRole> = {}): AccountRole => ({
  id: rid(n),
  key: `role_${n}`,
  name: `Role ${n}`,
  level: 'site',
  permissions: [],
  members_count: 0,
  built_in: false,
  editable: true,
  ...over,
});

export const ROLES: AccountRole[] = [
  role(1, { key: 'account_admin', name: 'Account admin', level: 'account', permissions: ['all'], members_count: 1, built_in: true }),
  role(2, { key: 'site_manager', name: 'Site manager', level: 'site', permissions: ['jobs.all', 'seekers.all'], members_count: 1, built_in: true }),
  role(3, { key: 'employer_admin', name: 'Employer admin', level: 'employer', permissions: ['jobs.view'], built_in: true }),
  role(4, { key: 'recruiter', name: 'Recruiter', level: 'site', permissions: ['jobs.view'] }),
];

export const VOCABULARY = {
  subjects: ['jobs', 'applications', 'seekers', 'users'],
  actions: ['view', 'create', 'update', 'delete', 'all'],
};

/**
 * What the API offers an account admin for this person: nothing on themselves (ME), else as their standing allows
 * (tests of other callers or of the last admin give their own).
 */
export function adminActions(u: Pick<AccountUser, 'id' | 'status' | 'mfa_enabled'>): AccountUser['allowed_actions'] {
  if (u.id === ME) return [];
  if (u.status === 'invited') return ['update_access', 'resend_invitation', 'remove'];
  const mfa = u.mfa_enabled ? (['reset_mfa'] as const) : [];
  return ['update_access', ...mfa, u.status === 'disabled' ? 'enable' : 'disable', 'remove'];
}

export function person(n: number, over: Partial<AccountUser> = {}): AccountUser {
  const u = personFields(n, over);
  return { ...u, allowed_actions: over.allowed_actions ?? adminActions(u) };
}

function personFields(n: number, over: Partial<AccountUser>): Omit<AccountUser, 'allowed_actions'> {
  return {
    id: uid(n),
    name: `Person ${n}`,
    email: `person${n}@acme.test`,
    avatar: null,
    status: 'active',
    memberships: [{ scope: 'site', site: { id: S, name: 'Acme Jobs' }, employer: null, role: { key: 'site_manager', name: 'Site manager' } }],
    last_active_at: null,
    created_at: '2025-01-10T09:00:00.000Z',
    ...over,
  };
}

export const page = <T>(data: T[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length } });

/** The account's standing answers: its roles, its sites and the employers of Acme Care (asked with that site's header). */
export function accountAnswers(method: string, url: URL, _body: unknown, headers: Headers): unknown {
  if (method !== 'GET') return undefined;
  if (url.pathname === '/portal/v1/accounts/roles') return { data: ROLES, vocabulary: VOCABULARY };
  if (url.pathname === '/portal/v1/accounts/sites') return page(SITES);
  if (url.pathname === '/portal/v1/employers' && headers.get('X-AF-SID') === S2) {
    return page([
      {
        id: WOMBAT,
        business_name: 'Wombat Builders',
        type: 'business',
        registration_number: null,
        industry: null,
        contact_name: null,
        contact_email: null,
        phone: null,
        status: 'active',
        enabled: true,
        credit_balance: 0,
        jobs_count: 0,
        logo: null,
        created_at: '2025-01-01T00:00:00.000Z',
      },
    ]);
  }
  return undefined;
}

/** Opens `path` as an account admin of Acme (`all` at the account), with acme/jobs selected. */
export function openAccountApp(path: string, permissions: string[] = ['all']) {
  return mountApp(path, {
    user: {
      id: ME,
      name: 'Olivia Admin',
      email: 'admin@acme.test',
      avatar: null,
      permissions: { [`account:${A}`]: permissions },
      accounts: [
        {
          id: A,
          name: 'Acme',
          slug: 'acme',
          sites: [
            { id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] },
            { id: S2, name: 'Acme Care', slug: 'care', employers: [] },
          ],
        },
      ],
    },
    scope: { accountId: A, siteId: S, employerId: null },
  });
}
