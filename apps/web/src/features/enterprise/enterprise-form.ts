import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Checks the body the form would send (empty optional fields left out or null) with the endpoint's own schema, so
 * the form shows the API's messages on the same paths (`admin.email`).
 */
export function bodyResolver<V extends FieldValues, S extends z.ZodType>(schema: S, toBody: (values: V) => unknown): Resolver<V, unknown, z.output<S>> {
  const contract = (zodResolver as (schema: S) => Resolver<V, unknown, z.output<S>>)(schema);
  return (values, context, options) => contract(toBody(values) as V, context, options);
}

/** Trimmed text, or undefined when empty. */
export const textOrUndefined = (v: string) => (v.trim() === '' ? undefined : v);
