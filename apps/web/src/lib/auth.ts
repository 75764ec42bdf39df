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
 * Ends the session and says where to go next. While impersonating, only the borrowed session ends: the staff
 * member's own session comes back and they return to where they were (spec §4). Otherwise the local session is
 * cleared even when the server call fails (offline, token already revoked): the user asked to leave and must not
 * stay signed in on this device.
 */
export async function signOut(): Promise<{ href: string }> {
  try {
    await request(logout);
  } catch {
    // Nothing to recover: the token is forgotten below either way.
  }
  resetServerState();
  const parent = session.endImpersonation();
  if (parent) {
    try {
      await loadCurrentUser();
      return { href: safeRedirectPath(parent.redirect) };
    } catch {
      // The kept session has expired meanwhile (a 401 already cleared it); fall through to a clean sign-in.
    }
  }
  session.clear();
  return { href: '/login' };
}

/** Acts as another user with a child token from the API; the current session is kept to return to. */
export async function startImpersonation(token: string, redirect: string): Promise<CurrentUser> {
  resetServerState();
  session.startImpersonation(token, safeRedirectPath(redirect));
  return loadCurrentUser();
}

/** Only same-app paths are followed after sign-in; anything else (//evil.test, https://…) goes home. */
export function safeRedirectPath(to: unknown): string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/';
}
