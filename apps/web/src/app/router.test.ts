// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter, pathOfRoute, routeByName } from './router';
import { session } from '../lib/session';

afterEach(() => session.clear());

async function land(path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return router.state.location;
}

describe('route table and guard wiring', () => {
  it('resolves route names to their paths', () => {
    expect(pathOfRoute('root')).toBe('/');
    expect(pathOfRoute('login')).toBe('/login');
    expect(pathOfRoute('not-authorized')).toBe('/not-authorized');
  });

  it('registers the spec’s route table with its meta', () => {
    expect(pathOfRoute('applications-id-tab')).toBe('/$account/$site/applications/$id/$tab');
    expect(pathOfRoute('consultants-id-edit')).toBe('/$account/$site/consultants/$id/edit');
    expect(pathOfRoute('credit-system-payment-success')).toBe('/$account/$site/credit-system/payment-success');
    expect(pathOfRoute('jobs-flagged-jobs')).toBe('/$account/$site/jobs/flagged-jobs');
    expect(pathOfRoute('seekers-id-tab')).toBe('/$account/$site/seekers/$id/$tab');
    expect(pathOfRoute('users')).toBe('/$account/users');
    expect(pathOfRoute('auth-profile-password')).toBe('/auth/profile/password');
    expect(pathOfRoute('enterprise-accounts-create')).toBe('/enterprise/accounts/create');
    const meta = (name: Parameters<typeof routeByName>[0]) => routeByName(name)?.options.staticData?.meta;
    expect(meta('jobs')).toMatchObject({ action: 'view', subject: 'jobs', layout: 'default' });
    expect(meta('jobs-create')).toMatchObject({ action: 'create', subject: 'jobs', navActiveLink: 'jobs' });
    expect(meta('employers-hold')).toMatchObject({ action: 'approve', subject: 'employers' });
    expect(meta('consultants-id')).toMatchObject({ navActiveLink: 'consultants' });
    expect(meta('consultants-id-edit')).toMatchObject({ navActiveLink: 'consultants' });
    expect(meta('credit-system')).toMatchObject({ action: 'view', subject: 'credits' });
    expect(meta('settings')).toMatchObject({ action: 'view', subject: 'settings' });
    expect(meta('sites')).toMatchObject({ action: 'view', subject: 'sites' });
    expect(meta('enterprise-accounts')).toMatchObject({ action: 'view', subject: 'enterprise' });
    expect(meta('auth-profile-password')).toEqual({ layout: 'blank', unauthenticatedOnly: true });
  });

  it('sends an anonymous visitor of a protected page to login, carrying the query and `to`', async () => {
    const location = await land('/dev/mail?page=2');
    expect(location.pathname).toBe('/login');
    expect(location.href).toBe('/login?page=2&to=%2Fdev%2Fmail%3Fpage%3D2');
  });

  it('keeps public pages (not-authorized, not-found aliases) open to anonymous visitors', async () => {
    expect((await land('/not-authorized')).pathname).toBe('/not-authorized');
    expect((await land('/no/such/page')).pathname).toBe('/no/such/page');
    expect((await land('/pages/misc/not-found/anything')).pathname).toBe('/pages/misc/not-found/anything');
  });
});

describe('route guard for a signed-in user', () => {
  const user = {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ada Admin',
    email: 'admin@acme.test',
    avatar: null,
    permissions: {} as Record<string, string[]>,
    accounts: [],
  };
  const signIn = async (permissions: Record<string, string[]>) => {
    const { queryClient } = await import('../lib/query-client');
    const { currentUserQuery } = await import('../lib/current-user');
    session.setToken('t0ken');
    queryClient.setQueryData(currentUserQuery.queryKey, { ...user, permissions });
  };

  it('sends a signed-in user away from unauthenticated-only pages to the root path', async () => {
    await signIn({});
    expect((await land('/login')).pathname).toBe('/');
    expect((await land('/forgot-password')).pathname).toBe('/');
  });

  it('lets a signed-in user in, and sends one without the required permission to not-authorized', async () => {
    await signIn({});
    expect((await land('/dev/mail')).pathname).toBe('/dev/mail');
    await signIn({ enterprise: ['!portal.access'] });
    expect((await land('/dev/mail')).pathname).toBe('/not-authorized');
  });
});

describe('scoped paths follow the selection', () => {
  const A = '00000000-0000-4000-8000-00000000000a';
  const A1 = '00000000-0000-4000-8000-0000000000a1';
  const A2 = '00000000-0000-4000-8000-0000000000a2';
  const manager = {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Daniel Okafor',
    email: 'manager@acme.test',
    avatar: null,
    // Jobs only at the executive site: the guard must judge a page by the site its path selects.
    permissions: { [`site:${A2}`]: ['jobs.view'] } as Record<string, string[]>,
    accounts: [
      {
        id: A,
        name: 'Acme',
        slug: 'acme',
        sites: [
          { id: A1, name: 'Acme Jobs', slug: 'jobs', employers: [] },
          { id: A2, name: 'Acme Executive', slug: 'executive', employers: [] },
        ],
      },
    ],
  };
  const signIn = async (user: typeof manager) => {
    const { queryClient } = await import('../lib/query-client');
    const { currentUserQuery } = await import('../lib/current-user');
    session.setToken('t0ken');
    session.setScope({ accountId: A, siteId: A1, employerId: null });
    queryClient.setQueryData(currentUserQuery.queryKey, user);
  };

  it('selects the reachable account and site a path names, before the guard checks the page', async () => {
    await signIn(manager);
    const location = await land('/acme/executive/jobs?status=live#top');
    expect(location.href).toBe('/acme/executive/jobs?status=live#top');
    expect(session.get().scope).toEqual({ accountId: A, siteId: A2, employerId: null });
  });

  it('replaces slugs the user cannot reach with the selected ones, keeping the rest of the path', async () => {
    await signIn(manager);
    session.setScope({ accountId: A, siteId: A2, employerId: null });
    const location = await land('/globex/jobs/jobs?page=2');
    expect(location.href).toBe('/acme/executive/jobs?page=2');
    expect(session.get().scope.siteId).toBe(A2);
  });

  it('sends a user with nothing selected home, and an anonymous visitor to login with the path intact', async () => {
    await signIn({ ...manager, accounts: [] });
    expect((await land('/acme/jobs/settings')).pathname).toBe('/');
    session.clear();
    expect((await land('/acme/jobs/settings')).href).toBe('/login?to=%2Facme%2Fjobs%2Fsettings');
  });

  it('keeps static paths apart from scoped ones', async () => {
    await signIn(manager);
    expect((await land('/auth/profile/settings')).pathname).toBe('/auth/profile/settings');
    expect((await land('/dev/mail')).pathname).toBe('/dev/mail');
    // Site level but not permitted at the selected site: the guard answers.
    expect((await land('/acme/jobs/settings')).pathname).toBe('/not-authorized');
  });
});
