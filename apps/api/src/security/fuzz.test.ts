import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeEach, expect, it } from 'vitest';
import type { Endpoint, HttpMethod } from '@hireline/contract/endpoint';
import { oauthCallback, startOAuth } from '@hireline/contract/sso';
import { downloadFile } from '@hireline/contract/uploads';
import { signedInCandidate } from '../test/candidates';
import { addEnterpriseAdmin } from '../test/people';
import { authenticate } from '../platform/auth';
import { authenticateSeeker } from '../platform/seeker-sessions';
import { startSession } from '../platform/sessions';
import { createTenant } from '../test/factories';
import { createTestApp } from '../test/harness';
import { bodyCases, encodeSegment, paramValue, preview, queryCases, wellFormed, type BodyCase, type QueryCase } from './fuzz-inputs';
import { accepts, fieldsOf, keysOf, setAt, validSample } from './fuzz-schema';
import { countsUnlessUnchanged } from './row-counts';

/*
 * Every API route, called by a caller who passes its access check, with input generated from its own contract
 * schemas and made bad on purpose. Whatever comes in, the API answers below 500, every error is `{message}` JSON,
 * input the contract refuses is refused with a 4xx, and a refused request writes nothing to the database.
 *
 * Reproducible: fast-check runs from a fixed seed (SEED, mixed with each route's name so routes do not all draw the
 * same choices). Totals are written to test-results/fuzz-summary.json.
 */

// FUZZ_SEED and FUZZ_RUNS explore further by hand; CI runs the fixed seed.
const SEED = Number(process.env.FUZZ_SEED ?? 42);
/** Generated cases per route, on top of the fixed ones (malformed JSON, content types, path junk). */
const GENERATED = Number(process.env.FUZZ_RUNS ?? 20);
/** Routes that take no input at all: only stray query keys and a stray body to try. */
const GENERATED_NO_INPUT = 6;

const seen: RouteOptions[] = [];
// The deployment's enterprise is set so the routes that go by it (the board's feeds, OpenID sign-in) reach their code.
const t = await createTestApp({ ENTERPRISE_KEY: 'test' }, { before: (app) => app.addHook('onRoute', (r) => void seen.push(r)) });
const tenant = await createTenant(t.deps.db, { name: 'Fuzz' });
const boardHost = `jobs.${tenant.account.domain}`;
const client = { ip: '127.0.0.1', userAgent: 'fuzz' };
const staffSession = () => startSession(t.deps, { enterpriseId: tenant.enterpriseId, userId: tenant.users.accountAdmin.id, client });
let staffToken = (await staffSession()).access_token;
// Enterprise administration is refused (403) to an account admin before its input is read; its own staff reach it.
const enterpriseAdmin = await addEnterpriseAdmin(t, tenant, 'fuzz.enterprise@example.test');
let enterpriseToken = enterpriseAdmin.token;
let seekerToken = (await signedInCandidate(t, tenant)).token;
afterAll(() => t.close());

// ---------------------------------------------------------------- the routes

type Caller = 'staff' | 'enterprise' | 'seeker' | 'public';

interface Target {
  method: HttpMethod;
  /** Fastify's URL, `/portal/…` with `:name` parameters (or a board file at the root). */
  url: string;
  /** The contract entry: route()'s own, or the contract a hand-registered route answers for. */
  endpoint: Partial<Endpoint> | null;
  caller: Caller;
  /** Served on a board's host (the board's endpoints and its feeds). */
  board: boolean;
}

/** Routes registered by hand (raw bytes, redirects) still answer for a contract entry, which the fuzzer uses. */
const handRegistered: Record<string, Partial<Endpoint>> = {
  [`/portal${downloadFile.path}`]: downloadFile,
  [`/portal${startOAuth.path}`]: startOAuth,
  [`/portal${oauthCallback.path}`]: oauthCallback,
};

// The documentation (Swagger UI and its OpenAPI file) takes no input and carries nobody's data.
const skipped = (url: string) => url.startsWith('/portal/docs');

/** Run last: with input the contract accepts they end the caller's own session (they are signed in again before each route). */
const endsSession = new Set(['DELETE /portal/auth/logout', 'DELETE /portal/auth/impersonate', 'DELETE /portal/v1/board/candidates/session', 'DELETE /portal/v1/board/candidates/me']);

