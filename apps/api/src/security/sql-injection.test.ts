import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@hireline/contract/endpoint';
import { repoRoot } from '../config';
import { jobs } from '../db/schema/jobs';
import { addApplication, addSeeker, addSeekerFile } from '../test/applications';
import { addLiveJob, addConsultant, addProduct } from '../test/jobs';
import { addEnterpriseAdmin } from '../test/people';
import { signedInCandidate } from '../test/candidates';
import { grantCredits } from '../test/credits';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { countsUnlessUnchanged } from './row-counts';
import { asSchema, sample, shapeOf, stringPaths, withValueAt, type Ids, type Schema } from './sql-injection.fixtures';

/*
 * DESIGN §10 "parameterised SQL only", checked from the outside: every route, every path parameter, every declared
 * query key and every string field of every JSON body gets classic injection payloads, sent by tenant A's account
 * admin (a candidate of A for the board's candidate routes, enterprise staff for enterprise routes) while tenants B
 * (same enterprise) and C (another enterprise) hold data with marker words. No answer may be a 5xx or carry B's or
 * C's markers or ids; a refused write changes no row count; a boolean pair reads the same; every table survives.
 * Routes, parameters and bodies come from the contract entries the routes carry, so new routes are covered unasked.
 */

/**
 * The payloads by the attack they try. Within a class they differ only in the quoting they try to break out of; in a
 * parameter they all take the same way (its schema, then one bound value), so each parameter gets one of each class
 * and each payload still reaches every route (see `cover`).
 */
const PAYLOAD_CLASSES = {
  tautology: ["' OR '1'='1", "') OR 1=1--", "%' OR '%'='", '" OR ""="'],
  union: ['1 UNION SELECT null, table_name, null FROM information_schema.tables--', "' UNION SELECT id, email, password_hash FROM users--"],
  stacked: ['1; DROP TABLE jobs;--', "'; select pg_sleep(5);--", '$$; DELETE FROM employers; $$', "\\'; update users set enabled = false; --"],
};
const PAYLOADS = Object.values(PAYLOAD_CLASSES).flat();
/** Each pair differs only in whether its condition holds: an injectable parameter reads differently for the two. */
const BOOLEAN_PAIRS: Array<[string, string]> = [
  ["1' AND '1'='1", "1' AND '1'='2"],
  ["1' OR '1'='1", "1' OR '1'='2"],
  ['1 OR 1=1', '1 OR 1=2'],
];
/** The classes each parameter gets one of: the three above and the boolean pairs. */
const CLASS_COUNT = Object.keys(PAYLOAD_CLASSES).length + 1;

/**
 * The covering design of the sweep: of a class's members, slot i of a route gets member (i + offset) mod m, and a
 * route with fewer slots than members sends the rest round its slots again. So every slot (parameter, query key, body
 * field) gets at least one payload of every class, and every payload reaches at least one slot of every route.
 */
function cover<T>(members: readonly T[], slots: number, offset: number): T[][] {
  const out = Array.from({ length: slots }, () => [] as T[]);
  for (let k = 0; k < Math.max(slots, members.length); k++) out[k % slots]!.push(members[(k + offset) % members.length]!);
  return out;
}

const SEARCH_PAYLOADS = ["' OR '1'='1", "') OR 1=1--", "%' OR '%'='", "' OR 1=1--"];
const UNMATCHED = 'zzqxunmatchedword';

// ---------------------------------------------------------------------------------------------------------------
// The world: tenant A (the caller's), B beside it in the same enterprise and C in another, each with marker words.

let t: TestApp;
let a: Tenant;
let adminToken: string;
let enterpriseToken: string;
let candidateToken: string;
let boardHost: string;
const seen: RouteOptions[] = [];
const handled = new Set<string>();
/** Text and ids of B and C that no answer to A's people may carry; C's alone for enterprise staff (who see B). */
const foreign = { b: [] as string[], c: [] as string[] };
const idOf: Record<string, string> = {};
let foreignAccounts: string[] = [];
let bSnapshot: string;
let tablesBefore: string[];

