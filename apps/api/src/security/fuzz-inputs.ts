import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Hostile input for the API fuzzer, derived from the contract's zod schemas: a best-effort valid request to start
 * from, and mutations of it that each break one thing (a field's type, a missing field, an unknown one, a huge or
 * strange string, a huge array) so that the rest of the request still reaches the check that should refuse it.
 * Whether the contract accepts a generated input is asked of the schema itself, which is the oracle of the fuzzer.
 */

type Schema = z.ZodType;

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

const DELETE = Symbol('delete');

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

// ---------------------------------------------------------------- strings

export const HUGE = 200_000;

/** Strings that have broken web applications before: the database, the HTML, the terminal and the parser's view of text. */
export const nastyStrings: readonly string[] = [
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  'lone \udfff low',
  'high at end \ud83d',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\u202egnp.exe',
  'مرحبا بالعالم',
  'שלום עולם',
  'e\u0301\u0301\u0301\u0301\u0301',
  'Z̸̢̛̪͈͎͍̦̜̜̦̞͐̽̄͛̓̈́͌̀̚a̷l̵g̶o̸',
  '\ufeffbom',
  'zero\u200bwidth',
  'ＡＢＣ１２３',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "'||(select pg_sleep(2))||'",
  '1) UNION SELECT password_hash FROM users --',
  '%_%\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '%s%n%x%d',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'line\r\nSet-Cookie: injected=1',
  '   ',
  '',
  '\t\n\r\v\f',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  '\u0001\u0002\u001b[31mred\u001b[0m\u007f',
  'A'.repeat(HUGE),
  '€'.repeat(HUGE / 2),
];

/** Any UTF-16 code unit: controls, NUL and lone surrogates included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1000, maxLength: 3000 }) },
);

/** Values of every JSON type, for "wrong type" mutations (filtered by the field's own schema). */
export const wrongTypeValues: readonly unknown[] = [12345, -1, 0, 1.5, 1e308, true, false, 'not-valid', '', {}, { nested: 'x' }, [], ['x'], [1, 2], null];

// ---------------------------------------------------------------- bodies

export interface BodyCase {
  label: string;
  body: unknown;
}

const unknownKey = fc.oneof(
  fc.constantFrom('isAdmin', 'role', 'account_id', 'enterprise_id', 'permissions', 'password_hash', 'id', 'created_at', 'zz_unknown'),
  fc.string({ minLength: 1, maxLength: 20 }),
);

/**
 * One bad body per sample: a mutation of the valid-ish `baseline` that breaks one field, or a body of the wrong
 * shape altogether. Mutations a schema offers no target for (no string field, no array field) fall back to the rest.
 */
export function bodyCases(schema: Schema, baseline: unknown): fc.Arbitrary<BodyCase> {
  const fields = fieldsOf(schema);
  const strings = fields.filter((f) => f.kind === 'string');
  const arrays = fields.filter((f) => f.kind === 'array');
  const required = fields.filter((f) => f.required);
  const arbs: Array<fc.WeightedArbitrary<BodyCase>> = [];

  if (fields.length) {
    arbs.push({
      weight: 3,
      arbitrary: fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...wrongTypeValues)).map(([f, v]) => {
        // A value the field happens to accept is swapped for one it cannot: an object where it takes a scalar and back.
        const value = accepts(f.schema, v) ? (typeof v === 'object' && v !== null ? 'not-an-object' : { not: 'a scalar' }) : v;
        return { label: `wrong type for ${f.path.join('.')}`, body: setAt(baseline, f.path, value) };
      }),
    });
  }
  if (required.length) {
    arbs.push({
      weight: 2,
      arbitrary: fc.constantFrom(...required).map((f) => ({ label: `missing ${f.path.join('.')}`, body: setAt(baseline, f.path, DELETE) })),
    });
  }
  if (strings.length) {
    arbs.push({
      weight: 4,
      arbitrary: fc.tuple(fc.constantFrom(...strings), hostileString).map(([f, s]) => ({
        label: `hostile string in ${f.path.join('.')}`,
        body: setAt(baseline, f.path, s),
      })),
    });
    arbs.push({
      weight: 1,
      arbitrary: hostileString.map((s) => ({
        label: 'hostile string in every text field',
        body: strings.reduce<unknown>((b, f) => setAt(b, f.path, s), baseline),
      })),
    });
  }
  if (arrays.length) {
    arbs.push({
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...arrays), fc.constantFrom<unknown>('x', 1, { a: 1 }, null)).map(([f, item]) => ({
        label: `10k items in ${f.path.join('.')}`,
        body: setAt(baseline, f.path, Array.from({ length: 10_000 }, () => item)),
      })),
    });
  }
  arbs.push(
    {
      weight: 2,
      arbitrary: fc.tuple(unknownKey, fc.oneof(hostileString, fc.constantFrom<unknown>(true, 1, null, { admin: true }))).map(([k, v]) => ({
        label: `unknown field ${JSON.stringify(k.slice(0, 40))}`,
        body: baseline !== null && typeof baseline === 'object' && !Array.isArray(baseline) ? { ...baseline, [k]: v } : { [k]: v },
      })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom<unknown>([], [baseline], 0, -1, 'a string', true, null),
        fc.array(fc.oneof(fc.integer(), fc.string()), { minLength: 1, maxLength: 5 }),
        fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
      ).map((body) => ({ label: 'body of another JSON type', body })),
    },
  );
  return fc.oneof(...arbs);
}

