import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@hireline/contract/endpoint';
import { addLiveJob, addFile } from '../test/jobs';
import { signedFileUrl } from '../platform/files';
import { buildServer } from '../server';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';

/*
 * DESIGN §10: helmet headers with a strict CSP on every answer the process gives — API successes and errors, the
 * portal's and the board's pages, static files, the 404 — and no CORS: the portal and the board are served from the
 * API's own origin, so no other origin may read an answer with the caller's credentials. Every route is walked as
 * Fastify registered it (the onRoute hook), so a route added tomorrow is covered without being listed here.
 */

let t: TestApp;
let tenant: Tenant;
let adminToken: string;
let jobId: string;
let root: string;
const servers: { http?: FastifyInstance; https?: FastifyInstance } = {};
const seen: RouteOptions[] = [];

const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  t = await createTestApp({ ENTERPRISE_KEY: 'test' });
  tenant = await createTenant(t.deps.db);
  adminToken = await login(t.app, tenant.users.accountAdmin.email);
  jobId = (await addLiveJob(t, tenant, { title: 'Header Check Driver' })).id;

  // Built apps as `npm start` serves them: the portal at `/`, the board under /_board/ for board hosts.
  root = mkdtempSync(join(tmpdir(), 'hireline-headers-'));
  const web = join(root, 'web');
  const board = join(root, 'board');
  for (const dir of [web, board]) {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'assets', 'app-123.js'), 'console.log(1)');
  }
  writeFileSync(join(web, 'index.html'), page('portal'));
  writeFileSync(join(board, 'index.html'), page('board'));
  const config = { ...t.deps.config, webDistDir: web, boardDistDir: board };
  servers.http = await buildServer(
    { ...t.deps, config },
    { logger: false, serveWeb: true, hooks: { before: (app) => app.addHook('onRoute', (r) => void seen.push(r)) } },
  );
  servers.https = await buildServer({ ...t.deps, config: { ...config, appUrl: 'https://portal.test' } }, { logger: false, serveWeb: true });
  await Promise.all([servers.http.ready(), servers.https.ready()]);
});