async function tenantWithData(label: string, enterpriseKey?: string) {
  const tenant = await createTenant(t.deps.db, { name: `${label} Works`, ...(enterpriseKey ? { enterpriseKey } : {}) });
  const product = await addProduct(t, tenant);
  const consultant = await addConsultant(t, tenant, { name: `${label} Casey Consultant` });
  const job = await addLiveJob(t, tenant, { title: `${label} Warehouse Driver`, consultantId: consultant.id });
  // Complete, as a posted job is: an edit of a live job must keep its description and product.
  await t.deps.db.update(jobs).set({ productId: product.id, description: '<p>Drive the warehouse trucks.</p>' }).where(eq(jobs.id, job.id));
  const seeker = await addSeeker(t, tenant, { name: `${label} Alice Applicant`, email: `alice.${tenant.account.slug}@example.test` });
  const resume = await addSeekerFile(t, seeker, { name: `${label.toLowerCase()}-resume.pdf` });
  const application = await addApplication(t, job, seeker, { resumeFileId: resume });
  await grantCredits(t, tenant.employers[0].id, 5);
  return { tenant, product, consultant, job, seeker, resume, application };
}

function markersOf(w: Awaited<ReturnType<typeof tenantWithData>>, label: string) {
  const u = w.tenant.users;
  return [
    label,
    w.tenant.account.id,
    w.tenant.account.slug,
    w.tenant.account.domain,
    ...w.tenant.sites.map((s) => s.id),
    ...w.tenant.employers.map((e) => e.id),
    ...[u.accountAdmin, u.siteManager, u.employerAdmin, u.noRole].flatMap((x) => [x.id, x.email]),
    w.product.id,
    w.consultant.id,
    w.job.id,
    w.seeker.id,
    w.seeker.email,
    w.resume,
    w.application.id,
  ].map((m) => m.toLowerCase());
}

/** B's rows as text, to prove at the end that nothing reached them. */
async function snapshotOf(accountId: string) {
  const rows = await t.deps.db.execute(sql`
    select json_build_object(
      'jobs', (select json_agg(json_build_object('id', id, 'title', title, 'status', status) order by id) from jobs where account_id = ${accountId}),
      'seekers', (select json_agg(json_build_object('id', id, 'name', name, 'enabled', enabled) order by id) from seekers where account_id = ${accountId}),
      'employers', (select json_agg(json_build_object('id', id, 'name', business_name, 'credits', credit_balance) order by id) from employers where account_id = ${accountId}),
      'applications', (select json_agg(json_build_object('id', id, 'status', status) order by id) from applications where account_id = ${accountId}),
      'accounts', (select json_agg(json_build_object('name', name, 'enabled', enabled)) from accounts where id = ${accountId})
    ) as s`);
  return JSON.stringify(rows.rows[0]);
}

async function tableNames(): Promise<string[]> {
  const rows = await t.deps.db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  return rows.rows.map((r) => r.name);
}

// Refusals are audited on purpose (failed sign-ins, refused impersonations): that log may grow on a refused request,
// and so may the rate-limit windows on PostgreSQL (ADR 004), which count refused attempts by design.
const LOGS_OF_REFUSALS = new Set(['audit_logs', 'rate_limit_windows']);

/** Row counts of every table but the refusal logs, read again only after something wrote (see row-counts.ts). */
let rowCounts: () => Promise<Record<string, number>>;

/** Row counts of every table but the refusal logs, in one statement. */
async function countRows(): Promise<Record<string, number>> {
  const names = tablesBefore.filter((n) => !LOGS_OF_REFUSALS.has(n));
  const select = names.map((n) => `(select count(*)::int from "${n}") as "${n}"`).join(', ');
  const rows = await t.deps.db.execute<Record<string, number>>(sql.raw(`select ${select}`));
  return Object.fromEntries(Object.entries(rows.rows[0]!).map(([k, v]) => [k, Number(v)]));
}

