import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { get, set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';

/**
 * A step's form holds what the user types (amounts in units, dates as days); its resolver turns that into the
 * body the step sends and checks it with the contract's own schema, so the portal shows the API's messages.
 * `extra` adds rules that depend on another field of the same step (e.g. the URL when applying by URL).
 */
export function stepResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: V) => unknown,
  extra?: (values: V) => [path: string, message: string][],
): Resolver<V, unknown, z.output<S>> {
  // The schema checks the body, not the form values: the resolver's types are restated for the form.
  const contract = (zodResolver as (schema: S) => Resolver<V, unknown, z.output<S>>)(schema);
  return async (values, context, options) => {
    const result = await contract(toBody(values) as V, context, options);
    const more = extra?.(values) ?? [];
    if (more.length === 0) return result;
    const errors = { ...result.errors } as FieldErrors<V>;
    for (const [path, message] of more) if (!errorAt(errors, path)) set(errors, path, { type: 'custom', message });
    return { values: {}, errors };
  };
}

/** The message on a field, or on a list as a whole (the resolver files those under `root` when items exist). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const own = get(errors, path) as { message?: unknown } | undefined;
  if (typeof own?.message === 'string') return own.message;
  const root = get(errors, `${path}.root`) as { message?: unknown } | undefined;
  return typeof root?.message === 'string' ? root.message : undefined;
}

/** Every path in a value (`links.0.url`, `links.0`, `links`): where a 422's field errors may land. */
export function fieldPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const own = prefix ? [prefix] : [];
  return [...own, ...Object.entries(value).flatMap(([k, v]) => fieldPaths(v, prefix ? `${prefix}.${k}` : k))];
}

/**
 * An amount typed in units ("45000", "45,000.50", "45 000,5") → integer cents; '' → null; anything else → NaN,
 * which the contract's `cents` rule reports as invalid.
 */
export function unitsToCents(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '');
  if (s === '') return null;
  let normal = s;
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) normal = s.replaceAll(',', '');
  // "12.345" alone is ambiguous (a typo for 12.34?): dots group thousands only with a decimal comma or twice.
  else if (/^\d{1,3}(\.\d{3})+,\d{1,2}$|^\d{1,3}(\.\d{3}){2,}$/.test(s)) normal = s.replaceAll('.', '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(s)) normal = s.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return Number.NaN;
  return Math.round(Number(normal) * 100);
}

export function centsToUnits(cents: number | null | undefined): string {
  if (cents == null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored instant as the day the user sees in a date input (their time zone); '' for none. */
export function isoToDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * A day from a date input → an ISO datetime: the advert starts at the beginning of its first day and ends at the
 * end of its last day, in the user's time zone. '' → null; a malformed day → the text itself (reported invalid).
 */
export function dayToIso(day: string, edge: 'start' | 'end'): string | null {
  if (!day) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const d = edge === 'start' ? new Date(+m[1]!, +m[2]! - 1, +m[3]!) : new Date(+m[1]!, +m[2]! - 1, +m[3]!, 23, 59, 59);
  return Number.isNaN(d.getTime()) ? day : d.toISOString();
}

/** Empty text → null, the way the contract's optional texts store "none". */
export const textOrNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v);