afterAll(async () => {
  await servers.http?.close();
  await servers.https?.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const endpointOf = (r: RouteOptions) => (r.config as { endpoint?: Endpoint } | undefined)?.endpoint;
const FILLER_ID = '0190f3a0-0000-7000-8000-000000000001';

/** A concrete URL for a registered route: every `:param` a well-formed id nobody has, a wildcard a file that exists. */
function urlOf(r: RouteOptions): string {
  const wildcard = r.url.startsWith('/portal/docs') ? 'swagger-ui.css' : 'assets/app-123.js';
  return r.url.replace(/:[A-Za-z_]+/g, FILLER_ID).replace(/\*$/, wildcard);
}

interface Target {
  label: string;
  opts: InjectOptions;
}

/** Every route, once per method (not Fastify's automatic HEAD twins), with a JSON body where the method takes one. */
function routeTargets(): Target[] {
  const out = new Map<string, Target>();
  for (const r of seen) {
    const methods = ([] as string[]).concat(r.method).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    for (const method of methods) {
      const url = urlOf(r);
      const withBody = ['POST', 'PUT', 'PATCH'].includes(method) && !endpointOf(r)?.multipart;
      out.set(`${method} ${r.url}`, {
        label: `${method} ${r.url}`,
        opts: { method: method as InjectOptions['method'], url, ...(withBody ? { payload: {} } : {}) },
      });
    }
  }
  return [...out.values()];
}

/** What is not a registered route but is answered all the same: pages of both apps, health, and the 404s. */
function pageTargets(): Target[] {
  const boardHost = `jobs.${tenant.account.domain}`;
  return [
    { label: 'portal index', opts: { method: 'GET', url: '/' } },
    { label: 'portal client route', opts: { method: 'GET', url: '/some/portal/path' } },
    { label: 'portal asset', opts: { method: 'GET', url: '/assets/app-123.js' } },
    { label: 'board index', opts: { method: 'GET', url: '/', headers: { host: boardHost } } },
    { label: 'board job page', opts: { method: 'GET', url: `/jobs/${jobId}`, headers: { host: boardHost } } },
    { label: 'board asset', opts: { method: 'GET', url: '/_board/assets/app-123.js', headers: { host: boardHost } } },
    { label: 'health', opts: { method: 'GET', url: '/portal/health' } },
    { label: 'unknown API path', opts: { method: 'GET', url: '/portal/v1/no-such-thing' } },
    { label: 'unknown API path (POST)', opts: { method: 'POST', url: '/portal/v1/no-such-thing', payload: {} } },
    { label: 'unknown method on a page', opts: { method: 'DELETE', url: '/some/portal/path' } },
    { label: 'missing portal asset', opts: { method: 'GET', url: '/assets/missing-999.js' } },
  ];
}

type Caller = 'anonymous' | 'admin';

function send(app: FastifyInstance, target: Target, who: Caller, token = adminToken): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-af-eid': 'test', ...(target.opts.headers as Record<string, string> | undefined) };
  if (who === 'admin') {
    headers.authorization = `Bearer ${token}`;
    headers['x-af-aid'] = tenant.account.id;
    headers['x-af-sid'] = tenant.sites[0].id;
  }
  return app.inject({ ...target.opts, headers });
}

const isDocs = (url: string) => url.startsWith('/portal/docs');

/** The CSP as a map of directive → sources. */
function cspOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Every header rule of DESIGN §10 this answer breaks, as readable lines (empty when it keeps them all). */
function problems(res: LightMyRequestResponse, url: string, https: boolean): string[] {
  const out: string[] = [];
  const h = res.headers;
  const csp = cspOf(res);
  if (!h['content-security-policy']) out.push('no Content-Security-Policy');
  else {
    if (csp.get('default-src')?.join(' ') !== "'self'") out.push(`default-src is ${csp.get('default-src')?.join(' ')}`);
    if (String(h['content-security-policy']).includes('unsafe-eval')) out.push('CSP allows unsafe-eval');
    // Swagger UI (the API docs) sets its own CSP with frame-ancestors 'self'; everything else may never be framed.
    const ancestors = csp.get('frame-ancestors')?.join(' ');
    if (ancestors !== (isDocs(url) ? "'self'" : "'none'")) out.push(`frame-ancestors is ${ancestors}`);
    if (csp.get('object-src')?.join(' ') !== "'none'") out.push(`object-src is ${csp.get('object-src')?.join(' ')}`);
    if (https !== csp.has('upgrade-insecure-requests') && !isDocs(url)) out.push('upgrade-insecure-requests does not follow the scheme');
  }
  if (h['x-content-type-options'] !== 'nosniff') out.push(`X-Content-Type-Options is ${h['x-content-type-options']}`);
  if (!/^(DENY|SAMEORIGIN)$/i.test(String(h['x-frame-options'] ?? ''))) out.push(`X-Frame-Options is ${h['x-frame-options']}`);
  if (!/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(String(h['referrer-policy'] ?? '')))
    out.push(`Referrer-Policy is ${h['referrer-policy']}`);
  const hsts = h['strict-transport-security'];
  if (https) {
    const maxAge = Number(/max-age=(\d+)/.exec(String(hsts ?? ''))?.[1] ?? 0);
    if (maxAge < 365 * 24 * 3600) out.push(`HSTS is ${hsts}`);
  } else if (hsts !== undefined) out.push(`HSTS on plain http: ${hsts}`);
  if (h['access-control-allow-origin'] !== undefined) out.push(`Access-Control-Allow-Origin: ${h['access-control-allow-origin']}`);
  if (h['access-control-allow-credentials'] !== undefined) out.push(`Access-Control-Allow-Credentials: ${h['access-control-allow-credentials']}`);
  return out;
}

/** Sends every target as each caller and answers the rule breaks, plus the statuses seen (so the sweep proves its reach). */
async function sweep(app: FastifyInstance, https: boolean) {
  const broken: string[] = [];
  const statuses = new Map<number, number>();
  const targets = [...routeTargets(), ...pageTargets()];
  for (const who of ['anonymous', 'admin'] as const) {
    for (const target of targets) {
      // Signing out would end the session the rest of the sweep uses; those routes get a session of their own.
      const signsOut = who === 'admin' && target.opts.method === 'DELETE' && String(target.opts.url).startsWith('/portal/auth/');
      const res = await send(app, target, who, signsOut ? await login(t.app, tenant.users.accountAdmin.email) : adminToken);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      for (const p of problems(res, String(target.opts.url), https)) broken.push(`${who} ${target.label} → ${res.statusCode}: ${p}`);
    }
  }
  return { broken, statuses, count: targets.length };
}

describe('security headers on every answer', () => {
  it('walks a meaningful set of routes', () => {
    const api = routeTargets().filter((r) => r.label.includes(' /portal/'));
    expect(api.length).toBeGreaterThan(150);
    // The docs, the sign-in redirects, the board feeds and signed files are routes of their own, outside the contract.
    expect(seen.some((r) => r.url.startsWith('/portal/docs'))).toBe(true);
    expect(seen.some((r) => r.url === '/feed.xml')).toBe(true);
  });

  it('over plain http: strict CSP, nosniff, no framing, a referrer policy, no HSTS, no CORS', async () => {
    const { broken, statuses, count } = await sweep(servers.http!, false);
    expect(broken).toEqual([]);
    // Successes, refusals and not-founds alike went through the checks.
    const seenClass = (c: number) => [...statuses.keys()].some((s) => Math.floor(s / 100) === c);
    expect(seenClass(2) && seenClass(4)).toBe(true);
    for (const s of [200, 401, 404, 422]) expect(statuses.get(s), `status ${s}`).toBeGreaterThan(0);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(count * 2);
  }, 300_000);

  it('over https (APP_URL https): the same, plus HSTS for at least a year and upgrade-insecure-requests', async () => {
    const { broken, statuses } = await sweep(servers.https!, true);
    expect(broken).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(0);
  }, 300_000);

  it('serves the pages themselves with the strict policy: scripts only from the origin', async () => {
    const pages = ['portal index', 'portal client route', 'board index', 'board job page'];
    for (const target of pageTargets().filter((p) => pages.includes(p.label))) {
      const res = await send(servers.http!, target, 'anonymous');
      expect(res.statusCode, target.label).toBe(200);
      expect(res.headers['content-type'], target.label).toMatch(/^text\/html/);
      const csp = cspOf(res);
      expect(csp.get('script-src'), target.label).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), target.label).toEqual(["'none'"]);
      expect(csp.get('base-uri'), target.label).toEqual(["'self'"]);
      expect(csp.get('form-action'), target.label).toEqual(["'self'"]);
    }
  });

  it("lets the API docs (Swagger UI) use their own policy, which still allows no eval, plugin or other site's frame", async () => {
    const res = await servers.http!.inject({ method: 'GET', url: '/portal/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = cspOf(res);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')?.every((s) => s === "'self'" || /^'sha(256|384|512)-/.test(s))).toBe(true);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('CORS is closed', () => {
  const evil = 'https://evil.example';

  it('answers no preflight from another origin, for any route', async () => {
    const urls = new Set(routeTargets().map((r) => String(r.opts.url)));
    expect(urls.size).toBeGreaterThan(100);
    for (const url of urls) {
      const res = await servers.http!.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, x-af-eid' },
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-methods', 'access-control-allow-headers'])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  }, 300_000);

  it('lets no other origin read a signed-in GET, successful or not', async () => {
    const gets = routeTargets().filter((r) => r.opts.method === 'GET');
    let ok = 0;
    for (const target of gets) {
      const res = await send(servers.http!, { ...target, opts: { ...target.opts, headers: { origin: evil } } }, 'admin');
      if (res.statusCode === 200) ok++;
      expect(res.headers['access-control-allow-origin'], target.label).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], target.label).toBeUndefined();
    }
    expect(ok).toBeGreaterThan(20);
  }, 300_000);
});

describe('Cache-Control', () => {
  /** What the contract says of the route a target was made from. */
  const accessOf = (label: string) => {
    const r = seen.find((x) => label.endsWith(` ${x.url}`) && endpointOf(x));
    return r ? endpointOf(r)!.access : null;
  };

  it('is no-store on every answer of a route that needs a caller, and on anything a token or a write produced', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const target of routeTargets()) {
      const access = accessOf(target.label);
      if (!access) continue;
      const publicRead = 'public' in access && target.opts.method === 'GET';
      for (const who of ['anonymous', 'admin'] as const) {
        const signsOut = who === 'admin' && target.opts.method === 'DELETE' && String(target.opts.url).startsWith('/portal/auth/');
        const res = await send(servers.http!, target, who, signsOut ? await login(t.app, tenant.users.accountAdmin.email) : adminToken);
        checked++;
        const cc = String(res.headers['cache-control'] ?? '');
        if (publicRead && who === 'anonymous') {
          if (cc === 'no-store') wrong.push(`${who} ${target.label} → ${res.statusCode}: a public read made no-store`);
        } else if (!/no-store|private, no-cache/.test(cc)) wrong.push(`${who} ${target.label} → ${res.statusCode}: Cache-Control ${cc || 'missing'}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  }, 300_000);

  it('is no-store on a signed-in answer with personal data, private and revalidated on a file, untouched on public branding', async () => {
    const me = await send(servers.http!, { label: 'me', opts: { method: 'GET', url: '/portal/auth/me' } }, 'admin');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const signIn = await servers.http!.inject({ method: 'POST', url: '/portal/auth/login', headers: { 'x-af-eid': 'test' }, payload: { email: tenant.users.accountAdmin.email, password: 'Factory-Pass-1' } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');

    const fileId = await addFile(t, tenant);
    await t.deps.storage.put(`test/${fileId}`, Buffer.from('not-really-a-png'));
    const file = await servers.http!.inject({ method: 'GET', url: signedFileUrl(t.deps.config.appSecret, fileId) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-cache');

    const branding = await servers.http!.inject({ method: 'GET', url: '/portal/accounts/branding', headers: { 'x-af-eid': 'test' } });
    expect(branding.headers['cache-control']).not.toBe('no-store');
  });
});
