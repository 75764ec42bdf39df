import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join, relative } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoMessages } from '@hireline/contract/sso';
import { client, site1, type Client } from '../test/client';
import { accountApi, ssoError, startAt } from '../test/sso';
import { sendFormWebhook } from '../platform/board-forms';
import { classifyAddress, createOutbound, OutboundRefused, refusedUrlMessage, type Resolver } from '../platform/outbound-http';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';

/*
 * The server never connects where it should not (docs/reliability.md, "outbound connections"): every outbound request
 * goes through platform/outbound-http.ts, which refuses loopback (unless OUTBOUND_ALLOW_LOOPBACK), private, link-local,
 * CGNAT, ULA, multicast and broadcast targets after resolving the name, and checks every redirect again. This app runs
 * with the flag off, as production does.
 */

interface Receiver {
  server: Server;
  port: number;
  seen: IncomingMessage[];
  close(): Promise<void>;
}

/** A local HTTP server that records what reaches it; `route` answers by path. */
async function receiver(route: (path: string) => { status: number; headers?: Record<string, string>; body?: string } = () => ({ status: 200, body: '{}' })) {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      (req as IncomingMessage & { text?: string }).text = Buffer.concat(chunks).toString();
      const r = route(req.url ?? '/');
      res.writeHead(r.status, r.headers).end(r.body ?? '');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return { server, port, seen, close: () => new Promise<void>((ok) => server.close(() => ok())) } satisfies Receiver;
}

const names = (map: Record<string, string[]>): Resolver => async (host) => {
  const list = map[host];
  if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const strict = (resolve?: Resolver) => createOutbound({ allowLoopback: false, timeoutMs: 5_000, resolve });
const loose = (resolve?: Resolver) => createOutbound({ allowLoopback: true, timeoutMs: 5_000, resolve });

let local: Receiver;
let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  local = await receiver();
  t = await createTestApp({ ENTERPRISE_KEY: 'test', OUTBOUND_ALLOW_LOOPBACK: '0' });
  a = await createTenant(t.deps.db, { name: 'Alpha' });
});
afterAll(async () => {
  await t?.close();
  await local?.close();
});

