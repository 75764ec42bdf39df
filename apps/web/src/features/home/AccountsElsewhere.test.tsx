// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/current-user';
import { mountApp, unmountApp } from '../../test/app-harness';
import { waitFor } from '../../test/wait';

/* Signed in on another tenant's host: the home page says where the user's accounts are instead of "no access". */

const GLOBEX = '00000000-0000-4000-8000-00000000000b';
const user = (elsewhere?: CurrentUser['accounts_elsewhere']): CurrentUser => ({
  id: '00000000-0000-4000-8000-000000000009',
  name: 'Grace Globex',
  email: 'admin@globex.test',
  avatar: null,
  permissions: {},
  accounts: [],
  ...(elsewhere ? { accounts_elsewhere: elsewhere } : {}),
});

afterEach(unmountApp);

const section = () => document.querySelector('section[aria-labelledby="accounts-title"]')!;

describe('home page on a host that is not the user’s', () => {
  it('links to the portal of each of their accounts', async () => {
    await mountApp('/', { user: user([{ id: GLOBEX, name: 'Globex Talent', url: 'http://globex.localhost:3000' }]) });
    await waitFor(() => expect(section().textContent).toContain('Your accounts are on'));
    const links = [...section().querySelectorAll('a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') }));
    expect(links).toContainEqual({ text: 'Globex Talent', href: 'http://globex.localhost:3000' });
    expect(section().textContent).not.toContain("You don't have access to any account yet.");
  });

  it('still says there is no access when the user has no account anywhere', async () => {
    await mountApp('/', { user: user() });
    await waitFor(() => expect(section().textContent).toContain("You don't have access to any account yet."));
    expect(section().querySelectorAll('a')).toHaveLength(0);
  });
});
