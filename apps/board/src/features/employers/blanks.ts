/**
 * A form's values with blank text left out, recursively; an object left empty is left out too. Optional fields of
 * the contract then read as "not given" instead of failing as an empty URL or an empty address.
 */
export function dropBlanks(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return value.map(dropBlanks);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, dropBlanks(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}
