/*
 * Values for the SQL injection sweep, sampled from the contract's zod schemas (zod 4 internals: `_zod.def`) and
 * checked with the schema itself: a request each route accepts, so that a payload put in one slot reaches the service.
 */

interface Check {
  _zod: { def: { check: string; minimum?: number; value?: number | bigint } };
}
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  element?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: Schema;
  left?: Schema;
  right?: Schema;
  getter?: () => Schema;
  format?: string;
  checks?: Check[];
  items?: Schema[];
}
export interface Schema {
  _zod: { def: Def; optin?: 'optional' };
  safeParse(v: unknown): { success: boolean };
}
export const asSchema = (s: unknown) => s as Schema;

/** The keys of an object schema (through optional, pipes, unions); empty for anything else. */
export function shapeOf(s: Schema | undefined): Record<string, Schema> {
  if (!s) return {};
  const d = s._zod.def;
  switch (d.type) {
    case 'object':
      return d.shape!;
    case 'pipe':
      return shapeOf(d.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shapeOf(d.innerType);
    case 'union':
      return Object.assign({}, ...d.options!.map(shapeOf)) as Record<string, Schema>;
    case 'intersection':
      return { ...shapeOf(d.left), ...shapeOf(d.right) };
    case 'lazy':
      return shapeOf(d.getter!());
    default:
      return {};
  }
}

const OMIT = Symbol('omit');
type Mode = 'min' | 'full';
let serial = 0;

export interface Ids {
  /** A uuid field or parameter of this name (within this path), or null for a well-formed id nobody has. */
  (name: string, path: string): string | null;
}

function stringCandidates(name: string, ids: Ids, path: string): string[] {
  const n = ++serial;
  const id = ids(name, path);
  const byName: Record<string, string[]> = {
    email: [`sample${n}@example.test`],
    password: ['Sample-Pass-12345!'],
    password_confirmation: ['Sample-Pass-12345!'],
    current_password: ['Sample-Pass-12345!'],
    slug: [`sample-${n}`],
    timezone: ['UTC'],
    currency: ['USD'],
    // Roles the caller may give where it is given: an employer's own, or the account's.
    role: [path.startsWith('/v1/employers/') ? 'employer_user' : 'account_admin'],
    redirect: ['/somewhere'],
    return_to: ['/somewhere'],
    issuer: ['https://issuer.example.test'],
    permissions: ['jobs.view'],
    allowed_domains: ['example.test'],
  };
  return [
    ...(id ? [id] : []),
    ...(byName[name] ?? []),
    // Unique, for the fields that must be (an employer's name on its site).
    `Sample text ${n}`,
    'sample',
    `sample-${n}`,
    `sample${n}@example.test`,
    'https://example.test/page',
    '/somewhere',
    '#123456',
    'USD',
    `sample${n}.example.test`,
    '2030-01-01',
    '2030-01-01T00:00:00.000Z',
    `sbx_${'a'.repeat(24)}`,
    'auth.login',
    '0190f3a0-0000-7000-8000-00000000abcd',
  ];
}

/** A value the schema accepts where it can find one (`min`: required keys only, `full`: every key). */
export function sample(s: Schema, mode: Mode, name: string, ids: Ids, path: string): unknown {
  const d = s._zod.def;
  const first = (candidates: unknown[]) => candidates.find((c) => s.safeParse(c).success) ?? candidates[0];
  switch (d.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape!)) {
        if (mode === 'min' && v._zod.optin === 'optional') continue;
        const value = sample(v, mode, k, ids, path);
        if (value !== OMIT) out[k] = value;
      }
      return out;
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(d.innerType!, mode, name, ids, path);
    case 'pipe':
      return sample(d.out!._zod.def.type === 'transform' ? d.in! : d.out!, mode, name, ids, path);
    case 'lazy':
      return sample(d.getter!(), mode, name, ids, path);
    case 'union': {
      const options = d.options!.map((o) => sample(o, mode, name, ids, path));
      return first(options.filter((o) => o !== null));
    }
    case 'intersection':
      return Object.assign({}, sample(d.left!, mode, name, ids, path), sample(d.right!, mode, name, ids, path));
    case 'array': {
      const min = d.checks?.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;
      const count = mode === 'full' ? Math.max(1, min) : min;
      return Array.from({ length: count }, () => sample(d.element!, mode, name, ids, path));
    }
    case 'tuple':
      return d.items!.map((i) => sample(i, mode, name, ids, path));
    case 'record':
      return mode === 'full' ? { sample: sample(d.valueType!, mode, 'value', ids, path) } : {};
    case 'string':
      return first(stringCandidates(name, ids, path));
    case 'number':
    case 'int':
    case 'bigint': {
      const lows = (d.checks ?? []).filter((c) => c._zod.def.check === 'greater_than').map((c) => Number(c._zod.def.value) + 1);
      return first([...lows, 1, 5, 10, 100, 0]);
    }
    case 'boolean':
      return true;
    case 'enum': {
      // A bulk action that needs nothing more than the ids, where there is one.
      const values = Object.values(d.entries!);
      return name === 'action' && values.includes('enable') ? 'enable' : values[0];
    }
    case 'literal':
      return d.values![0];
    case 'null':
      return null;
    case 'date':
      return '2030-01-01T00:00:00.000Z';
    default:
      return 'sample';
  }
}

export type JsonPath = Array<string | number>;

/** Paths to every string in a sampled body (enum values and ids included: on the wire they are strings too). */
export function stringPaths(value: unknown, at: JsonPath = []): JsonPath[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

/** The minimal body with one string replaced, taking whatever containers lead to it from the full body. */
export function withValueAt(min: unknown, full: unknown, path: JsonPath, value: string): unknown {
  const root = structuredClone(min ?? (Array.isArray(full) ? [] : {})) as Record<string | number, unknown>;
  let cur = root;
  let src = full as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    if (cur[key] === undefined || cur[key] === null) cur[key] = structuredClone(src[key]);
    cur = cur[key] as Record<string | number, unknown>;
    src = src[key] as Record<string | number, unknown>;
  }
  cur[path.at(-1)!] = value;
  return root;
}
