import { siteMessages } from '@hireline/contract/sites';
import { siteSettingsMessages } from '@hireline/contract/site-settings';
import { ssoMessages } from '@hireline/contract/sso';
import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('settings');

/*
 * The settings endpoints answer in the contract's English (site and settings messages) and a few of the API's own
 * sentences; each is shown in the reader's language. Unknown text goes through the shared messages, then as it came.
 */

const byMessage = new Map<string, string>([
  ...Object.entries(siteSettingsMessages).flatMap(([key, value]) => (typeof value === 'string' ? [[value, key] as const] : [])),
  ...Object.entries(siteMessages).map(([key, value]) => [value, key] as const),
  ...(['issuer', 'domain', 'domainCount', 'slugTaken', 'newUserRole'] as const).map((key) => [ssoMessages[key], `sso.${key}`] as const),
  // The API's own (apps/api settings module).
  ['Another site of this account already uses this slug.', 'slugTaken'],
  ['This domain is already in use.', 'domainTaken'],
  ['This form does not send to a webhook.', 'notWebhook'],
]);

export function settingsMessage(message: string | undefined | null): string {
  if (!message) return '';
  const key = byMessage.get(message);
  if (key) return i18n.t(`settings:errors.${key}` as never, { defaultValue: message }) as string;
  const max = /^This value may not be greater than (\d+) characters\.$/.exec(message);
  if (max) return i18n.t('settings:errors.maxLength' as never, { max: Number(max[1]), defaultValue: message }) as string;
  const missing = /^Every status must be listed once; missing: (.+)\.$/.exec(message);
  if (missing) return i18n.t('settings:errors.stagesMissing' as never, { missing: missing[1], defaultValue: message }) as string;
  const fixed = /^The apply types are fixed: (.+)\.$/.exec(message);
  if (fixed) return i18n.t('settings:errors.applyTypeFixed' as never, { values: fixed[1], defaultValue: message }) as string;
  return translateMessage(message);
}