describe('the outbound client, loopback not allowed', () => {
  const refusedTargets = () => [
    `http://127.0.0.1:${local.port}/`,
    `http://localhost:${local.port}/`,
    `http://2130706433:${local.port}/`,
    `http://0x7f.1:${local.port}/`,
    `http://127.1:${local.port}/`,
    `http://017700000001:${local.port}/`,
    `http://[::1]:${local.port}/`,
    `http://[::ffff:127.0.0.1]:${local.port}/`,
    'http://0.0.0.0/',
    'http://[::]/',
    'https://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'https://10.0.0.1/',
    'https://172.16.5.4/',
    'https://172.31.255.255/',
    'https://192.168.1.1/',
    'https://100.64.0.1/',
    'https://[fd00::1]/',
    'https://[fe80::1]/',
    'http://224.0.0.1/',
    'http://[ff02::1]/',
    'http://255.255.255.255/',
  ];

  it('refuses every loopback, private, link-local, CGNAT, ULA, multicast and broadcast target, however it is spelled', async () => {
    // `localhost` resolves through the system here: it must be refused for its address, not its name.
    const out = strict();
    for (const url of refusedTargets()) await expect(out.fetch(url), url).rejects.toBeInstanceOf(OutboundRefused);
    expect(local.seen).toHaveLength(0);
    for (const url of refusedTargets()) expect(await out.refusal(url), url).toMatch(/may not connect/);
  });

  it('refuses a name that resolves to a private or loopback address, or to any such address among public ones', async () => {
    const out = strict(names({ 'intranet.test': ['10.1.2.3'], 'rebind.test': ['93.184.216.34', '127.0.0.1'], 'meta.test': ['fd00::1'] }));
    for (const host of ['intranet.test', 'rebind.test', 'meta.test']) {
      await expect(out.fetch(`http://${host}:${local.port}/`)).rejects.toBeInstanceOf(OutboundRefused);
      expect(await out.refusal(`https://${host}/`)).toMatch(/may not connect/);
    }
    expect(local.seen).toHaveLength(0);
    // A name that does not resolve (yet) is not refused at save time: the check when connecting still holds.
    expect(await out.refusal('https://hooks.nowhere.test/x')).toBeNull();
    expect(await out.refusal('https://93.184.216.34/')).toBeNull();
  });

  it('only speaks http and https', async () => {
    const out = strict();
    for (const url of ['file:///etc/passwd', 'ftp://93.184.216.34/', 'gopher://93.184.216.34/']) {
      await expect(out.fetch(url)).rejects.toThrow();
      expect(await out.refusal(url)).toMatch(/Only http and https/);
    }
  });

  it('classifies addresses: public ones pass, loopback is its own class', () => {
    expect(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1', '100.128.0.1'].map(classifyAddress)).toEqual(Array(5).fill('public'));
    expect(['127.0.0.1', '127.255.0.9', '::1', '::ffff:7f00:1'].map(classifyAddress)).toEqual(Array(4).fill('loopback'));
    expect(classifyAddress('not-an-ip')).toBe('refused');
    expect(classifyAddress('fe80::1%eth0')).toBe('refused');
  });
});

describe('the outbound client with loopback allowed (tests, development)', () => {
  it('still refuses private targets and redirects to them, and checks each redirect again', async () => {
    const hops = await receiver((path) => {
      if (path === '/to-private') return { status: 302, headers: { location: 'http://10.0.0.5/x' } };
      if (path === '/to-metadata') return { status: 307, headers: { location: 'http://169.254.169.254/latest/meta-data/' } };
      if (path === '/to-name') return { status: 301, headers: { location: 'http://intranet.test/' } };
      if (path === '/loop') return { status: 302, headers: { location: '/loop' } };
      if (path === '/see-other') return { status: 303, headers: { location: '/landed' } };
      return { status: 200, body: JSON.stringify({ path }) };
    });
    try {
      const out = loose(names({ 'intranet.test': ['192.168.0.10'], 'svc.test': ['127.0.0.1'] }));
      for (const path of ['/to-private', '/to-metadata', '/to-name']) {
        await expect(out.fetch(`http://127.0.0.1:${hops.port}${path}`)).rejects.toBeInstanceOf(OutboundRefused);
      }
      await expect(out.fetch(`http://127.0.0.1:${hops.port}/loop`)).rejects.toThrow(/More than 3 redirects/);
      expect(await out.refusal('https://192.168.0.1/')).toMatch(/may not connect/);

      // 303 after a POST continues as a GET; the name is connected to at the address it was checked at, Host kept.
      const res = await out.fetch(`http://svc.test:${hops.port}/see-other`, { method: 'POST', body: 'a=1', headers: { 'content-type': 'text/plain' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ path: '/landed' });
      const last = hops.seen.at(-1)!;
      expect(last.method).toBe('GET');
      expect(last.headers.host).toBe(`svc.test:${hops.port}`);
      // A manual redirect is answered as it is.
      const manual = await out.fetch(`http://127.0.0.1:${hops.port}/to-private`, { redirect: 'manual' });
      expect(manual.status).toBe(302);
    } finally {
      await hops.close();
    }
  });

  it('sends the body and headers, and gives up on a server that never answers', async () => {
    const before = local.seen.length;
    const res = await loose().fetch(`http://127.0.0.1:${local.port}/hook`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', 'x-sig': 'v1' } });
    expect(res.status).toBe(200);
    const got = local.seen[before] as IncomingMessage & { text?: string };
    expect([got.method, got.url, got.headers['x-sig'], got.text]).toEqual(['POST', '/hook', 'v1', '{"a":1}']);

    const silent = createServer(() => undefined);
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    try {
      const out = createOutbound({ allowLoopback: true, timeoutMs: 200 });
      await expect(out.fetch(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`)).rejects.toThrow();
      // Nor waits for a resolver that never answers.
      const stuck = createOutbound({ allowLoopback: true, timeoutMs: 200, resolve: () => new Promise(() => undefined) });
      await expect(stuck.fetch('http://never.test/')).rejects.toThrow(/Name resolution timed out/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((ok) => silent.close(() => ok()));
    }
  });
});

describe('what the API saves and fetches, loopback not allowed', () => {
  let admin: ReturnType<typeof accountApi>;
  let manager: Client;
  beforeAll(async () => {
    admin = accountApi(t, await login(t.app, a.users.accountAdmin.email), a);
    manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
  });

  const provider = (slug: string, issuer: string) => ({ name: slug, slug, issuer, client_id: 'c', client_secret: 's' });

  it('refuses an SSO issuer on loopback, link-local or private addresses when it is saved', async () => {
    const issuers = [`http://127.0.0.1:${local.port}`, 'http://2130706433', 'https://169.254.169.254', 'https://[fd00::1]', 'https://10.0.0.1/realms/x'];
    for (const [i, issuer] of issuers.entries()) {
      const res = await admin.post('/v1/accounts/oauth-providers', provider(`p${i}`, issuer));
      expect(res.statusCode, issuer).toBe(422);
      expect(res.json().errors.issuer).toEqual([refusedUrlMessage]);
    }
    const created = await admin.post('/v1/accounts/oauth-providers', provider('ok', 'https://login.example.test'));
    expect(created.statusCode, created.body).toBe(201);
    const changed = await admin.patch(`/v1/accounts/oauth-providers/${created.json().id}`, { issuer: 'https://[::ffff:10.0.0.1]' });
    expect(changed.statusCode).toBe(422);
  });

  it("never fetches a stored issuer that is refused now: an anonymous sign-in start is answered 'unavailable'", async () => {
    const strictOutbound = t.deps.outbound;
    // Saved while loopback was allowed (or its name resolved elsewhere then): the check when connecting still holds.
    t.deps.outbound = loose();
    const saved = await admin.post('/v1/accounts/oauth-providers', provider('local', `http://127.0.0.1:${local.port}`));
    t.deps.outbound = strictOutbound;
    expect(saved.statusCode, saved.body).toBe(201);
    const before = local.seen.length;
    expect(ssoError(await startAt(t, a.account.domain, 'local'))).toBe(ssoMessages.unavailable);
    expect(local.seen.length).toBe(before);
  });

  it('refuses a board-form webhook to a private or loopback address when it is saved', async () => {
    const before = local.seen.length;
    const urls = ['https://10.0.0.1/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://169.254.169.254/hook', `https://127.0.0.1:${local.port}/hook`];
    for (const url of urls) {
      const res = await manager.patch('/v1/site/settings', { forms: { application: { enabled: true, handler: 'webhook', url } } });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors['forms.application.url']).toEqual([refusedUrlMessage]);
    }
    // A name mapped to a private address is refused too.
    const strictOutbound = t.deps.outbound;
    t.deps.outbound = strict(names({ 'hooks.corp.test': ['192.168.4.4'] }));
    try {
      const res = await manager.patch('/v1/site/settings', { forms: { feedback: { enabled: true, handler: 'webhook', url: 'https://hooks.corp.test/in' } } });
      expect(res.statusCode).toBe(422);
    } finally {
      t.deps.outbound = strictOutbound;
    }
    expect(local.seen.length).toBe(before);
  });

  it('refuses a stored webhook to a private or loopback address when posting, logs it once and does not retry', async () => {
    const before = local.seen.length;
    for (const url of [`https://127.0.0.1:${local.port}/hook`, 'https://169.254.169.254/hook', 'https://hooks.corp.test/in']) {
      const warnings: string[] = [];
      const out = strict(names({ 'hooks.corp.test': ['172.20.0.3'] }));
      const form = { enabled: true, handler: 'webhook' as const, url, secret: 's' };
      const sent = await sendFormWebhook(form, 'application.submitted', { id: 1 }, { warn: (_o, msg) => void warnings.push(msg) }, out.fetch);
      expect(sent, url).toBe(false);
      expect(warnings, url).toEqual(['form webhook refused: its address is not reachable from this server']);
    }
    expect(local.seen.length).toBe(before);
  });
});

describe('one way out', () => {
  it('no server module makes a request but through the outbound client (tests and their stand-ins aside)', () => {
    const root = join(import.meta.dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !/\.(test|pg-test|d)\.ts$|fixtures|(^|\/)test\/|stand-in/.test(f))
      .filter((f) => f !== join('platform', 'outbound-http.ts'));
    const ways = [/(^|[^.\w])fetch\(/m, /undici|axios|node-fetch/];
    // Importing a network module is a way out, unless all it takes is what listens (the metrics port's server).
    const networkImport = /^import (?!type )([^;]*) from '(?:node:)?(?:http|https|net|tls|http2)'/gm;
    const listensOnly = (clause: string) =>
      /^\{[^}]*\}$/.test(clause.trim()) &&
      clause.replace(/[{}]/g, '').split(',').map((n) => n.trim()).filter(Boolean).every((n) => n === 'createServer' || n.startsWith('type '));
    const found = files.filter((f) => {
      const text = readFileSync(join(root, f), 'utf8');
      return ways.some((w) => w.test(text)) || [...text.matchAll(networkImport)].some((m) => !listensOnly(m[1]!));
    });
    expect(found.map((f) => relative('.', f))).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
  });
});
