import { messages } from '@hireline/contract/messages';
import { request } from './api-client';
import { getCurrentUser, loadCurrentUser, type CurrentUser } from './current-user';
import i18n from './i18n';
import { translateMessage } from './messages';
import { resetServerState } from './query-client';
import { session } from './session';
import { snackbar } from './snackbar';

/** Starts a session from a fresh token: drop anything cached for a previous user, then learn who we are. */
export async function signIn(token: string): Promise<CurrentUser> {
  resetServerState();
  session.setToken(token);
  return loadCurrentUser();
}

/**
 * Back to the staff session kept while impersonating: everything cached for the borrowed one is dropped and the
 * staff member's user reloaded. Null when there is none to return to, or when it has expired meanwhile (a 401 has
 * then already cleared it). The switch happens before the first await, so a 401 answering meanwhile for the
 * borrowed token is a late answer that expires nothing (see api-client).
 */
async function returnToParent(): Promise<{ href: string } | null> {
  resetServerState();
  const parent = session.endImpersonation();
  if (!parent) return null;
  try {
    await loadCurrentUser();
    return { href: safeRedirectPath(parent.redirect) };
  } catch {
    return null;
  }
}

/**
 * Ends the session and says where to go next. While impersonating, only the borrowed session ends: the staff
 * member's own session comes back and they return to where they were (spec §4). Otherwise the local session is
 * cleared even when the server call fails (offline, token already revoked): the user asked to leave and must not
 * stay signed in on this device.
 */
export async function signOut(): Promise<{ href: string }> {
  try {
    // The contract's schemas come with the signed-in app: here they are loaded already, or fetched now.
    const { logout } = await import('@hireline/contract/auth');
    await request(logout);
  } catch {
    // Nothing to recover: the token is forgotten below either way.
  }
  const back = await returnToParent();
  if (back) return back;
  session.clear();
  return { href: '/login' };
}

/**
 * The borrowed session ended by itself (its time is up, or a request answered 401): the staff member goes back to
 * their own session where they were, and is told so, instead of being signed out. Only when that session is gone
 * too is it the normal expiry. Null when there was nothing to end (a second 401, or the countdown and a 401 both
 * noticing): the first caller has already gone back.
 */
export async function endExpiredImpersonation(): Promise<{ href: string } | null> {
  if (!session.get().parent) return null;
  const name = getCurrentUser()?.name;
  const back = await returnToParent();
  if (back) {
    snackbar.show(name ? i18n.t('impersonation.ended', { name }) : i18n.t('impersonation.endedUnknown'), 'info');
    return back;
  }
  // A 401 for the staff token has already cleared the session and said so; any other failure does it here.
  if (session.get().token) {
    session.clear();
    snackbar.show(translateMessage(messages.sessionExpired), 'error');
  }
  return { href: '/login' };
}

/** Only same-app paths are followed after sign-in; anything else (//evil.test, https://…) goes home. */
export function safeRedirectPath(to: unknown): string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/';
}
