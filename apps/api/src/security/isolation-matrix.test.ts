import { mkdirSync, writeFileSync } from 'node:fs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Endpoint } from '@hireline/contract/endpoint';
import { call, createTestApp, type Caller, type TestApp } from '../test/harness';
import { buildWorld, type Level, type World } from './isolation.fixtures';

/**
 * The tenant isolation matrix: every route of the contract, called by every kind of stranger, with their own valid
 * scope and with headers forged to point at the victim's. Routes come from the server itself (each carries its
 * contract entry), so a new route joins the matrix the day it is added; a new path parameter must be given a victim
 * record below, or the matrix fails and says which.
 *
 * Outcomes: "deny" is 403 or 404 (404 where the record or scope is someone else's; 403 where the caller lacks the
 * permission); a 2xx answer to a stranger's own-scope read must not contain any string of the victim's.
 */

let t: TestApp;
let w: World;
const seen: RouteOptions[] = [];
const tally = { routes: 0, cases: 0, denied: 0, readsWithoutLeak: 0, controls: 0, fieldChecks: 0 };

beforeAll(async () => {
  t = await createTestApp({ ENTERPRISE_KEY: 'test' }, { before: (app) => app.addHook('onRoute', (r) => void seen.push(r)) });
  w = await buildWorld(t);
}, 300_000);
afterAll(async () => {
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/isolation-summary.json', JSON.stringify(tally, null, 2));
  await t?.close();
});

/** The victim record each path parameter stands for, by the path up to that parameter (most specific first). */
const recordFor: Array<[suffix: string, record: string]> = [
  ['seekers/:uuid/files/:file', 'seekerFile'],
  ['applications/:uuid/files/:file', 'applicationFile'],
  ['employers/:employer/users/:user', 'employerUser'],
  ['accounts/users/:user', 'accountUser'],
  ['board/candidates/me/applications/:uuid', 'candidateApplication'],
  ['board/candidates/me/documents/:uuid', 'candidateDocument'],
  ['board/jobs/:uuid', 'job'],
  ['/jobs/:uuid', 'job'],
  ['flagged-jobs/:uuid', 'job'],
  ['job-feedbacks/:uuid', 'job'],
  ['seekers/:uuid', 'seeker'],
  ['notifications/:uuid', 'notification'],
  ['dev/mail/:id', 'mail'],
  ['employers/:uuid', 'employer'],
  ['employers/:employer', 'employer'],
  ['enterprise/accounts/:id', 'account'],
  ['accounts/sites/:id', 'site'],
  ['oauth-providers/:id', 'provider'],
  ['products/:id', 'product'],
  ['consultants/:uuid', 'consultant'],
  ['accounts/roles/:id', 'role'],
  ['applications/:uuid', 'application'],
  ['purchases/:uuid', 'purchase'],
];

/**
 * A sandbox checkout page is reached by its session id alone, as a payment provider's hosted page is: the id is the
 * capability (random, 122 bits), and the page shows only the amount to pay.
 */
const capabilityUrls = new Set(['/v1/payments/sandbox/:session', '/v1/payments/sandbox/:session/complete', '/v1/payments/sandbox/:session/cancel']);

/**
 * A valid query and body for routes whose record check comes after validation (the handler's): without one a
 * stranger's 422 would say nothing about the record. A stranger given a 422 on such a route fails the matrix with a
 * request to add the route here.
 */
