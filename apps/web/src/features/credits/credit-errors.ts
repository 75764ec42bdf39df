import { isApiError } from '../../lib/api-client';
import i18n, { loadNamespaces } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

// Read outside React, where nothing waits for a catalog: fetched with this module, long before a message shows.
void loadNamespaces('credits');

/**
 * Every credit endpoint acts for one employer; without one (staff who have not chosen, an employer user of several)
 * the API answers 422 on `employer_id`. The screens then ask for an employer instead of showing an error.
 */
export const isEmployerMissing = (error: unknown) => isApiError(error) && error.status === 422 && 'employer_id' in error.errors;

/** The contract's quantity messages (credits.ts), which the shared catalogue does not carry, in the reader's language. */
export function creditMessage(message: string | undefined): string {
  if (!message) return '';
  if (message === 'The quantity must be a whole number.') return i18n.t('credits:errors.wholeNumber');
  if (message === 'The quantity must be at least 1.') return i18n.t('credits:errors.min', { min: 1 });
  const max = /^The quantity may not be greater than ([\d,]+)\.$/.exec(message);
  if (max) return i18n.t('credits:errors.max', { max: Number(max[1]!.replaceAll(',', '')) });
  const revoke = /^The employer has only (\d+) credits? to revoke\.$/.exec(message);
  if (revoke) return i18n.t('credits:errors.revokeMax', { count: Number(revoke[1]) });
  return translateMessage(message);
}

/** The first message of a 422 for `field`, translated; undefined when the error says nothing about it. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!isApiError(error) || error.status !== 422) return undefined;
  const first = error.errors[field]?.[0];
  return first ? creditMessage(first) : undefined;
}
