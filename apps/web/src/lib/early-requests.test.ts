// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { me } from '@hireline/contract/auth';
import { getBranding } from '@hireline/contract/branding';
import { waitFor } from '../test/wait';

/*
 * public/early.js sends the branding request (and, for a stored session, /auth/me) before the app's code has
 * downloaded; the app adopts an answer only when it would have sent exactly that request. These tests hold the plain
 * script to the contract and to what the app sends.
 */
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../public/early.js'), 'utf8');
const BRANDING = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Acme',
  title: 'Acme Careers',
  branding: {
    colors: { primary_color: '#112233', primary_darken_color: '#000000' },
    stylesheet: { path: null },
    favicon: null,
    logo: null,
    login: {},
    forgot_password: {},
    register: {},
  },
  settings: { is_board: false, account_id: '00000000-0000-4000-8000-000000000002', site_id: null, locale: 'en-US', multi_language: false },
  logo_square: null,
};

const USER = { id: '00000000-0000-4000-8000-000000000003', name: 'Ada', email: 'ada@acme.test', avatar: null, permissions: {}, accounts: [] };
const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function runEarlyScript(enterpriseKey: string, token?: string) {
  document.head.innerHTML = `<meta name="af-enterprise-key" content="${enterpriseKey}" />`;
  localStorage.clear();
  if (token) localStorage.setItem('hireline:token', JSON.stringify(token));
  new Function(script)();
}

/** The requests sent so far, as `url` and the headers that matter here. */
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => {
    const headers = new Headers(init?.headers);
    return { url: String(url), eid: headers.get('X-AF-EID'), auth: headers.get('Authorization'), brand: headers.get('X-AF-Branding-Token') };
  });

beforeEach(() => {
  vi.resetModules();
  // Applying branding links the loader stylesheet; there is no server to fetch it from here.
  const happyDom = (window as { happyDOM?: { settings: Record<string, unknown> } }).happyDOM;
  if (happyDom) Object.assign(happyDom.settings, { disableCSSFileLoading: true, handleDisabledFileLoadingAsSuccess: true });
  fetchMock = vi.fn<typeof fetch>(async (url) => answer(String(url).includes('/auth/me') ? USER : BRANDING));
  vi.stubGlobal('fetch', fetchMock);
  delete (window as { __hirelineEarly?: unknown }).__hirelineEarly;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('early branding request', () => {
  it("asks for the contract's branding URL of this host, with the deployment's enterprise key", async () => {
    runEarlyScript('acme-ent');
    const { endpointUrl } = await import('./api-client');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(endpointUrl(getBranding, { query: { domain: window.location.hostname } }));
    expect(new Headers(init?.headers).get('X-AF-EID')).toBe('acme-ent');
  });

  it('is adopted by the app: one request, and the branding it answered is applied', async () => {
    runEarlyScript('acme-ent');
    const { loadBranding, getBrandingSnapshot } = await import('./branding');
    await expect(loadBranding()).resolves.toMatchObject({ title: 'Acme Careers' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getBrandingSnapshot()?.id).toBe(BRANDING.id);
    // No page has named itself yet: the tab shows the brand alone.
    expect(document.title).toBe('Acme Careers');
  });

  it('sends nothing when the page was not served by the API (the placeholder is still there)', async () => {
    runEarlyScript('%AF_EID%');
    expect(fetchMock).not.toHaveBeenCalled();
    const { loadBranding } = await import('./branding');
    await loadBranding();
    // The app then asks itself.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks who is signed in once the branding is in, as the app would: token, enterprise and branding id', async () => {
    runEarlyScript('acme-ent', 'tok-1');
    const { endpointUrl } = await import('./api-client');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sent()[1]).toEqual({ url: endpointUrl(me), eid: 'acme-ent', auth: 'Bearer tok-1', brand: BRANDING.id });
  });

  it('is adopted by the app for the stored session: branding and user with two requests in all', async () => {
    runEarlyScript('acme-ent', 'tok-1');
    const { loadBranding } = await import('./branding');
    const { loadCurrentUser } = await import('./current-user');
    await loadBranding();
    await expect(loadCurrentUser()).resolves.toMatchObject({ id: USER.id });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not adopted for another session: the app asks with its own token', async () => {
    runEarlyScript('acme-ent', 'tok-1');
    const { session } = await import('./session');
    const { loadBranding } = await import('./branding');
    const { loadCurrentUser } = await import('./current-user');
    session.setToken('tok-2');
    await loadBranding();
    await loadCurrentUser();
    const mine = sent().filter((r) => r.url.endsWith('/auth/me'));
    expect(mine.map((r) => r.auth)).toContain('Bearer tok-2');
  });
});
