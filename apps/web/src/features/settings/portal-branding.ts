import { getBranding } from '@hireline/contract/branding';
import { request } from '../../lib/api-client';
import { applyBranding, brandColors, brandLogo, getBrandingSnapshot } from '../../lib/branding';
import { reloadPage } from './reload-page';

const SAVED_FLAG = 'hireline:settings:branding-saved';

/** The logo's address without its signature (a signed URL changes on every fetch while the file stays the same). */
const logoFile = (branding: Parameters<typeof brandLogo>[0]) => brandLogo(branding)?.split('?')[0] ?? null;

/**
 * After the account's branding changed, the portal's own branding for this host is fetched again. lib/branding
 * loads it once per page into a module store (not the query cache: there is no query to invalidate, and nothing
 * outside lib can replace what the store holds). So: when this host is branded by the account, the document's
 * title, favicon and stylesheet are applied at once, and when the theme colours or the logo changed the page
 * reloads, which rebuilds the theme from the new branding; the success message is said after the reload.
 */
export async function refreshPortalBranding(accountId: string | null): Promise<'reloading' | 'applied' | 'not-this-host'> {
  let fresh;
  try {
    fresh = await request(getBranding, { query: { domain: window.location.hostname }, scoped: false });
  } catch {
    return 'not-this-host';
  }
  if (!accountId || fresh.settings.account_id !== accountId) return 'not-this-host';
  applyBranding(fresh);
  const shown = getBrandingSnapshot();
  const before = brandColors(shown);
  const after = brandColors(fresh);
  if (before.primary !== after.primary || before.primaryDark !== after.primaryDark || logoFile(shown) !== logoFile(fresh)) {
    try {
      sessionStorage.setItem(SAVED_FLAG, '1');
    } catch {
      // Without session storage the message is just not repeated after the reload.
    }
    reloadPage();
    return 'reloading';
  }
  return 'applied';
}

/** Whether the branding was saved just before this page load (then the message is said now, once). */
export function takeSavedFlag(): boolean {
  try {
    const saved = sessionStorage.getItem(SAVED_FLAG) !== null;
    sessionStorage.removeItem(SAVED_FLAG);
    return saved;
  } catch {
    return false;
  }
}