function targetsOf(routes: RouteOptions[]): Target[] {
  const out = new Map<string, Target>();
  for (const r of routes) {
    if (skipped(r.url)) continue;
    for (const m of [r.method].flat()) {
      // HEAD is Fastify's automatic twin of each GET: the same handler.
      if (m === 'HEAD') continue;
      const endpoint = r.config?.endpoint ?? handRegistered[r.url] ?? null;
      const access = r.config?.access ?? endpoint?.access;
      const board = r.url.startsWith('/portal/v1/board/') || !r.url.startsWith('/portal');
      const caller: Caller =
        !access || 'public' in access ? 'public' : 'seeker' in access ? 'seeker' : endpoint?.level === 'enterprise' ? 'enterprise' : 'staff';
      out.set(`${m} ${r.url}`, { method: m as HttpMethod, url: r.url, endpoint, caller, board });
    }
  }
  const rank = (x: Target) => (endsSession.has(`${x.method} ${x.url}`) ? 2 : x.board ? 0 : 1);
  return [...out.values()].sort((a, b) => rank(a) - rank(b));
}

const targets = targetsOf(seen);
const skippedRoutes = [...new Set(seen.filter((r) => skipped(r.url)).map((r) => `${[r.method].flat().join(',')} ${r.url}`))];

// ---------------------------------------------------------------- the database's row counts

const tableRows = await t.deps.db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
const tables = tableRows.rows.map((r) => r.tablename).filter((n) => n !== 'rate_limit_windows');
/**
 * What a refused request may legitimately write: a record of the refusal in the audit log, and nothing else. A failed
 * sign-in (staff or candidate, by password or SSO) and a refused impersonation are security events the audit log
 * exists for (DESIGN §10); they are counted apart, so any other audit row written by a refused request still fails.
 * On PostgreSQL a refused attempt also counts against its rate limit, in `rate_limit_windows` (ADR 004): counting
 * refused attempts is that table's purpose, so it is left out. Session idle deadlines are updated in place.
 */
const refusalAudits = ['auth.login_failed', 'seeker.login_failed', 'auth.impersonation_refused'];
const countQuery = sql.raw(
  tables
    .map((n) =>
      n === 'audit_logs'
        ? `select '${n}' as name, count(*)::int as n from "public"."${n}" where action not in (${refusalAudits.map((a) => `'${a}'`).join(', ')})`
        : `select '${n}' as name, count(*)::int as n from "public"."${n}"`,
    )
    .join(' union all '),
);

async function countRows(): Promise<Record<string, number>> {
  const res = await t.deps.db.execute<{ name: string; n: number | string }>(countQuery);
  return Object.fromEntries(res.rows.map((r) => [r.name, Number(r.n)]));
}

/** The counts above, read again only after something wrote (see row-counts.ts). */
const rowCounts = countsUnlessUnchanged(t.deps.db, countRows);

