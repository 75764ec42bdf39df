import { me } from '@hireline/contract/auth';
import { request } from './api-client';
import { safeRedirectPath } from './auth';
import { currentUserQuery, type CurrentUser } from './current-user';
import { queryClient, resetServerState } from './query-client';
import { reconcileScope } from './scope';
import { session } from './session';

/* Starting to act as someone else: only staff on signed-in pages do, so it is not part of lib/auth's first download. */

/**
 * Acts as another user with a child token from the API; the current session is kept to return to. Who they are is
 * asked with the borrowed token first, and `leave` takes the staff member off their page, before anything switches:
 * the token, its user and their selection then change together, so neither the guard (which would send a token
 * without a user to /login) nor the page left behind (asked again as someone who cannot see it) meets a half-switched
 * session.
 */
export async function startImpersonation(token: string, redirect: string, leave: () => Promise<unknown>): Promise<CurrentUser> {
  const user = await request(me, { scoped: false, headers: { Authorization: `Bearer ${token}` } });
  await leave();
  resetServerState();
  session.startImpersonation(token, safeRedirectPath(redirect));
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  session.setScope(reconcileScope(user, session.get().scope));
  return user;
}
