import type { EnterpriseAccountDetail } from '@hireline/contract/enterprise';
import { mountApp } from '../../test/app-harness';
import { A, S } from '../../test/site-fixtures';

/* Shared by the enterprise tests: the whole app signed in as enterprise staff (`enterprise.all` at the enterprise). */

export { buttons, byText, cleanup, dialog, fakeApi, type } from '../../test/site-fixtures';
export { labelled } from '../../test/app-harness';

export const acid = (n: number) => `00000000-0000-4000-8000-0000000010${String(n).padStart(2, '0')}`;

export function account(n: number, over: Partial<EnterpriseAccountDetail> = {}): EnterpriseAccountDetail {
  return {
    id: acid(n),
    slug: `account-${n}`,
    name: `Account ${n}`,
    title: `Account ${n} careers`,
    domain: null,
    enabled: true,
    primary_color: '#7367F0',
    sites_count: 1,
    users_count: 2,
    created_at: '2025-01-10T09:00:00.000Z',
    sites: [{ id: '00000000-0000-4000-8000-0000000011a1', slug: 'jobs', name: `Account ${n} Jobs`, domain: null, enabled: true }],
    admins: [{ id: '00000000-0000-4000-8000-0000000012a1', name: 'Ada Admin', email: 'ada@account.test', invited: true }],
    employers_count: 3,
    jobs_count: 4,
    ...over,
  };
}

export const page = <T>(data: T[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length } });

/** Opens `path` as enterprise staff holding `permissions` at the enterprise. */
export function openEnterpriseApp(path: string, permissions: string[] = ['enterprise.all']) {
  return mountApp(path, {
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Erin Enterprise',
      email: 'erin@hireline.test',
      avatar: null,
      permissions: { enterprise: permissions },
      accounts: [{ id: A, name: 'Acme', slug: 'acme', sites: [{ id: S, name: 'Acme Jobs', slug: 'jobs', employers: [] }] }],
    },
    scope: { accountId: A, siteId: S, employerId: null },
  });
}