function changed(before: Record<string, number>, after: Record<string, number>) {
  return Object.keys(after)
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k} ${before[k]}→${after[k]}`);
}

// ---------------------------------------------------------------- building requests

interface Req {
  label: string;
  path: string;
  query?: Record<string, string | string[]>;
  /** Text sent as is (with `contentType`), or a value sent as JSON. */
  payload?: { text: string; contentType: string } | { json: unknown };
  /**
   * True when the request must be refused with a 4xx: the contract rejects it, or it cannot be parsed at all.
   * Null when the fuzzer cannot tell (raw path junk the router decodes its own way, a schema-less route).
   */
  refuse: boolean | null;
}

const hasBody = (m: HttpMethod) => m !== 'GET';

function paramNames(url: string) {
  return [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
}

/** The URL with each parameter replaced by its (already encoded) text. */
function fill(url: string, values: Record<string, string>) {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => values[name] ?? 'x');
}

function queryString(query: Record<string, string | string[]> | undefined) {
  if (!query) return '';
  const pairs = Object.entries(query).flatMap(([k, v]) => [v].flat().map((x) => `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(x))}`));
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** `.` and `..` are dot segments: URL parsing (here and in every browser) removes them, so another route answers. */
const dotSegment = (s: string) => /^\.{1,2}$/.test(s);

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Mixes a route's name into the seed: every route draws its own cases, the same ones on every run. */
function seedOf(key: string) {
  let h = SEED;
  for (const c of key) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/**
 * Real ids for bodies that name the tenant's things, so hostile text in the other fields reaches the handler and its
 * SQL. Path parameters are not taken from here: a made-up id there keeps every generated request off real records.
 */
const knownIds: Record<string, unknown> = {
  employer_id: tenant.employers[0].id,
  site_id: tenant.sites[0].id,
  site_ids: [tenant.sites[0].id],
};

function casesFor(target: Target): Req[] {
  const e = target.endpoint ?? {};
  const names = paramNames(target.url);
  const paramsBase: Record<string, string> = Object.fromEntries(
    names.map((n) => {
      const sample = e.params ? (validSample(e.params) as Record<string, unknown> | undefined)?.[n] : undefined;
      return [n, String(sample ?? 'x')];
    }),
  );
  // Query values are text: the base keeps only what the contract requires (usually nothing).
  const queryBase: Record<string, string> = {};
  const querySample = e.query ? (validSample(e.query, knownIds) as Record<string, unknown> | undefined) : undefined;
  for (const f of fieldsOf(e.query)) {
    const v = querySample?.[f.path[0]!];
    if (f.path.length === 1 && f.required && v !== undefined) queryBase[f.path[0]!] = String(v);
  }
  const bodyBase = e.body && !e.multipart ? validSample(e.body, knownIds) : undefined;
  const withBody = hasBody(target.method);

  const paramsOk = (p: Record<string, string>) => accepts(e.params, p);
  const queryOk = (q: Record<string, string | string[]>) => accepts(e.query, q);
  // A multipart route reads its body itself and answers 415 to anything else; a route without a body ignores one. The
  // schema judges what the server will see: the value after a trip through JSON (no undefined, no NaN).
  const parsedBodyOk = (parsed: unknown) => (e.multipart ? false : e.body ? accepts(e.body, parsed) : true);
  const bodyOk = (json: unknown) => parsedBodyOk(json === undefined ? undefined : JSON.parse(JSON.stringify(json)));
  const baseEncoded = Object.fromEntries(Object.entries(paramsBase).map(([k, v]) => [k, encodeSegment(v)]));
  const basePayload: Req['payload'] = withBody && bodyBase !== undefined ? { json: bodyBase } : undefined;
  const baseBodyOk = bodyOk(bodyBase);

  const out: Req[] = [];
  const add = (label: string, r: Partial<Req> & { refuse: boolean | null }) =>
    out.push({ label, path: fill(target.url, baseEncoded), query: queryBase, payload: basePayload, ...r });

  // Path parameters: junk in each, encoded as a client would and raw as an attacker would.
  for (const n of names) {
    const one = (v: string) => ({ ...paramsBase, [n]: v });
    for (const v of ['not-a-uuid', '../../etc/passwd', 'x'.repeat(5000)]) {
      add(`param ${n}=${preview(v, 40)}`, {
        path: fill(target.url, { ...baseEncoded, [n]: encodeSegment(v) }),
        refuse: !(paramsOk(one(v)) && queryOk(queryBase) && (!withBody || baseBodyOk)),
      });
    }
    for (const raw of ['%00', '%FF', '..%2F..%2Fetc%2Fpasswd', '..']) {
      const rejected = !paramsOk(one(raw)) && !paramsOk(one(safeDecode(raw)));
      add(`raw param ${n}=${raw}`, { path: fill(target.url, { ...baseEncoded, [n]: raw }), refuse: e.params && rejected && !dotSegment(raw) ? true : null });
    }
  }

  // Query: an unknown key (stripped or refused, per the contract) and every declared key given junk at once.
  const unknown = { ...queryBase, zz_unknown: 'x' };
  add('unknown query key', { query: unknown, refuse: !(paramsOk(paramsBase) && queryOk(unknown) && (!withBody || baseBodyOk)) });
  const keys = keysOf(e.query);
  if (keys.length) {
    const junk = Object.fromEntries(keys.map((k) => [k, ['-1', 'abc']]));
    add('every query key junk', { query: junk, refuse: !(paramsOk(paramsBase) && queryOk(junk) && (!withBody || baseBodyOk)) });
  }

  // Text the database cannot hold (NUL), and text it can but that is large and strange, in every text field and query
  // key at once, on an otherwise valid request: the cases most likely to get past validation into SQL.
  for (const [label, text] of [
    ['NUL', 'nul\u0000inside'],
    ['lone surrogate, RTL and emoji', '\ud800 \u202e 😀 e\u0301'],
    ['SQL and HTML', "'; DROP TABLE users; -- <script>alert(1)</script> %_"],
  ] as const) {
    const strings = keys.filter((k) => fieldsOf(e.query).some((f) => f.path[0] === k && f.kind === 'string'));
    if (strings.length) {
      const q = { ...queryBase, ...Object.fromEntries(strings.map((k) => [k, text])) };
      add(`${label} in every text query key`, { query: q, refuse: !(paramsOk(paramsBase) && queryOk(q) && (!withBody || baseBodyOk)) });
    }
    const textFields = fieldsOf(e.body).filter((f) => f.kind === 'string');
    if (withBody && bodyBase !== undefined && textFields.length) {
      const body = textFields.reduce<unknown>((b, f) => setAt(b, f.path, text), bodyBase);
      add(`${label} in every text field`, { payload: { json: body }, refuse: !(paramsOk(paramsBase) && queryOk(queryBase) && bodyOk(body)) });
      // One field at a time too: a single bad field elsewhere would otherwise hide the rest behind a 422.
      for (const f of textFields) {
        const one = setAt(bodyBase, f.path, text);
        if (label === 'NUL') add(`NUL in ${f.path.join('.')}`, { payload: { json: one }, refuse: !(paramsOk(paramsBase) && queryOk(queryBase) && bodyOk(one)) });
      }
    }
  }

  // Bodies that never reach a schema: unparsable JSON, prototype pollution, other content types.
  if (withBody) {
    const text = (label: string, body: string, contentType: string, refuse: boolean | null) => add(label, { payload: { text: body, contentType }, refuse });
    for (const bad of ['{', '{"a":1', "{'a':1}", '[1,2', 'NaN', '{"a":1}}', '\u0000']) text(`malformed JSON ${JSON.stringify(bad)}`, bad, 'application/json', true);
    text('__proto__ key', '{"__proto__":{"isAdmin":true}}', 'application/json', true);
    text('constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}', 'application/json', true);
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    text('20k-deep nested array', deep, 'application/json', !(paramsOk(paramsBase) && parsedBodyOk(JSON.parse(deep))));
    // Fastify reads no body from an empty DELETE; any other method must send JSON when it says so.
    text('empty JSON body', '', 'application/json', target.method === 'DELETE' ? !(paramsOk(paramsBase) && bodyOk(undefined)) : true);
    text('text/plain', 'hello', 'text/plain', true);
    text('application/xml', '<?xml version="1.0"?><a>1</a>', 'application/xml', true);
    text('form-urlencoded', 'a=1&b=2', 'application/x-www-form-urlencoded', true);
    if (!e.multipart) {
      const boundary = 'fuzzboundary';
      text(
        'multipart to a JSON route',
        `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
        e.body && !accepts(e.body, undefined) ? true : null,
      );
    }
    if (e.body || e.multipart) {
      for (const json of [[], 1, null, 'a string', true] as unknown[]) {
        add(`JSON ${JSON.stringify(json)} as the body`, { payload: { json }, refuse: !(paramsOk(paramsBase) && bodyOk(json)) });
      }
    }
  }

  // Generated: mutations of the body, the query and the path, drawn from the route's own schemas.
  const gens: Array<fc.WeightedArbitrary<Req>> = [];
  const base = { path: fill(target.url, baseEncoded), query: queryBase, payload: basePayload };
  if (withBody && e.body && !e.multipart) {
    gens.push({
      weight: 4,
      arbitrary: bodyCases(e.body, bodyBase).map((c: BodyCase) => ({
        ...base,
        label: c.label,
        payload: { json: c.body },
        refuse: !(paramsOk(paramsBase) && queryOk(queryBase) && bodyOk(c.body)),
      })),
    });
  }
  if (e.query || !names.length) {
    gens.push({
      weight: e.query ? 2 : 1,
      arbitrary: queryCases(e.query, queryBase).map((c: QueryCase) => ({
        ...base,
        label: c.label,
        query: c.query,
        refuse: !(paramsOk(paramsBase) && queryOk(c.query) && (!withBody || baseBodyOk)),
      })),
    });
  }
  if (names.length) {
    gens.push({
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...names), paramValue).map(([n, v]) => {
        const p = { ...paramsBase, [n]: v };
        return {
          ...base,
          label: `param ${n}=${preview(v, 40)}`,
          path: fill(target.url, { ...baseEncoded, [n]: encodeSegment(v) }),
          refuse: dotSegment(v) ? null : !(paramsOk(p) && queryOk(queryBase) && (!withBody || baseBodyOk)),
        };
      }),
    });
  }
  if (withBody && !e.body && !e.multipart) {
    // A stray body on a route that takes none: ignored, never a 5xx.
    gens.push({
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ ...base, label: 'stray JSON body', payload: { json }, refuse: !(paramsOk(paramsBase) && queryOk(queryBase)) })),
    });
  }
  const takesInput = Boolean(names.length || e.query || e.body || e.multipart);
  out.push(...fc.sample(fc.oneof(...gens), { seed: seedOf(`${target.method} ${target.url}`), numRuns: takesInput ? GENERATED : GENERATED_NO_INPUT }));
  return out;
}