beforeAll(async () => {
  t = await createTestApp(
    { ENTERPRISE_KEY: 'test' },
    {
      before: (app) => {
        app.addHook('onRoute', (r) => void seen.push(r));
        // Past authentication and validation, the handler runs: only from here on can a request write anything.
        app.addHook('preHandler', async (req) => void handled.add(req.id));
      },
    },
  );
  const wa = await tenantWithData('Alpha');
  const wb = await tenantWithData('Qzbmarker');
  const wc = await tenantWithData('Qzcmarker', 'other');
  a = wa.tenant;
  boardHost = `jobs.${a.account.domain}`;
  foreign.b = markersOf(wb, 'qzbmarker');
  foreign.c = markersOf(wc, 'qzcmarker');

  adminToken = await login(t.app, a.users.accountAdmin.email);
  enterpriseToken = (await addEnterpriseAdmin(t, a, 'erin.enterprise@example.test')).token;
  const candidate = await signedInCandidate(t, a, { name: 'Carla Candidate' });
  candidateToken = candidate.token;

  Object.assign(idOf, {
    account: a.account.id,
    site: a.sites[0].id,
    secondSite: a.sites[1].id,
    employer: a.employers[0].id,
    employerUser: a.users.employerAdmin.id,
    accountUser: a.users.siteManager.id,
    admin: a.users.accountAdmin.id,
    product: wa.product.id,
    consultant: wa.consultant.id,
    job: wa.job.id,
    seeker: wa.seeker.id,
    resume: wa.resume,
    application: wa.application.id,
    candidateResume: candidate.resume!,
  });
  bSnapshot = (await snapshotOf(wb.tenant.account.id)) + (await snapshotOf(wc.tenant.account.id));
  tablesBefore = await tableNames();
  rowCounts = countsUnlessUnchanged(t.deps.db, countRows);
  foreignAccounts = [wb.tenant.account.id, wc.tenant.account.id];
}, 300_000);

/** Tenant A's record for an id field or path parameter, by its name and where it is; null for any other id. */
const ids: Ids = (name, path) => {
  const under = (prefix: string) => path.startsWith(prefix);
  switch (name) {
    case 'employer_id':
    case 'employer':
      return idOf.employer!;
    case 'product_id':
      return idOf.product!;
    case 'consultant_id':
      return idOf.consultant!;
    case 'job_id':
    case 'job_ids':
      return idOf.job!;
    case 'seeker_id':
      return idOf.seeker!;
    case 'site_id':
    case 'site_ids':
      return idOf.site!;
    case 'resume_file_id':
      return under('/v1/board/') ? idOf.candidateResume! : idOf.resume!;
    case 'actor':
      return idOf.admin!;
    case 'user':
      return under('/v1/employers/') ? idOf.employerUser! : idOf.accountUser!;
    case 'file':
      return idOf.resume!;
    case 'ids':
      return under('/v1/jobs') ? idOf.job! : under('/v1/applications') ? idOf.application! : under('/v1/employers') ? idOf.employer! : null;
    case 'uuid':
    case 'id':
      if (under('/v1/jobs/') || under('/v1/board/jobs/') || under('/v1/site/job-feedbacks/')) return idOf.job!;
      if (under('/v1/seekers/')) return idOf.seeker!;
      if (under('/v1/applications/')) return idOf.application!;
      if (under('/v1/employers/')) return idOf.employer!;
      if (under('/v1/consultants/')) return idOf.consultant!;
      if (under('/v1/enterprise/accounts/')) return idOf.account!;
      if (under('/v1/accounts/sites/')) return idOf.secondSite!;
      if (under('/v1/site/settings/products/')) return idOf.product!;
      return null;
    default:
      return null;
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Routes as registered, each with who calls it and what it takes.

type CallerKind = 'admin' | 'enterprise' | 'candidate';
interface Target {
  method: string;
  /** Fastify's URL, `/portal/v1/jobs/:uuid/detail`. */
  url: string;
  /** The path below /portal, as the contract writes it. */
  path: string;
  endpoint: Endpoint | null;
  caller: CallerKind;
  params: string[];
  paramSchemas: Record<string, Schema>;
  queryKeys: string[];
}

function targets(): Target[] {
  const out = new Map<string, Target>();
  for (const r of seen) {
    const url = r.url;
    // The docs serve a generated description of the API; they take no input.
    if (url.startsWith('/portal/docs')) continue;
    const e = (r.config as { endpoint?: Endpoint } | undefined)?.endpoint ?? null;
    for (const method of ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
      const access = e?.access as { seeker?: true } | undefined;
      const params = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
      out.set(`${method} ${url}`, {
        method,
        url,
        path: url.replace(/^\/portal/, ''),
        endpoint: e,
        caller: access?.seeker ? 'candidate' : e?.level === 'enterprise' ? 'enterprise' : 'admin',
        params,
        paramSchemas: shapeOf(asSchema(e?.params)),
        queryKeys: Object.keys(shapeOf(asSchema(e?.query))),
      });
    }
  }
  // Reads first, then writes, the irreversible ones (erase, delete, disable, reject, expire) last: a world the
  // earlier requests changed must still have the records the later ones aim at.
  return [...out.values()].sort((x, y) => rank(x) - rank(y));
}

const rank = (x: Target) =>
  x.method === 'GET' ? 0 : x.method === 'DELETE' ? 3 : /\/(erase|disable|reject|expire|take-down|unlist|review|dismiss)$/.test(x.url) ? 2 : 1;

let ipSeq = 0;
/** Every request from its own client address, so the per-IP limits of sign-in and the board never answer 429 instead. */
const nextIp = () => {
  const n = ++ipSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

interface Input {
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
}

function baseInput(x: Target): Input {
  const params: Record<string, string> = {};
  for (const p of x.params) {
    const schema = x.paramSchemas[p];
    params[p] = ids(p, x.path) ?? (schema ? String(sample(schema, 'min', p, ids, x.path)) : 'sample');
  }
  const query = (x.endpoint?.query ? sample(asSchema(x.endpoint.query), 'min', 'query', ids, x.path) : {}) as Record<string, string>;
  const body = x.endpoint?.body && !x.endpoint.multipart ? sample(asSchema(x.endpoint.body), 'min', 'body', ids, x.path) : undefined;
  return { params, query, body };
}

function send(x: Target, input: Input): Promise<LightMyRequestResponse> {
  const url = x.url.replace(/:([A-Za-z_]+)/g, (_, p: string) => encodeURIComponent(input.params[p]!));
  const headers: Record<string, string> = { 'x-af-eid': 'test', host: boardHost };
  if (x.caller === 'admin') Object.assign(headers, { authorization: `Bearer ${adminToken}`, 'x-af-aid': a.account.id, 'x-af-sid': a.sites[0].id });
  // Credits are an employer's: staff act on the one they have selected.
  if (x.caller === 'admin' && x.path.startsWith('/v1/credit/')) headers['x-af-empid'] = a.employers[0].id;
  if (x.caller === 'enterprise') headers.authorization = `Bearer ${enterpriseToken}`;
  if (x.caller === 'candidate') headers.authorization = `Bearer ${candidateToken}`;
  const opts: InjectOptions = {
    method: x.method as InjectOptions['method'],
    url,
    query: input.query,
    headers,
    remoteAddress: nextIp(),
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  };
  return t.app.inject(opts);
}

/** How many records an answer holds: a list's total, else the distinct ids anywhere in it. */
function rowsOf(res: LightMyRequestResponse): number {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 0;
  }
  const total = (body as { meta?: { total?: unknown } } | null)?.meta?.total;
  if (typeof total === 'number') return total;
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const id = (v as { id?: unknown }).id;
      if (typeof id === 'string') found.add(id);
      Object.values(v).forEach(walk);
    }
  };
  walk(body);
  return found.size;
}

