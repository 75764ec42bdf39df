// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLORS, getBrandingSnapshot } from '../../lib/branding';
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
import { waitFor } from '../../test/wait';

// The restyled document links the tenant's stylesheet; there is no server to load it from here.
Object.assign((window as unknown as { happyDOM: { settings: object } }).happyDOM.settings, {
  disableCSSFileLoading: true,
  handleDisabledFileLoadingAsSuccess: true,
});

afterEach(() => {
  cleanup();
});

const OTHER_ACCOUNT = '00000000-0000-4000-8000-00000000000b';
const LOGO_ID = '00000000-0000-4000-8000-000000000777';
const field = (label: string) =>
  waitFor(() => {
    const el = labelled(label) as HTMLInputElement | null;
    if (!el) throw new Error(`No field ${label}`);
    return el;
  });
const preview = () => [...main().querySelectorAll<HTMLElement>('[data-color]')].map((el) => el.dataset.color);
/** The colour the theme gives the selected tab: its brand text colour, so it follows the primary colour. */
const selectedTabColor = () => getComputedStyle(document.querySelector('[role="tab"][aria-selected="true"]')!).color.toLowerCase();
const linkHref = (id: string) => document.getElementById(id)?.getAttribute('href');
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
  it('previews the colours live, saves only what changed, then fetches the portal’s branding again and restyles it without a reload', async () => {
    const fresh = hostBranding('#123456');
    const { calls } = brandingApi({
      ...fresh,
      branding: { ...fresh.branding, favicon: '/portal/v1/files/favicon.png', logo: '/portal/v1/files/logo.png', stylesheet: { path: '/acme.css' } },
    });
    const router = await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    const primary = await field('Primary colour');
    await waitFor(() => expect(primary.value).toBe('#a02fff'));
    expect(preview()).toEqual(['#a02fff', '#ff5b5b']);
    expect(brandingCalls(calls)).toEqual([]);
    expect(selectedTabColor()).not.toBe('#123456');

    type(primary, '#123456');
    await waitFor(() => expect(preview()).toEqual(['#123456', '#ff5b5b']));
    (await button('Save changes')).click();

    await waitFor(() =>
      expect(bodiesOf(calls, 'PATCH /portal/v1/accounts/branding')).toEqual([
        { colors: { primary_color: '#123456', primary_darken_color: '#ff5b5b' } },
      ]),
    );
    // Then the portal's own branding for this host, fetched again after the change…
    await waitFor(() => expect(brandingCalls(calls)).toHaveLength(1));
    expect(calls.indexOf(brandingCalls(calls)[0]!)).toBeGreaterThan(calls.findIndex((c) => c.startsWith('PATCH /portal/v1/accounts/branding')));
    await expectSnackbar('Branding saved.');
    // …worn at once: the theme takes the new primary colour, the app bar the new logo, the document its title,
    // favicon and stylesheet (its address stamped so the browser fetches it again).
    expect(getBrandingSnapshot()?.branding.colors.primary_color).toBe('#123456');
    await waitFor(() => expect(selectedTabColor()).toBe('#123456'));
    expect(document.querySelector('img[src="/portal/v1/files/logo.png"]')).not.toBeNull();
    expect(document.title).toBe('Settings · Acme Careers');
    expect(linkHref('app-favicon')).toBe('/portal/v1/files/favicon.png');
    expect(linkHref('app-stylesheet')).toMatch(/^\/acme\.css\?t=\d+$/);
    // No reload and no navigation: the page is the same one, the field the same element, the address unchanged.
    expect(primary.isConnected).toBe(true);
    expect(primary.value).toBe('#123456');
    expect(await field('Primary colour')).toBe(primary);
    expect(router.state.location.href).toBe('/acme/jobs/settings?tab=branding');
  });

  it('keeps a text section’s other texts, and the portal wears its branding as fetched again', async () => {
    const host = hostBranding(DEFAULT_COLORS.primary);
    host.branding.colors.primary_darken_color = DEFAULT_COLORS.primaryDark;
    const { calls } = brandingApi(host);
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    const title = await field('Sign-in title');
    await waitFor(() => expect(title.value).toBe('Welcome to Acme'));
    type(title, 'Hello team');
    (await button('Save changes')).click();
    await waitFor(() =>
      expect(bodiesOf(calls, 'PATCH /portal/v1/accounts/branding')).toEqual([{ login: { title: 'Hello team', subtitle: '', legal: 'Staff only' } }]),
    );
    await waitFor(() => expect(brandingCalls(calls)).toHaveLength(1));
    await expectSnackbar('Branding saved.');
    expect(getBrandingSnapshot()?.branding.colors.primary_color).toBe(DEFAULT_COLORS.primary);
    expect(title.isConnected).toBe(true);
  });

  it('uploads a logo (purpose logo) and sends its id', async () => {
    const otherHost = hostBranding('#654321');
    const { calls } = brandingApi({ ...otherHost, settings: { ...otherHost.settings, account_id: OTHER_ACCOUNT } });
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    await button('Upload logo');
    const input = main().querySelector<HTMLInputElement>('section input[type="file"]')!;
    Object.defineProperty(input, 'files', { value: [new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' })], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(main().querySelector('img[alt="Logo"]')?.getAttribute('src')).toContain(LOGO_ID));
    expect(calls.filter((c) => c.startsWith('POST /portal/v1/forms/upload-file'))).toHaveLength(1);
    (await button('Save changes')).click();
    await waitFor(() => expect(bodiesOf(calls, 'PATCH /portal/v1/accounts/branding')).toEqual([{ logo_file_id: LOGO_ID }]));
    // This host is another account's: what it serves is worn as it was, whatever this account changed.
    await expectSnackbar('Branding saved.');
    expect(brandingCalls(calls)).toHaveLength(1);
    expect(getBrandingSnapshot()?.settings.account_id).toBe(OTHER_ACCOUNT);
  });

  it('says the branding was saved even when the portal’s branding cannot be fetched again', async () => {
    const { calls } = brandingApi(new Response(null, { status: 503 }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openSettings('/acme/jobs/settings?tab=branding', ACCOUNT_ADMIN);
    const primary = await field('Primary colour');
    await waitFor(() => expect(primary.value).toBe('#a02fff'));
    type(primary, '#0f9d58');
    (await button('Save changes')).click();
    await waitFor(() => expect(brandingCalls(calls)).toHaveLength(1));
    await expectSnackbar('Branding saved.');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
