import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('consultants');

/*
 * The consultants contract's own messages (packages/contract/src/consultants.ts), which are not in the shared
 * catalogue, in the reader's language. Anything else goes through the contract's catalogue.
 */
const LIMITS = /^At most (\d+) (sites|jobs)\.$/;
const MAX_LENGTH = /^This value may not be greater than (\d+) characters\.$/;

/** An API or contract message in the current language; unknown text is shown as it came. */
export function consultantMessage(message: string | null | undefined): string {
  if (!message) return '';
  const limit = LIMITS.exec(message);
  if (limit) return i18n.t(`consultants:apiMessages.${limit[2] === 'sites' ? 'maxSites' : 'maxJobs'}`, { max: Number(limit[1]) });
  const max = MAX_LENGTH.exec(message);
  if (max) return i18n.t('consultants:apiMessages.maxLength', { max: Number(max[1]) });
  return translateMessage(message);
}
