import { useCan, useCanAtAccount } from '../../lib/ability';

/**
 * What the signed-in user may do on the settings page: change the site's settings, and edit the account's branding
 * (checked at the account alone, as the API's `level: 'account'` branding endpoints are).
 */
export function useSettingsAccess() {
  const canUpdate = useCan('update', 'settings');
  const canBrand = useCanAtAccount('update', 'accounts');
  return { canUpdate, canBrand };
}