const validInput = (): Record<string, { query?: Record<string, string>; body?: unknown }> => ({
  'DELETE /v1/board/candidates/me': { body: { password: 'Not-The-Password-1' } },
  'PUT /v1/board/candidates/me/applications/:uuid/feedback': { body: { rating: 4, employer_recommended: true } },
  'PUT /v1/board/jobs/:uuid/feedback': { body: { rating: 4, employer_recommended: true } },
  'POST /v1/board/jobs/:uuid/report': { body: { reason: 'scam' } },
  'PUT /v1/seekers/:uuid/tags': { body: { tags: ['stolen'] } },
  'POST /v1/seekers/:uuid/erase': { body: { reason: 'Privacy request' } },
  'PATCH /v1/notifications/:uuid': { body: { read: true } },
  'POST /v1/jobs/:uuid/reject': { body: { reason: 'Not allowed' } },
  'PUT /v1/jobs/:uuid/tags': { body: { tags: ['stolen'] } },
  'PUT /v1/applications/:uuid/tags': { body: { tags: ['stolen'] } },
  'POST /v1/employers/:uuid/reject': { body: { reason: 'Not allowed' } },
  'POST /v1/employers/:employer/users': { body: { email: 'intruder@example.test', name: 'Intruder', role: 'employer_admin' } },
  'PATCH /v1/employers/:employer/users/:user': { body: { role: 'employer_admin' } },
  'POST /v1/consultants/:uuid/jobs': { body: { job_ids: [w.records.job!.id] } },
  'PUT /v1/accounts/users/:user/memberships': { body: { memberships: [{ scope: 'account', role: 'account_admin' }] } },
  'POST /v1/applications/:uuid/status': { body: { status: 'shortlisted', notify: { admin: false, consultants: false, candidate: false } } },
});

/** Credits are an employer's: their routes act on the employer selected in the scope, so every caller selects one of theirs. */
const withEmployer = (e: Endpoint, c: Caller): Caller => {
  if (!e.path.startsWith('/v1/credit/') || c.employerId || !c.accountId) return c;
  const own = c.accountId === w.b.account.id ? w.b.employers[0] : w.a.employers.find((x) => x.siteId === c.siteId);
  return own ? { ...c, employerId: own.id } : c;
};

interface Filled {
  url: string;
  /** The levels of the victim records the path names (none: empty). */
  levels: Set<Level>;
}

function fill(e: Endpoint): Filled {
  const levels = new Set<Level>();
  const shape = (e.params as z.ZodObject | undefined)?.shape ?? {};
  const url = e.path.replace(/:(\w+)/g, (whole, name: string, offset: number) => {
    const param = shape[name] as { options?: unknown[] } | undefined;
    // Enumerated parameters (a form's key, an email template's event and locale) name no one's record.
    if (param?.options?.length) return String(param.options[0]);
    const upTo = e.path.slice(0, offset) + whole;
    const hit = recordFor.find(([suffix]) => upTo.endsWith(suffix));
    if (!hit) throw new Error(`No victim record for ${whole} in ${e.method} ${e.path}: add one to recordFor`);
    const record = w.records[hit[1]]!;
    levels.add(record.level);
    return record.id;
  });
  return { url: `/portal${url}`, levels };
}

const deny = [403, 404];
const routes = () =>
  seen
    .filter((r) => r.method !== 'HEAD' && r.config?.endpoint)
    .map((r) => r.config!.endpoint!)
    .filter((e) => !capabilityUrls.has(e.path));

async function send(e: Endpoint, url: string, who: Caller & { host?: string }) {
  const input = validInput()[`${e.method} ${e.path}`];
  const payload = input?.body ?? (e.method === 'GET' || e.method === 'DELETE' ? undefined : {});
  const res = await call(t.app, who, {
    method: e.method,
    url,
    ...(input?.query ? { query: input.query } : {}),
    ...(who.host ? { headers: { host: who.host } } : {}),
    ...(payload ? { payload: payload as object } : {}),
  });
  tally.cases++;
  return res;
}

function leaks(body: string, markers: string[]) {
  return markers.filter((m) => body.includes(m));
}

type Expectation = 'deny' | 'noLeak' | 401 | 403;
interface Check {
  who: string;
  caller: Caller & { host?: string };
  expect: Expectation;
  markers?: string[];
}

