import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
import { messages } from '@hireline/contract/messages';

/*
 * Every HTTP request the server makes on someone's behalf (SSO discovery, tokens and keys, board-form webhooks,
 * payments, checking a board domain) goes through here, because the URL comes from a tenant: without this, an issuer
 * or webhook of `http://169.254.169.254` or `http://2130706433` makes the server read its own cloud metadata or
 * internal services. The name is resolved once, every address it resolves to is checked, and the connection goes to
 * the address that was checked (no second lookup a rebinding DNS server could answer differently). Redirects are
 * followed by hand, each target checked the same way.
 */

/** Loopback (also as `::ffff:127.0.0.1`): refused unless OUTBOUND_ALLOW_LOOPBACK (tests and development against local stand-ins). */
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Never reachable. IPv4 rules also match their IPv4-mapped IPv6 form (`::ffff:10.0.0.1`), BlockList does that. */
const refused = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::', 96], // IPv4-compatible (deprecated), would reach an IPv4 address unchecked
  ['64:ff9b::', 96], // NAT64 well-known prefix: an IPv4 address in disguise
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) refused.addSubnet(net, prefix, 'ipv6');

export type AddressClass = 'public' | 'loopback' | 'refused';

/** What kind of address this is; anything that is not an IP address is refused. */
export function classifyAddress(scoped: string): AddressClass {
  // A resolver may answer a link-local address with its zone (`fe80::1%eth0`); the zone says nothing about the range.
  const address = scoped.split('%')[0]!;
  const family = isIP(address);
  if (family === 0) return 'refused';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return 'loopback';
  if (refused.check(address, type)) return 'refused';
  return 'public';
}

/** A name's addresses, as `dns.lookup` answers them. Injectable so tests can map a name to any address. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The 422 message for a saved URL (SSO issuer, webhook) whose host resolves to an address the server never connects to. */
export const refusedUrlMessage = messages.unreachableUrl;

/** Thrown when a URL may not be fetched: the message says why, without the address it resolved to. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

export interface OutboundOptions {
  allowLoopback: boolean;
  /** Whole request, redirects and body included. */
  timeoutMs: number;
  /** Until the TCP connection is up. */
  connectTimeoutMs?: number;
  resolve?: Resolver;
  maxRedirects?: number;
}

export interface Outbound {
  /** A drop-in `fetch` that only ever connects to public addresses (and loopback when allowed). */
  fetch: typeof fetch;
  /**
   * Why this URL may not be fetched, or null if it may (as far as can be told now): for checking a URL someone saves.
   * A name that does not resolve yet is accepted; the check when connecting still holds.
   */
  refusal(url: string): Promise<string | null>;
}

type Target = { url: URL; address: string };

export function createOutbound(o: OutboundOptions): Outbound {
  const resolve = o.resolve ?? systemResolver;
  const maxRedirects = o.maxRedirects ?? 3;
  const connectTimeoutMs = Math.min(o.connectTimeoutMs ?? 5_000, o.timeoutMs);

  const allowed = (address: string) => {
    const c = classifyAddress(address);
    return c === 'public' || (c === 'loopback' && o.allowLoopback);
  };

  /** The URL's host resolved and checked; throws OutboundRefused. */
  async function target(url: URL): Promise<Target> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('Only http and https URLs can be fetched.');
    // The URL parser has already normalised numeric hosts (`2130706433`, `0x7f.1`, `127.1` are 127.0.0.1).
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    if (isIP(host)) addresses = [host];
    else {
      const found = await resolve(host);
      addresses = found.map((a) => a.address);
      if (!addresses.length) throw new OutboundRefused(`${host} did not resolve.`);
    }
    // Every address, not just the first: the connection must not depend on which one the resolver lists first.
    if (!addresses.every(allowed)) throw new OutboundRefused(`${host} resolves to an address this server may not connect to.`);
    return { url, address: addresses[0]! };
  }

  async function refusal(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'Not a URL.';
    }
    try {
      await withTimeout(target(url), connectTimeoutMs);
      return null;
    } catch (err) {
      return err instanceof OutboundRefused ? err.message : null;
    }
  }

  const safeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const first = new Request(input, init);
    const redirectMode = init?.redirect ?? (input instanceof Request ? input.redirect : 'follow');
    const deadline = AbortSignal.timeout(o.timeoutMs);
    const signal = AbortSignal.any([deadline, first.signal]);
    let method = first.method;
    let headers = new Headers(first.headers);
    let body: Buffer | null = method === 'GET' || method === 'HEAD' ? null : Buffer.from(await first.arrayBuffer());
    let url = new URL(first.url);
    for (let hop = 0; ; hop++) {
      signal.throwIfAborted();
      // A resolver that never answers counts against the connect timeout like a server that never accepts.
      const t = await withTimeout(target(url), connectTimeoutMs);
      const res = await send(t, method, headers, body, signal, connectTimeoutMs);
      const location = res.headers.get('location');
      if (redirectMode === 'manual' || ![301, 302, 303, 307, 308].includes(res.status) || !location) return res;
      await res.body?.cancel();
      if (redirectMode === 'error') throw new TypeError(`Redirected from ${url.origin}`);
      if (hop >= maxRedirects) throw new OutboundRefused(`More than ${maxRedirects} redirects.`);
      const next = new URL(location, url);
      // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
      if (res.status === 303 ? method !== 'HEAD' : (res.status === 301 || res.status === 302) && method === 'POST') {
        method = 'GET';
        body = null;
        headers = new Headers([...headers].filter(([k]) => !k.startsWith('content-')));
      }
      if (next.origin !== url.origin) headers.delete('authorization');
      url = next;
    }
  };

  return { fetch: safeFetch as typeof fetch, refusal };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Name resolution timed out.')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** One request to the checked address; the Host header and TLS name stay the URL's own. */
function send(t: Target, method: string, headers: Headers, body: Buffer | null, signal: AbortSignal, connectTimeoutMs: number) {
  const { url, address } = t;
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const outgoing: Record<string, string> = Object.fromEntries(headers);
  outgoing.host = url.host;
  // No compressed answers: this client does not decode them, and the bodies here are small.
  delete outgoing['accept-encoding'];
  if (body) outgoing['content-length'] = String(body.length);
  const options: https.RequestOptions = {
    method,
    host: address,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    headers: outgoing,
    // No pooled sockets: each request connects to the address it has just checked.
    agent: false,
    ...(secure && !isIP(host) && { servername: host }),
    signal,
  };
  return new Promise<Response>((resolvePromise, reject) => {
    const req = (secure ? https : http).request(options, (res) => {
      const h = new Headers();
      const raw = res.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) h.append(raw[i]!, raw[i + 1]!);
      const status = res.statusCode ?? 0;
      const empty = method === 'HEAD' || [101, 204, 205, 304].includes(status);
      if (empty) res.resume();
      try {
        const response = new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), { status, statusText: res.statusMessage, headers: h });
        Object.defineProperty(response, 'url', { value: url.href });
        resolvePromise(response);
      } catch (err) {
        res.destroy();
        reject(err);
      }
    });
    const connectTimer = setTimeout(() => req.destroy(new Error(`Could not connect to ${url.host} in time.`)), connectTimeoutMs);
    req.on('socket', (s) => {
      if (!s.connecting) clearTimeout(connectTimer);
      else s.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('close', () => clearTimeout(connectTimer));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
