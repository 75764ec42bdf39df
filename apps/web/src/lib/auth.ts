import { logout } from '@hireline/contract/auth';
import { request } from './api-client';
import { loadCurrentUser, type CurrentUser } from './current-user';
import { resetServerState } from './query-client';
import { session } from './session';

/** Starts a session from a fresh token: drop anything cached for a previous user, then learn who we are. */
export async function signIn(token: string): Promise<CurrentUser> {
  resetServerState();
  session.setToken(token);
  return loadCurrentUser();
}

/**
 * Ends the session. The local session is cleared even when the server call fails (offline, token already
 * revoked): the user asked to leave and must not stay signed in on this device.
 */
export async function signOut(): Promise<void> {
  try {
    await request(logout);
  } catch {
    // Nothing to recover: the token is forgotten below either way.
  } finally {
    session.clear();
    resetServerState();
  }
}

/** Only same-app paths are followed after sign-in; anything else (//evil.test, https://…) goes home. */
export function safeRedirectPath(to: unknown): string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/';
}