/** Who is tried on a staff route, and what each must get. */
function staffChecks(e: Endpoint, levels: Set<Level>): Check[] {
  const s = w.staff;
  const m = w.markers;
  const read = e.method === 'GET';
  const checks: Check[] = [{ who: 'anonymous', caller: {}, expect: 401 }];
  const access = e.access as { subject: string; action: string };
  // `portal access` is what every signed-in member holds; everything else needs a role that grants it.
  if (access.subject !== 'portal') checks.push({ who: 'member without the permission', caller: s.noPermission, expect: 403 });
  checks.push({ who: 'another account, forged headers', caller: s.otherAccountForged, expect: 'deny' });
  checks.push({ who: "another site's manager, forged headers", caller: s.otherSiteForged, expect: 'deny' });
  checks.push({ who: "another employer's admin, forged headers", caller: s.otherEmployerForged, expect: 'deny' });
  const own = (who: string, scope: Caller, owns: Level[], markers: string[]) => {
    const caller = withEmployer(e, scope);
    if (owns.some((l) => levels.has(l))) checks.push({ who, caller, expect: 'deny' });
    else if (!levels.size && read) checks.push({ who, caller, expect: 'noLeak', markers });
  };
  own('another account, own scope', s.otherAccount, ['account', 'site', 'employer', 'user', 'candidate'], m.account);
  own("another site's manager, own scope", s.otherSite, ['site', 'employer', 'user', 'candidate'], m.site);
  own("another employer's admin on the same site, own scope", s.otherEmployer, ['employer', 'user', 'candidate'], m.employer);
  own('a colleague', s.colleague, ['user'], m.user);
  return checks;
}

/** Candidates' routes: only the candidate's own session on their own board. */
function candidateChecks(e: Endpoint, levels: Set<Level>): Check[] {
  const onA = (token?: string) => ({ host: w.hosts.a, ...(token ? { token } : {}) });
  const checks: Check[] = [
    { who: 'anonymous', caller: onA(), expect: 401 },
    { who: 'a staff token', caller: onA(w.staff.victim.token), expect: 401 },
    { who: "another board's candidate", caller: onA(w.candidates.otherBoard), expect: 401 },
  ];
  // A job is public on its own board; what is a candidate's own is no one else's.
  if (levels.has('candidate')) checks.push({ who: 'another candidate of the same board', caller: onA(w.candidates.sameBoard), expect: 'deny' });
  if (levels.size) checks.push({ who: "another board's candidate on their own board", caller: { host: w.hosts.b, token: w.candidates.otherBoard }, expect: 'deny' });
  else if (e.method === 'GET') {
    checks.push({ who: 'another candidate of the same board', caller: onA(w.candidates.sameBoard), expect: 'noLeak', markers: w.markers.candidate });
  }
  return checks;
}

/** Public routes answer anyone, but another account's board never shows the victim's records. */
function publicChecks(e: Endpoint, levels: Set<Level>): Check[] {
  const onB = { host: w.hosts.b };
  if (levels.size) return [{ who: "another account's board", caller: onB, expect: 'deny' }];
  return e.method === 'GET' ? [{ who: "another account's board", caller: onB, expect: 'noLeak', markers: w.markers.account }] : [];
}

/** The rightful caller reads the same URL: proof that the strangers' 404s are about them, not a dead path. */
function controlCaller(e: Endpoint, levels: Set<Level>): (Caller & { host?: string }) | null {
  if (!levels.size || e.method !== 'GET') return null;
  if ('seeker' in e.access) return { host: w.hosts.a, token: w.candidates.victim };
  if ('public' in e.access) return { host: w.hosts.a };
  return e.level === 'enterprise' ? w.staff.enterprise : withEmployer(e, w.staff.victim);
}

