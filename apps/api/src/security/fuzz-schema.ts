import type { z } from 'zod';

/*
 * The fuzzer's view of the contract's zod schemas: whether a value is accepted (the fuzzer's oracle), a best-effort
 * valid sample to start from, the fields of a body or query, and a copy with one field replaced. The hostile values
 * themselves are in fuzz-inputs.ts.
 */

export type Schema = z.ZodType;

/** The loosely typed zod 4 definition: only the keys the walkers below read. */
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  checks?: Array<{ _zod: { def: { check: string; value?: number; minimum?: number; inclusive?: boolean } } }>;
  getter?: () => Schema;
}

export const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Whether the schema accepts a value. A schema that throws (a transform that crashes) accepts nothing. */
export function accepts(schema: Schema | undefined, value: unknown): boolean {
  if (!schema) return true;
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under optional/nullable/default wrappers, pipes (their input side) and lazy getters. */
export function unwrap(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (wrappers.has(d.type) && d.innerType) s = d.innerType;
    // `z.preprocess(fn, schema)` is a pipe from a transform: the schema that judges is its output side.
    else if (d.type === 'pipe' && d.in && d.out) s = defOf(d.in).type === 'transform' ? d.out : d.in;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else break;
  }
  return s;
}

export const FIXED_UUID = '7d444840-9dc0-41dc-8f3f-5b1d1e9b8a4c';

/** Strings that satisfy most text fields of the contract, tried in turn against each field. */
const textCandidates = [
  'Fuzz text',
  'fuzz',
  'fuzz-1',
  'fuzz@example.test',
  'https://example.test/',
  '2030-01-01',
  '2030-01-01T00:00:00.000Z',
  '#123456',
  'en',
  'en-US',
  '12:00',
  '1',
  FIXED_UUID,
  'Fuzz-Pass-12345!',
];

function minLength(d: Def) {
  const c = d.checks?.find((x) => x._zod.def.check === 'min_length');
  return c?._zod.def.minimum ?? 0;
}

const madeUpId = (v: unknown) => v === FIXED_UUID || (Array.isArray(v) && v.includes(FIXED_UUID));

/**
 * A value the schema accepts where one is easy to find; otherwise a value of the right shape, for mutations to start
 * from. `ids` gives real ids by field name (`employer_id`…), so a body can name things that exist; an optional field
 * that would only hold a made-up id is left out, since the handler would refuse it as unknown and hide the rest.
 */
export function validSample(schema: Schema, ids: Record<string, unknown> = {}, depth = 0): unknown {
  const outer = defOf(schema);
  if (depth > 8) return undefined;
  if (wrappers.has(outer.type) && outer.innerType) {
    const inner = validSample(outer.innerType, ids, depth + 1);
    // An optional field whose sample is not accepted is better left out than made to fail the whole body.
    return accepts(schema, inner) ? inner : outer.type === 'nullable' ? null : undefined;
  }
  if (outer.type === 'pipe' && outer.in && outer.out) {
    const fromOut = defOf(outer.out).type === 'transform' ? undefined : validSample(outer.out, ids, depth + 1);
    if (fromOut !== undefined && accepts(schema, fromOut)) return fromOut;
    return validSample(defOf(outer.in).type === 'transform' ? outer.out : outer.in, ids, depth + 1);
  }
  const s = unwrap(schema);
  const d = defOf(s);
  switch (d.type) {
    case 'string': {
      const pool = d.format === 'uuid' || d.format === 'guid' ? [FIXED_UUID, ...textCandidates] : textCandidates;
      const hit = pool.find((c) => accepts(schema, c));
      return hit ?? 'x'.repeat(Math.max(1, minLength(d)));
    }
    case 'number': {
      const hit = [1, 0, 10, 100, 1000, 0.5].find((c) => accepts(schema, c));
      return hit ?? 1;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'literal':
      return d.values?.[0];
    case 'array': {
      const item = d.element ? validSample(d.element, ids, depth + 1) : 'x';
      const n = Math.max(minLength(d), 1);
      const arr = Array.from({ length: n }, () => structuredClone(item));
      return accepts(schema, arr) ? arr : accepts(schema, []) ? [] : arr;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape ?? {})) {
        if (k in ids && accepts(v, ids[k])) {
          out[k] = structuredClone(ids[k]);
          continue;
        }
        const value = validSample(v, ids, depth + 1);
        if (value !== undefined && !(madeUpId(value) && accepts(v, undefined))) out[k] = value;
      }
      return out;
    }
    case 'union': {
      const samples = (d.options ?? []).map((o) => validSample(o, ids, depth + 1));
      return samples.find((x) => accepts(schema, x)) ?? samples[0];
    }
    case 'record':
      return {};
    default:
      return undefined;
  }
}

export interface Field {
  path: Array<string | number>;
  schema: Schema;
  /** The type under wrappers: `string`, `number`, `object`, `array`, `enum`… */
  kind: string;
  required: boolean;
}

/** The fields of an object (or array-of-objects) schema, nested ones included, with their paths. */
export function fieldsOf(schema: Schema | undefined, prefix: Array<string | number> = [], depth = 0): Field[] {
  if (!schema || depth > 3) return [];
  const d = defOf(unwrap(schema));
  if (d.type === 'array' && d.element) return fieldsOf(d.element, [...prefix, 0], depth + 1);
  if (d.type !== 'object') return [];
  const out: Field[] = [];
  for (const [k, v] of Object.entries(d.shape ?? {})) {
    const kind = defOf(unwrap(v)).type;
    out.push({ path: [...prefix, k], schema: v, kind, required: !accepts(v, undefined) });
    if (kind === 'object' || kind === 'array') out.push(...fieldsOf(v, [...prefix, k], depth + 1));
  }
  return out;
}

/** Keys of an object schema (a query or params schema), or none. */
export function keysOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const d = defOf(unwrap(schema));
  return d.type === 'object' ? Object.keys(d.shape ?? {}) : [];
}

/** Passed to `setAt` as the value: the field is removed instead. */
export const DELETE = Symbol('delete');

/** A copy of `base` with the value at `path` replaced (or removed), creating containers on the way. */
export function setAt(base: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value === DELETE ? undefined : value;
  const root: unknown = base !== null && typeof base === 'object' ? structuredClone(base) : typeof path[0] === 'number' ? [] : {};
  let cur = root as Record<string | number, unknown>;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i]!;
    const next = cur[k];
    if (next === null || typeof next !== 'object') cur[k] = typeof path[i + 1] === 'number' ? [] : {};
    cur = cur[k] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === DELETE) {
    if (Array.isArray(cur) && typeof last === 'number') cur.splice(last, 1);
    else delete cur[last];
  } else cur[last] = value;
  return root;
}
