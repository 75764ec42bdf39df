import { siteDomainMessages, siteMessages } from '@hireline/contract/sites';
import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('settings');

/* The sites endpoints' messages (the contract's and the API's own) in the reader's language; others as they came. */

const byMessage = new Map<string, string>([
  ...Object.entries(siteMessages).map(([key, value]) => [value, key] as const),
  ...Object.entries(siteDomainMessages).map(([key, value]) => [value, `domain_${key}`] as const),
  ['Another site of this account already uses this slug.', 'slugTaken'],
  ['This domain is already in use.', 'domainTaken'],
]);

export function siteMessage(message: string | undefined | null): string {
  if (!message) return '';
  const key = byMessage.get(message);
  if (key) return i18n.t(`settings:errors.${key}` as never, { defaultValue: message }) as string;
  const max = /^This value may not be greater than (\d+) characters\.$/.exec(message);
  if (max) return i18n.t('settings:errors.maxLength' as never, { max: Number(max[1]), defaultValue: message }) as string;
  return translateMessage(message);
}

/** "Acme Jobs — Paris!" → "acme-jobs-paris": the slug suggested from a new site's name. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
