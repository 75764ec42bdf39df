import fc from 'fast-check';
import { accepts, DELETE, FIXED_UUID, fieldsOf, keysOf, setAt, type Schema } from './fuzz-schema';

/*
 * Hostile input for the API fuzzer, derived from the contract's zod schemas (read through fuzz-schema.ts): mutations of
 * a best-effort valid request that each break one thing (a field's type, a missing field, an unknown one, a huge or
 * strange string, a huge array) so that the rest of the request still reaches the check that should refuse it.
 * Whether the contract accepts a generated input is asked of the schema itself, which is the oracle of the fuzzer.
 */

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
