import { messages } from '@hireline/contract/messages';
import { isApiError } from '../lib/api-client';
import { loadBranding } from '../lib/branding';
import { loadCurrentUser } from '../lib/current-user';
import i18n, { i18nReady, isRtl } from '../lib/i18n';
import { translateError } from '../lib/messages';
import { session } from '../lib/session';
import { snackbar } from '../lib/snackbar';
import { loadRtlCache } from '../lib/theme';
import { loadScopePath } from './root-route';
import { loadSearchSchemas } from './routes/signed-in-search';

let started: Promise<void> | null = null;

/**
 * App start (spec §4: loading → initialised → content): branding first (the /auth/me call carries its id), then
 * the signed-in user when a token is stored. Runs once; never rejects, so the app always leaves the spinner.
 */
export function initialise(): Promise<void> {
  started ??= (async () => {
    // Another language's shared catalogs are fetched meanwhile (English ones are bundled: nothing to wait for), and
    // for a right-to-left one the styles that flip the layout, so the first page is drawn the right way round.
    const language = i18nReady.then(() => (isRtl(i18n.language) ? loadRtlCache() : undefined)).catch(() => undefined);
    await Promise.all([loadBranding(), language]);
    if (!session.get().token) return;
    // A signed-in start needs the signed-in pages' search schemas and how paths follow the selection too (the root
    // route fetches them again on failure).
    const schemas = Promise.all([loadSearchSchemas(), loadScopePath()]).catch(() => undefined);
    try {
      await Promise.all([loadCurrentUser(), schemas]);
    } catch (error) {
      // A 401 was already handled by the API client (session cleared, toast shown). Anything else leaves the
      // user signed out for this view; the guard sends them to login and the token is replaced on sign-in.
      if (!isApiError(error) || error.status !== 401)
        snackbar.show(translateError(isApiError(error) ? error : { message: messages.unknownError }), 'error');
    }
  })();
  return started;
}
