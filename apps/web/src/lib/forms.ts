import type { z } from 'zod';
import type { Endpoint } from '@hireline/contract/endpoint';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messages } from '@hireline/contract/messages';
import { isApiError } from './api-client';
import { translateError, translateFieldError, translateMessage } from './messages';
import i18n from './i18n';

/**
 * Puts a 422's field errors on the form fields that exist, in the reader's language; returns the message for a
 * form-level alert, or undefined when every error found a field. A 429 names the time to try again.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | undefined {
  if (!isApiError(error)) return translateMessage(messages.unknownError);
  if (error.status === 429) {
    const base = translateMessage(messages.tooManyRequests);
    if (!error.retryAfter) return base;
    const time = new Date(Date.now() + error.retryAfter * 1000).toLocaleTimeString(i18n.language);
    return `${base} ${i18n.t('auth:retryAt', { time })}`;
  }
  let unplaced: string | undefined;
  let placed = false;
  for (const field of Object.keys(error.errors)) {
    const first = translateFieldError(error, field);
    if (!first) continue;
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: first });
      placed = true;
    } else unplaced ??= first;
  }
  if (unplaced) return unplaced;
  return placed ? undefined : translateError(error);
}

/** The body schema of a contract endpoint, for `zodResolver` (the contract's messages are the form's messages). */
export function bodySchema<B extends z.ZodType>(endpoint: Endpoint<z.ZodType, z.ZodType, B, z.ZodType>): B {
  if (!endpoint.body) throw new Error(`${endpoint.method} ${endpoint.path} has no body schema`);
  return endpoint.body;
}