// ---------------------------------------------------------------- query strings and path parameters

/** Values a query string can carry that a typed field should refuse: not numbers, out of range, repeated, huge. */
export const queryJunk: readonly (string | string[])[] = [
  'abc',
  '-1',
  '0',
  '1.5',
  '-99999999999',
  '99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '',
  ' ',
  'true',
  'null',
  '[object Object]',
  '2030-13-45',
  'not-a-uuid',
  ['1', '2'],
  ['a', 'b', 'c'],
  Array.from({ length: 60 }, (_, i) => String(i)),
  'A'.repeat(20_000),
];

export interface QueryCase {
  label: string;
  query: Record<string, string | string[]>;
}

/** Query strings are text: a lone surrogate cannot be percent-encoded, so strings are made well-formed first. */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

export function queryCases(schema: Schema | undefined, baseline: Record<string, string | string[]>): fc.Arbitrary<QueryCase> {
  const keys = keysOf(schema);
  const key = keys.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: unknownKey }) : unknownKey;
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...queryJunk) },
    { weight: 2, arbitrary: hostileString.map((s) => wellFormed(s.length > 20_000 ? s.slice(0, 20_000) : s)) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom('1', 'x', '-1', ''), { minLength: 2, maxLength: 5 }) },
  );
  return fc.tuple(key, value).map(([k, v]) => ({ label: `query ${k}`, query: { ...baseline, [k]: v } }));
}

/** Path segments that are not what a route's parameter should be; encoded (or left raw) by the caller. */
export const paramJunk: readonly string[] = [
  'not-a-uuid',
  '../',
  '../../etc/passwd',
  '..',
  '.',
  '\u0000',
  '%00',
  'x'.repeat(5000),
  FIXED_UUID.toUpperCase(),
  `${FIXED_UUID}x`,
  FIXED_UUID.slice(0, 35),
  '00000000-0000-0000-0000-000000000000',
  "1' OR '1'='1",
  '<script>',
  '-1',
  '0',
  '😀',
  'null',
  ' ',
];

export const paramValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...paramJunk) },
  { weight: 1, arbitrary: fc.string({ unit: anyCodeUnit, minLength: 1, maxLength: 40 }).map(wellFormed) },
);

/** Path-segment text as a client would send it; `raw` keeps `../` and `%00` as they are, to reach the router unencoded. */
export const encodeSegment = (s: string) => encodeURIComponent(wellFormed(s));
export { wellFormed };

/** Keeps failure messages readable: long strings and arrays are cut, with their real length said. */
export function preview(value: unknown, max = 300): string {
  const seen = JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'string' && v.length > 60) return `${v.slice(0, 40)}…(${v.length} chars)`;
    if (Array.isArray(v) && v.length > 8) return [...v.slice(0, 3), `…(${v.length} items)`];
    return v;
  });
  const text = seen === undefined ? String(value) : seen;
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
