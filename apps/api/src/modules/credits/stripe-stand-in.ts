import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for the two Stripe API calls the app makes (tests only; Stripe itself is never reached):
 * `POST /v1/checkout/sessions` (form-encoded, as stripe-node sends it) and `GET /v1/checkout/sessions/:id`.
 * Like Stripe, a repeated Idempotency-Key answers the session it first created. Every request is recorded.
 */

export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, e.g. `form.get('line_items[0][price_data][unit_amount]')`. */
  form: URLSearchParams;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  livemode: false;
}

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  base: string;
  requests: StandInRequest[];
  sessions: Map<string, StandInSession>;
  /** The POSTs that opened (or tried to open) a Checkout Session. */
  creates(): StandInRequest[];
  /** What a later `GET /v1/checkout/sessions/:id` answers. */
  setSession(id: string, patch: Partial<Pick<StandInSession, 'payment_status' | 'status'>>): void;
  /** Stops listening and drops open connections: the port refuses connections until {@link start}. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Stripe's `metadata[key]=value` form fields, back into an object. */
function metadataOf(form: URLSearchParams) {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[([^\]]+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const byIdempotencyKey = new Map<string, string>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== 'Bearer sk_test_x')
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (earlier) return send(200, sessions.get(earlier));
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session: StandInSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/pay/${id}`,
          mode: form.get('mode') ?? 'payment',
          payment_status: 'unpaid',
          status: 'open',
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
          currency: form.get('line_items[0][price_data][currency]') ?? '',
          client_reference_id: form.get('client_reference_id'),
          metadata: metadataOf(form),
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          customer_email: form.get('customer_email'),
          livemode: false,
        };
        sessions.set(id, session);
        if (typeof key === 'string') byIdempotencyKey.set(key, id);
        return send(200, session);
      }
      const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const session = sessions.get(decodeURIComponent(one[1]!));
        return session
          ? send(200, session)
          : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${one[1]}'` } });
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      if (!server.listening) return resolve();
      server.close((err) => (err ? reject(err) : resolve()));
      // stripe-node keeps connections alive; drop them so the next request finds the port closed.
      server.closeAllConnections();
    });

  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    creates: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions'),
    setSession(id, patch) {
      const session = sessions.get(id);
      if (!session) throw new Error(`the stand-in has no session ${id}`);
      Object.assign(session, patch);
    },
    stop,
    start: () => listen(port),
    close: stop,
  };
}

export type StripeEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** A Stripe event about a Checkout Session, as Stripe sends it to the webhook. */
export function stripeEvent(type: StripeEventType, session: StandInSession, patch: Partial<StandInSession> = {}) {
  return {
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...session, ...patch } },
  };
}