// ---------------------------------------------------------------- sending

function headersOf(target: Target): Record<string, string> {
  const h: Record<string, string> = { 'x-af-eid': 'test' };
  if (target.board) h.host = boardHost;
  if (target.caller === 'staff') Object.assign(h, { authorization: `Bearer ${staffToken}`, 'x-af-aid': tenant.account.id, 'x-af-sid': tenant.sites[0].id });
  if (target.caller === 'enterprise') h.authorization = `Bearer ${enterpriseToken}`;
  if (target.caller === 'seeker') h.authorization = `Bearer ${seekerToken}`;
  return h;
}

function send(target: Target, r: Req, ip: string) {
  const headers = headersOf(target);
  const opts: InjectOptions = { method: target.method, url: `${r.path}${queryString(r.query)}`, headers, remoteAddress: ip };
  if (r.payload && 'text' in r.payload) {
    headers['content-type'] = r.payload.contentType;
    opts.payload = r.payload.text;
  } else if (r.payload && r.payload.json !== undefined) {
    headers['content-type'] = 'application/json';
    opts.payload = JSON.stringify(r.payload.json);
  }
  return t.app.inject(opts);
}

/** What is wrong with one answer, or null. */
function judge(r: Req, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (r.refuse === true && (res.statusCode < 400 || res.statusCode >= 500)) return `answered ${res.statusCode} to input the contract refuses`;
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `answered ${res.statusCode} without a JSON body`;
    }
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || !message.trim()) return `answered ${res.statusCode} without a message`;
  }
  return null;
}

