import type { AppDeps } from '../../deps';
import { isKnownDevice, KNOWN_NETWORK_MS } from '../../platform/login-guard';
import type { ClientInfo } from '../../platform/sessions';
import * as repo from './auth.repo';

/**
 * Which per-account window a sign-in step counts against (platform/login-guard.ts). A browser or network this user
 * signed in from before is not held to the account's shared window, which anyone can fill with wrong guesses; it has
 * a window of its own. Both steps of a two-step sign-in (the password, then the code) count against the same one, so
 * guesses from elsewhere lock the owner out of neither.
 */
export async function signInWindow(
  deps: AppDeps,
  enterpriseId: string,
  email: string,
  userId: string | null,
  client: ClientInfo,
  device: string | undefined,
): Promise<string> {
  const known =
    userId !== null &&
    (isKnownDevice(deps.config.appSecret, device, userId) ||
      (await repo.signedInFrom(deps.db, userId, client.ip, new Date(Date.now() - KNOWN_NETWORK_MS))));
  return known ? `login:known:${enterpriseId}:${email}:${client.ip}` : `login:account:${enterpriseId}:${email}`;
}