// ---------------------------------------------------------------------------------------------------------------
// The sweep: one slot (a parameter, a query key or a body field) at a time, a payload of every class in it.

interface Slot {
  kind: 'path' | 'query' | 'body';
  name: string;
  input: (payload: string) => Input;
}

/** The slots of a route; each input is sampled afresh (new emails, names, slugs), so one payload never collides with the last. */
function slotsOf(x: Target): Slot[] {
  const slots: Slot[] = [];
  for (const p of x.params)
    slots.push({ kind: 'path', name: p, input: (v) => (({ params, ...rest }) => ({ ...rest, params: { ...params, [p]: v } }))(baseInput(x)) });
  for (const k of x.queryKeys)
    slots.push({ kind: 'query', name: k, input: (v) => (({ query, ...rest }) => ({ ...rest, query: { ...query, [k]: v } }))(baseInput(x)) });
  if (x.endpoint?.body && !x.endpoint.multipart) {
    const body = asSchema(x.endpoint.body);
    for (const path of stringPaths(sample(body, 'full', 'body', ids, x.path)))
      slots.push({
        kind: 'body',
        name: path.join('.') || '(body)',
        input: (v) => {
          const base = baseInput(x);
          return { ...base, body: withValueAt(base.body, sample(body, 'full', 'body', ids, x.path), path, v) };
        },
      });
  }
  return slots;
}

interface RouteReport {
  route: string;
  caller: CallerKind;
  baseline: number | null;
  slots: { path: number; query: number; body: number };
  requests: number;
  statuses: Record<string, number>;
}

