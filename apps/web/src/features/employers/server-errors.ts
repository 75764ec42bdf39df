import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/forms';
import { employerMessage } from './employer-messages';

/**
 * `applyServerErrors` with the employers API's own messages in the reader's language: a 422's field errors land on
 * the fields that exist (`address.city` included), and the message for a form-level alert is returned, if any.
 */
export function placeServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (!isApiError(error)) return applyServerErrors(error, setError, fields);
  const errors = Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list.map(employerMessage)]));
  const translated = new ApiError(error.status, employerMessage(error.message), errors, error.code, error.retryAfter);
  return applyServerErrors(translated, setError, fields);
}