function describeReq(target: Target, r: Req) {
  const payload = r.payload && ('text' in r.payload ? `${r.payload.contentType} ${preview(r.payload.text, 120)}` : `json ${preview(r.payload.json)}`);
  return `${target.method} ${preview(`${r.path}${queryString(r.query)}`, 160)} [${r.label}]${payload ? ` body: ${payload}` : ''}`;
}

/** Signs the fuzzer's callers in again when a route (logout, deleting the account) ended their session. */
async function ensureSessions() {
  const idle = t.deps.config.sessionIdleMs;
  if (!(await authenticate(t.deps.db, staffToken, tenant.enterpriseId, idle).then(() => true, () => false))) staffToken = (await staffSession()).access_token;
  if (!(await authenticate(t.deps.db, enterpriseToken, tenant.enterpriseId, idle).then(() => true, () => false))) {
    enterpriseToken = (await startSession(t.deps, { enterpriseId: tenant.enterpriseId, userId: enterpriseAdmin.id, client })).access_token;
  }
  if (!(await authenticateSeeker(t.deps.db, seekerToken, tenant.enterpriseId, idle).then(() => true, () => false))) {
    seekerToken = (await signedInCandidate(t, tenant)).token;
  }
}

// ---------------------------------------------------------------- the tests

const totals = { routes: 0, requests: 0, refusedByContract: 0, statuses: {} as Record<string, number>, perRoute: {} as Record<string, { requests: number; statuses: Record<string, number> }> };