const summary = {
  routes: 0,
  routesWithInput: 0,
  slots: { path: 0, query: 0, body: 0 },
  classesPerSlot: CLASS_COUNT,
  /** Distinct (route, slot, payload class) combinations sent. */
  combinations: 0,
  requests: 0,
  statuses: {} as Record<string, number>,
  refusedWritesChecked: 0,
  booleanPairsCompared: 0,
  searchChecks: [] as Array<{ route: string; payload: string; rows: number; unmatchedRows: number }>,
  perRoute: [] as RouteReport[],
};

afterAll(async () => {
  // The totals, for the record: routes × parameters × payloads, and what the answers were.
  if (summary.requests) {
    const slots = summary.slots.path + summary.slots.query + summary.slots.body;
    mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
    writeFileSync(
      join(repoRoot, 'test-results', 'sqli-summary.json'),
      JSON.stringify({ database: t.deps.database.kind, ...summary, totalSlots: slots, payloadClasses: PAYLOAD_CLASSES, booleanPairs: BOOLEAN_PAIRS }, null, 2),
    );
  }
  await t?.close();
});

const isWrite = (x: Target) => x.method !== 'GET';

/** Everything wrong with one answer to one payload. */
function leaks(x: Target, res: LightMyRequestResponse): string[] {
  const text = `${JSON.stringify(res.headers)}\n${res.body}`.toLowerCase();
  const forbidden = x.caller === 'enterprise' ? foreign.c : [...foreign.b, ...foreign.c];
  return forbidden.filter((m) => text.includes(m));
}

