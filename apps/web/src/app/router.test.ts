// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter, pathOfRoute } from './router';
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
