// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLORS } from '../../lib/branding';
import { reloadPage } from './reload-page';
import {
  ACCOUNT_ADMIN,
  bodiesOf,
  BRANDING,
  button,
  cleanup,
  expectSnackbar,
  hostBranding,
  labelled,
  main,
  openSettings,
  settingsApi,
  type,
} from './settings.fixtures';

// The page reload that rebuilds the theme: stood in for, so the test sees that it was asked for.
vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));
// The restyled document links the tenant's stylesheet; there is no server to load it from here.
Object.assign((window as unknown as { happyDOM: { settings: object } }).happyDOM.settings, {
  disableCSSFileLoading: true,
  handleDisabledFileLoadingAsSuccess: true,
});

afterEach(() => {
  cleanup();
  vi.mocked(reloadPage).mockClear();
  sessionStorage.clear();
});

const OTHER_ACCOUNT = '00000000-0000-4000-8000-00000000000b';
const LOGO_ID = '00000000-0000-4000-8000-000000000777';
const field = (label: string) =>
  vi.waitFor(() => {
    const el = labelled(label) as HTMLInputElement | null;
    if (!el) throw new Error(`No field ${label}`);
    return el;
  });
const preview = () => [...main().querySelectorAll<HTMLElement>('[data-color]')].map((el) => el.dataset.color);
const brandingCalls = (calls: string[]) => calls.filter((c) => c.startsWith('GET /portal/accounts/branding?domain='));

/** The account's branding API: PATCH answers the merged document; the host's branding answers `host`. */
function brandingApi(host: unknown) {
  return settingsApi((method, url, body) => {
    if (method === 'PATCH' && url.pathname === '/portal/v1/accounts/branding') {
      const b = body as { colors?: object; login?: Record<string, string>; logo_file_id?: string };
      return {
        ...BRANDING,
        colors: { ...BRANDING.colors, ...b.colors },
        login: b.login ?? BRANDING.login,
        logo: b.logo_file_id ? { file_id: b.logo_file_id, url: `/portal/v1/files/${b.logo_file_id}?expires=1&signature=x` } : null,
      };
    }
    if (method === 'POST' && url.pathname === '/portal/v1/forms/upload-file')
      return Response.json(
        { id: LOGO_ID, purpose: 'logo', name: 'logo.png', mime: 'image/png', size: 2048, url: `/portal/v1/files/${LOGO_ID}?expires=1&signature=y` },
        { status: 201 },
      );
    if (url.pathname === '/portal/accounts/branding') return host;
    return undefined;
  });
}

describe('Branding tab', () => {
  it('previews the colours live, saves only what changed, then fetches the portal’s branding again and restyles it', async () => {
    const { calls } = brandingApi(hostBranding('#123456'));
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    const primary = await field('Primary colour');
    await vi.waitFor(() => expect(primary.value).toBe('#a02fff'));
    expect(preview()).toEqual(['#a02fff', '#ff5b5b']);
    expect(brandingCalls(calls)).toEqual([]);

    type(primary, '#123456');
    await vi.waitFor(() => expect(preview()).toEqual(['#123456', '#ff5b5b']));
    (await button('Save changes')).click();

    await vi.waitFor(() =>
      expect(bodiesOf(calls, 'PATCH /portal/v1/accounts/branding')).toEqual([
        { colors: { primary_color: '#123456', primary_darken_color: '#ff5b5b' } },
      ]),
    );
    // Then the portal's own branding for this host, fetched again after the change…
    await vi.waitFor(() => expect(brandingCalls(calls)).toHaveLength(1));
    expect(calls.indexOf(brandingCalls(calls)[0]!)).toBeGreaterThan(calls.findIndex((c) => c.startsWith('PATCH /portal/v1/accounts/branding')));
    // …applied to the document at once, and the page reloaded so that the theme takes the new colours.
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(document.title).toBe('Acme Careers');
    expect(sessionStorage.getItem('hireline:settings:branding-saved')).toBe('1');
  });

  it('keeps a text section’s other texts, and says it saved without reloading when the colours the portal wears did not change', async () => {
    const host = hostBranding(DEFAULT_COLORS.primary);
    host.branding.colors.primary_darken_color = DEFAULT_COLORS.primaryDark;
    const { calls } = brandingApi(host);
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    const title = await field('Sign-in title');
    await vi.waitFor(() => expect(title.value).toBe('Welcome to Acme'));
    type(title, 'Hello team');
    (await button('Save changes')).click();
    await vi.waitFor(() =>
      expect(bodiesOf(calls, 'PATCH /portal/v1/accounts/branding')).toEqual([{ login: { title: 'Hello team', subtitle: '', legal: 'Staff only' } }]),
    );
    await vi.waitFor(() => expect(brandingCalls(calls)).toHaveLength(1));
    await expectSnackbar('Branding saved.');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('uploads a logo (purpose logo) and sends its id', async () => {
    const otherHost = hostBranding('#123456');
    const { calls } = brandingApi({ ...otherHost, settings: { ...otherHost.settings, account_id: OTHER_ACCOUNT } });
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    await button('Upload logo');
    const input = main().querySelector<HTMLInputElement>('section input[type="file"]')!;
    Object.defineProperty(input, 'files', { value: [new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' })], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(main().querySelector('img[alt="Logo"]')?.getAttribute('src')).toContain(LOGO_ID));
    expect(calls.filter((c) => c.startsWith('POST /portal/v1/forms/upload-file'))).toHaveLength(1);
    (await button('Save changes')).click();
    await vi.waitFor(() => expect(bodiesOf(calls, 'PATCH /portal/v1/accounts/branding')).toEqual([{ logo_file_id: LOGO_ID }]));
    // This host is another account's: nothing to restyle here.
    await expectSnackbar('Branding saved.');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('says the branding was saved after the reload that restyled the portal', async () => {
    brandingApi(hostBranding('#a02fff'));
    sessionStorage.setItem('hireline:settings:branding-saved', '1');
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    await expectSnackbar('Branding saved.');
    expect(sessionStorage.getItem('hireline:settings:branding-saved')).toBeNull();
  });
});
