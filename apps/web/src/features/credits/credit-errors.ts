import { isApiError } from '../../lib/api-client';
import { translateFieldError } from '../../lib/messages';

/**
 * Every credit endpoint acts for one employer; without one (staff who have not chosen, an employer user of several)
 * the API answers 422 on `employer_id`. The screens then ask for an employer instead of showing an error.
 */
export const isEmployerMissing = (error: unknown) => isApiError(error) && error.status === 422 && 'employer_id' in error.errors;

/** The first message of a 422 for `field`, translated; undefined when the error says nothing about it. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!isApiError(error) || error.status !== 422) return undefined;
  return translateFieldError(error, field);
}
