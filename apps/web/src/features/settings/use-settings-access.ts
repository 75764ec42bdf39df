import { useMemo } from 'react';
import type { Action, Subject } from '@hireline/access/vocabulary';
import { abilityFor, can, useCan } from '../../lib/ability';
import { useCurrentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';

/**
 * A check at the selected account itself, as the API makes it for the account's own things (its branding): a role
 * held on the selected site does not count there, although `useCan` with a site selected would count it.
 */
export function useCanAtAccount(action: Action, subject: Subject): boolean {
  const permissions = useCurrentUser()?.permissions;
  const { accountId } = useSession().scope;
  return useMemo(
    () => Boolean(accountId) && can(abilityFor(permissions, { accountId, siteId: null, employerId: null }), action, subject),
    [permissions, accountId, action, subject],
  );
}

/** What the signed-in user may do on the settings page: change the site's settings, and edit the account's branding. */
export function useSettingsAccess() {
  const canUpdate = useCan('update', 'settings');
  const canBrand = useCanAtAccount('update', 'accounts');
  return { canUpdate, canBrand };
}
