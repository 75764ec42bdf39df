// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Branding } from '@hireline/contract/branding';
import { detail, fakeApi, id, openApp, summary } from '../features/jobs/jobs.fixtures';
import { hostBranding } from '../features/settings/settings.fixtures';
import { applyBranding } from '../lib/branding';
import i18n from '../lib/i18n';
import { json, labelled, mountApp, type, unmountApp } from '../test/app-harness';
import { waitFor } from '../test/wait';

/* The browser tab names the page, in the reader's language, after the brand of the host the portal is served on. */

afterEach(async () => {
  unmountApp();
  await i18n.changeLanguage('en-US');
});

const brand = (title: string): Branding => ({ ...hostBranding('#7367F0'), title });
const ACME = brand('Acme Careers');
const GLOBEX = brand('Globex Jobs');
const JOB = id(7);
const MANAGER = ['jobs.all', 'applications.view'];

/** The jobs list and one job; a signed-out visitor's login (asked for a second step) and its providers. */
function api(job: 'answers' | 'never answers' = 'answers') {
  fakeApi((method, url) => {
    if (url.pathname === '/portal/v1/jobs') return { data: [summary(1)], meta: { page: 1, per_page: 25, total: 1 } };
    if (url.pathname === `/portal/v1/jobs/${JOB}/detail`) return detail(7, { title: 'Forklift driver' });
    if (url.pathname === '/portal/auth/oauth/providers') return [];
    if (method === 'POST' && url.pathname === '/portal/auth/login')
      return json(200, { mfa_required: true, mfa_token: 'challenge-1', expires_at: '2030-01-01T00:00:00.000Z' });
    return undefined;
  });
  if (job === 'answers') return;
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith('/detail') ? new Promise<Response>(() => {}) : answer(input, init),
  );
}

const titleIs = (title: string) => waitFor(() => expect(document.title).toBe(title));

describe('page titles', () => {
  for (const branding of [ACME, GLOBEX]) {
    const name = branding.title;

    it(`names list, detail, sign-in, two-step and not-found pages after "${name}"`, async () => {
      applyBranding(branding);
      api();
      const router = await openApp('/acme/jobs/jobs', MANAGER);
      await titleIs(`Jobs · ${name}`);

      await router.navigate({ href: `/acme/jobs/jobs/${JOB}` });
      await titleIs(`Forklift driver · ${name}`);
      // Back on the list, the record's name is gone with its page.
      await router.navigate({ href: '/acme/jobs/jobs' });
      await titleIs(`Jobs · ${name}`);
      unmountApp();

      await mountApp('/no-such-page', { ready: 'main h1' });
      await titleIs(`Page not found · ${name}`);
      unmountApp();

      api();
      await mountApp('/login', { ready: 'main h1' });
      await titleIs(`Sign in · ${name}`);
      type(labelled('Email') as HTMLInputElement, 'manager@acme.test');
      type(labelled('Password') as HTMLInputElement, 'Recruit-Demo-1');
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Sign in')!.click();
      await titleIs(`Two-step sign-in · ${name}`);
    });
  }

  it('shows the brand alone while a record loads, not the previous page or a generic name', async () => {
    applyBranding(ACME);
    api('never answers');
    const router = await openApp('/acme/jobs/jobs', MANAGER);
    await titleIs('Jobs · Acme Careers');
    void router.navigate({ href: `/acme/jobs/jobs/${JOB}` });
    await waitFor(() => expect(document.querySelector('main [aria-busy]')).not.toBeNull());
    expect(document.title).toBe('Acme Careers');
  });

  it('names an unknown record "not found"', async () => {
    applyBranding(GLOBEX);
    api();
    await openApp(`/acme/jobs/jobs/not-a-job`, MANAGER);
    await titleIs('Job not found · Globex Jobs');
  });

  it('keeps the page part when the branding changes, and speaks French and Arabic in the same order', async () => {
    applyBranding(ACME);
    api();
    await openApp('/acme/jobs/jobs', MANAGER);
    await titleIs('Jobs · Acme Careers');
    applyBranding(GLOBEX);
    expect(document.title).toBe('Jobs · Globex Jobs');

    await i18n.changeLanguage('fr');
    await titleIs('Offres · Globex Jobs');
    await i18n.changeLanguage('ar');
    await titleIs('الوظائف · Globex Jobs');
  });

  it('says a French reader is signing in', async () => {
    await i18n.changeLanguage('fr');
    applyBranding(ACME);
    api();
    await mountApp('/login', { ready: 'main h1' });
    await titleIs('Connexion · Acme Careers');
  });
});
