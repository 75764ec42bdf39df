import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';
import i18n from './i18n';
import { translateError, translateMessage } from './messages';

/*
 * Form errors. Client-side checks reuse the contract's schemas, whose messages are the catalogue's English: they are
 * shown in the reader's language (lib/messages.ts). What the API answers (type 'server') is translated when placed.
 */

/** A client-side validation message in the reader's language; any other text as is. */
export const validationMessage = (message: string): string => translateMessage(message);

/** What a field shows under itself for its error. */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : validationMessage(error.message);
}

/**
 * Puts a 422's field errors on the form's fields (in the order given, focusing the first one placed); returns the
 * message for a form-level alert, or undefined when every error found its field. `fieldOf` maps an API error key to
 * a form path when they differ (screening answers).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fieldOf: (key: string) => string | null = (key) => key,
): string | undefined {
  if (!isApiError(error)) return i18n.t('errors.unexpected');
  if (error.status === 0) return i18n.t('errors.network');
  const byField = new Map<string, string>();
  let unplaced: string | undefined;
  for (const [key, list] of Object.entries(error.errors)) {
    if (!list[0]) continue;
    const first = translateError({ message: list[0], ...error.errorCodes[key]?.[0] });
    const field = fieldOf(key);
    if (field && fields.includes(field)) {
      if (!byField.has(field)) byField.set(field, first);
    } else unplaced ??= first;
  }
  let focused = false;
  for (const field of fields) {
    const message = byField.get(field);
    if (!message) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  if (unplaced) return unplaced;
  return byField.size ? undefined : errorText(error);
}

/** The message of any failed call for an alert: the API's own words, or a generic one. */
export function errorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('errors.unexpected');
  if (error.status === 0) return i18n.t('errors.network');
  return translateError(error);
}