beforeEach(ensureSessions);

it('finds every route of the API to fuzz, and sees the rows it counts', async () => {
  expect(targets.length).toBeGreaterThan(150);
  // Every caller kind is exercised: staff, enterprise staff, board candidates and the public.
  expect(new Set(targets.map((x) => x.caller))).toEqual(new Set(['staff', 'enterprise', 'seeker', 'public']));
  // Only the board's files at the root answer for no contract entry; a new hand-registered route belongs in handRegistered.
  expect(targets.filter((x) => !x.endpoint).map((x) => x.url).sort()).toEqual(['/feed.xml', '/robots.txt', '/sitemap.xml']);
  // "Nothing written" means something only if the counting query sees the tenant's rows.
  const counts = await rowCounts();
  expect(counts.users).toBeGreaterThanOrEqual(5);
  expect(counts.sites).toBeGreaterThanOrEqual(2);
  expect(tables.length).toBeGreaterThan(20);
});

it.each(targets.map((x) => [`${x.method} ${x.url}`, x] as const))('%s survives hostile input', async (key, target) => {
  const cases = casesFor(target);
  const ip = `10.${(totals.routes >> 8) & 255}.${totals.routes & 255}.7`;
  const problems: string[] = [];
  const statuses: Record<string, number> = {};
  const count = (status: number) => {
    totals.statuses[status] = (totals.statuses[status] ?? 0) + 1;
    statuses[status] = (statuses[status] ?? 0) + 1;
  };

  // Input the contract refuses: all refused, and the database exactly as it was.
  const refused = cases.filter((c) => c.refuse === true);
  const before = await rowCounts();
  for (const r of refused) {
    const res = await send(target, r, ip);
    count(res.statusCode);
    const wrong = judge(r, res);
    if (wrong) problems.push(`${wrong}: ${describeReq(target, r)} → ${preview(res.body, 200)}`);
  }
  const diff = changed(before, await rowCounts());
  if (diff.length) problems.push(`refused input wrote to the database (${diff.join(', ')}) on ${key}`);

  // Input the contract accepts (or that cannot be judged): any answer below 500, and nothing written unless it succeeded.
  let last = await rowCounts();
  for (const r of cases.filter((c) => c.refuse !== true)) {
    const res = await send(target, r, ip);
    count(res.statusCode);
    const wrong = judge(r, res);
    if (wrong) problems.push(`${wrong}: ${describeReq(target, r)} → ${preview(res.body, 200)}`);
    const now = await rowCounts();
    const wrote = changed(last, now);
    if (res.statusCode >= 400 && wrote.length) problems.push(`a refused request (${res.statusCode}) wrote ${wrote.join(', ')}: ${describeReq(target, r)}`);
    last = now;
  }

  totals.routes += 1;
  totals.requests += cases.length;
  totals.refusedByContract += refused.length;
  totals.perRoute[key] = { requests: cases.length, statuses };
  expect(problems).toEqual([]);
});

it('covered every route and records the totals', () => {
  expect(totals.routes).toBe(targets.length);
  expect(Math.min(...Object.values(totals.perRoute).map((r) => r.requests))).toBeGreaterThanOrEqual(GENERATED_NO_INPUT);
  const dir = fileURLToPath(new URL('../../../../test-results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const summary = {
    seed: SEED,
    database: t.deps.database.kind,
    routes: totals.routes,
    skipped: skippedRoutes,
    generatedPerRoute: GENERATED,
    generatedPerRouteWithoutInput: GENERATED_NO_INPUT,
    requests: totals.requests,
    refusedByContract: totals.refusedByContract,
    statuses: totals.statuses,
    perRoute: totals.perRoute,
  };
  writeFileSync(`${dir}fuzz-summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
});