/** Keys no response ever carries: credentials and their hashes, file storage paths, idempotency internals. */
const secretKey = /^(cms_?secret|cmsSecret|password|password_?hash|passwordHash|token_?hash|tokenHash|client_?secret|clientSecret|storage_?key|storageKey|request_?hash|requestHash|refresh_token)$/i;
/** What a candidate never learns from the board: staff-only facts about adverts and applications. */
const staffOnlyKey = /^(knockout_answers|knocked_out|consultant|consultant_id|consultant_name|notes?|status_history|history|credits?|credit_balance|tags|candidate_email)$/i;

function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  return out;
}

describe('tenant isolation matrix', () => {
  it('covers every route of the contract', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(150);
    // Throws, naming the route, when a path parameter has no victim record.
    for (const e of all) fill(e);
  });

  it('no stranger reaches or reads the victim’s records, on any route', async () => {
    const failures: string[] = [];
    for (const e of routes()) {
      tally.routes++;
      const { url, levels } = fill(e);
      const checks = 'public' in e.access ? publicChecks(e, levels) : 'seeker' in e.access ? candidateChecks(e, levels) : staffChecks(e, levels);
      for (const c of checks) {
        const res = await send(e, url, c.caller);
        const where = `${e.method} ${e.path} as ${c.who}`;
        if (c.expect === 'deny') {
          if (res.statusCode === 422) failures.push(`${where}: 422 before the record check; give the route a valid input in validInput`);
          else if (!deny.includes(res.statusCode)) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else tally.denied++;
        } else if (c.expect === 'noLeak') {
          const found = leaks(res.body, c.markers!);
          if (res.statusCode >= 500 || found.length) failures.push(`${where}: ${res.statusCode}, shows ${found.join(', ')}`);
          else tally.readsWithoutLeak++;
        } else if (res.statusCode !== c.expect) {
          failures.push(`${where}: expected ${c.expect}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else tally.denied++;
      }
      const control = controlCaller(e, levels);
      if (control) {
        const res = await send(e, url, control);
        if (res.statusCode !== 200) failures.push(`${e.method} ${e.path} as its rightful reader: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else tally.controls++;
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('no response carries a secret, and the board none of the staff-only fields', async () => {
    const failures: string[] = [];
    let reads = 0;
    const tokens = [w.candidates.victim, w.candidates.sameBoard, w.candidates.otherBoard, ...Object.values(w.staff).map((c) => c.token!)];
    for (const e of routes().filter((r) => r.method === 'GET')) {
      const { url } = fill(e);
      const board = !('subject' in e.access);
      const readers: Array<Caller & { host?: string }> = board
        ? [{ host: w.hosts.a, ...('seeker' in e.access ? { token: w.candidates.victim } : {}) }]
        : e.level === 'enterprise'
          ? [w.staff.enterprise]
          : [w.staff.victim, w.staff.colleague, w.staff.otherEmployer].map((c) => withEmployer(e, c));
      for (const reader of readers) {
        const res = await send(e, url, reader);
        if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) continue;
        reads++;
        const keys = keysOf(res.json());
        const where = `${e.method} ${e.path}`;
        const secret = keys.filter((k) => secretKey.test(k));
        if (secret.length) failures.push(`${where}: carries ${secret.join(', ')}`);
        if (board && !e.path.endsWith('/export')) {
          const staffOnly = keys.filter((k) => staffOnlyKey.test(k));
          if (staffOnly.length) failures.push(`${where} (board): carries ${[...new Set(staffOnly)].join(', ')}`);
        }
        if (res.body.includes('$argon2')) failures.push(`${where}: carries a password hash`);
        // A response may hold the caller's own token (sign-in answers it), never anyone else's.
        const foreign = tokens.filter((tk) => tk !== reader.token && res.body.includes(tk));
        if (foreign.length) failures.push(`${where}: carries another session's token`);
        if (res.body.includes(`victim-secret-${w.a.account.slug}`)) failures.push(`${where}: carries the SSO client secret`);
      }
    }
    tally.fieldChecks = reads;
    expect(reads).toBeGreaterThan(60);
    expect(failures).toEqual([]);
  }, 300_000);
});
