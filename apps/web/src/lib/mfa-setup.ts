import { getCurrentUser } from './current-user';
import { session } from './session';

/** Where someone an account requires two-step sign-in of sets it up (the profile's Security tab). */
export const MFA_SETUP_PATH = '/auth/profile/security';

/** The signed-in session may only set up two-step sign-in until it has (the API answers 403 `mfa_setup_required`). */
export function mustSetUpMfa(): boolean {
  return Boolean(session.get().token && getCurrentUser()?.mfa_setup_required);
}