describe('SQL injection through every route', () => {
  it('has the routes to attack, with their parameters', () => {
    const all = targets();
    expect(all.length).toBeGreaterThan(150);
    const slotted = all.map((x) => ({ x, slots: slotsOf(x) }));
    // The main list and search endpoints are among them, with their filters.
    const jobs = slotted.find((s) => s.x.method === 'GET' && s.x.path === '/v1/jobs')!;
    expect(jobs.slots.map((s) => s.name)).toEqual(expect.arrayContaining(['q', 'sort', 'status', 'employer_id', 'tags', 'page']));
    const create = slotted.find((s) => s.x.method === 'POST' && s.x.path === '/v1/jobs')!;
    expect(create.slots.map((s) => s.name)).toEqual(expect.arrayContaining(['title', 'description', 'links.0.label', 'screening_questions.0.label']));
    expect(slotted.filter((s) => s.slots.length > 0).length).toBeGreaterThan(120);
  });

  it("finds no more with a search payload than with a word nothing contains", async () => {
    const searches = targets().filter((x) => x.method === 'GET' && x.queryKeys.includes('q'));
    expect(searches.map((x) => x.path)).toEqual(expect.arrayContaining(['/v1/jobs', '/v1/seekers', '/v1/applications', '/v1/employers', '/v1/board/jobs', '/v1/site/search']));
    const problems: string[] = [];
    for (const x of searches) {
      const base = baseInput(x);
      const unmatched = await send(x, { ...base, query: { ...base.query, q: UNMATCHED } });
      expect(unmatched.statusCode, `${x.path} ${unmatched.body}`).toBe(200);
      for (const payload of SEARCH_PAYLOADS) {
        const res = await send(x, { ...base, query: { ...base.query, q: payload } });
        const rows = rowsOf(res);
        summary.searchChecks.push({ route: `GET ${x.url}`, payload, rows, unmatchedRows: rowsOf(unmatched) });
        if (res.statusCode >= 500 || rows > rowsOf(unmatched)) problems.push(`GET ${x.path}?q=${payload} → ${res.statusCode}, ${rows} rows (unmatched word: ${rowsOf(unmatched)})`);
        const leaked = leaks(x, res);
        if (leaked.length) problems.push(`GET ${x.path}?q=${payload} carries ${leaked.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    // The same lists do find A's records by a real word: the comparison above is not between two empty lists by accident.
    const jobs = searches.find((x) => x.path === '/v1/jobs')!;
    const found = await send(jobs, { ...baseInput(jobs), query: { q: 'warehouse' } });
    expect(rowsOf(found)).toBe(1);
    // Some thirty requests: seconds on a quiet machine, more than the default limit on a loaded one.
  }, 300_000);

  it('answers every payload class in every parameter, query key and body field without a 5xx, a leak or a refused write that wrote', async () => {
    const problems: string[] = [];
    let before = await rowCounts();
    const all = targets();
    for (const [routeIndex, x] of all.entries()) {
      const slots = slotsOf(x);
      const report: RouteReport = {
        route: `${x.method} ${x.url}`,
        caller: x.caller,
        baseline: null,
        slots: { path: 0, query: 0, body: 0 },
        requests: 0,
        statuses: {},
      };
      summary.perRoute.push(report);
      summary.routes++;
      if (!slots.length) continue;
      summary.routesWithInput++;
      const payloadsOf = Object.values(PAYLOAD_CLASSES).map((members) => cover(members, slots.length, routeIndex));
      const pairsOf = cover(BOOLEAN_PAIRS, slots.length, routeIndex);
      const reached = new Set<string>();

      const check = async (label: string, input: Input) => {
        const res = await send(x, input);
        report.requests++;
        summary.requests++;
        report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1;
        summary.statuses[res.statusCode] = (summary.statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 500) problems.push(`${x.method} ${x.path} ${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        const leaked = leaks(x, res);
        if (leaked.length) problems.push(`${x.method} ${x.path} ${label} carries another tenant's ${leaked.join(', ')}`);
        // Row counts are read again only after a write whose handler ran; nothing else can have changed them.
        const ran = handled.delete(String(res.headers['x-request-id']));
        if (isWrite(x) && ran) {
          const after = await rowCounts();
          if (res.statusCode >= 400) {
            summary.refusedWritesChecked++;
            const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
            if (changed.length) problems.push(`${x.method} ${x.path} ${label} → ${res.statusCode} yet changed ${changed.map((k) => `${k} ${before[k]}→${after[k]}`).join(', ')}`);
          }
          before = after;
        }
        return res;
      };

      // The request without a payload shows whether the generated input gets past validation (so the payloads reach
      // the service); the irreversible ones are not sent, or A's records would be gone before the payloads arrive.
      if (rank(x) < 2) report.baseline = (await check('(no payload)', baseInput(x))).statusCode;
      for (const [i, slot] of slots.entries()) {
        report.slots[slot.kind]++;
        summary.slots[slot.kind]++;
        // The classes this slot really gets: the covering design promises all of them.
        summary.combinations += payloadsOf.filter((c) => c[i]!.length > 0).length + (pairsOf[i]!.length > 0 ? 1 : 0);
        for (const payload of payloadsOf.flatMap((c) => c[i]!)) {
          reached.add(payload);
          await check(`${slot.kind} ${slot.name}=${payload}`, slot.input(payload));
        }
        for (const [yes, no] of pairsOf[i]!) {
          reached.add(yes).add(no);
          const r1 = await check(`${slot.kind} ${slot.name}=${yes}`, slot.input(yes));
          const r2 = await check(`${slot.kind} ${slot.name}=${no}`, slot.input(no));
          // A read that answers a true and a false condition differently is the classic sign of a blind injection.
          if (!isWrite(x) && r1.statusCode !== 429 && r2.statusCode !== 429) {
            summary.booleanPairsCompared++;
            if (r1.statusCode !== r2.statusCode || rowsOf(r1) !== rowsOf(r2))
              problems.push(`${x.method} ${x.path} ${slot.kind} ${slot.name}: '${yes}' → ${r1.statusCode}/${rowsOf(r1)} rows, '${no}' → ${r2.statusCode}/${rowsOf(r2)} rows`);
          }
        }
      }
      // The covering design held: every payload and both halves of every pair reached this route.
      if (reached.size !== PAYLOADS.length + BOOLEAN_PAIRS.length * 2) problems.push(`${x.method} ${x.path} got ${reached.size} distinct payloads`);
    }
    expect(problems).toEqual([]);
    const slotCount = summary.slots.path + summary.slots.query + summary.slots.body;
    expect(summary.routesWithInput).toBeGreaterThan(120);
    expect(slotCount).toBeGreaterThan(500);
    expect(summary.combinations).toBe(slotCount * CLASS_COUNT);
  }, 1_800_000);

  it('leaves every table in place and the other tenants exactly as they were', async () => {
    expect(await tableNames()).toEqual(tablesBefore);
    const [b, c] = foreignAccounts;
    expect((await snapshotOf(b!)) + (await snapshotOf(c!))).toBe(bSnapshot);
    // A's people can still sign in: no payload disabled users or rewrote password hashes.
    await login(t.app, a.users.accountAdmin.email);
  });
});
