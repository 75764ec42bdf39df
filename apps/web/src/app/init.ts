import { messages } from '@hireline/contract/messages';
import { isApiError } from '../lib/api-client';
import { loadBranding } from '../lib/branding';
import { loadCurrentUser } from '../lib/current-user';
import { translateMessage } from '../lib/messages';
import { session } from '../lib/session';
import { snackbar } from '../lib/snackbar';

let started: Promise<void> | null = null;

/**
 * App start (spec §4: loading → initialised → content): branding first (the /auth/me call carries its id), then
 * the signed-in user when a token is stored. Runs once; never rejects, so the app always leaves the spinner.
 */
export function initialise(): Promise<void> {
  started ??= (async () => {
    await loadBranding();
    if (!session.get().token) return;
    try {
      await loadCurrentUser();
    } catch (error) {
      // A 401 was already handled by the API client (session cleared, toast shown). Anything else leaves the
      // user signed out for this view; the guard sends them to login and the token is replaced on sign-in.
      if (!isApiError(error) || error.status !== 401)
        snackbar.show(translateMessage(isApiError(error) ? error.message : messages.unknownError), 'error');
    }
  })();
  return started;
}
