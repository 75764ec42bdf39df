import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../db/testing';
import { startApi, urlOf, type ApiProcess } from '../test/processes';

/*
 * OpenTelemetry traces (apps/api/tracing.mjs): an API process started as `npm start` starts it, with the preload and
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a small OTLP/HTTP receiver here, which collects what arrives at /v1/traces.
 */

interface OtlpSpan {
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }>;
  }>;
}

const SERVER = 2;
const CLIENT = 3;
const preload = join(__dirname, '../../tracing.mjs');

let database: TestDatabase;
let dir: string;
let receiver: Server;
let endpoint: string;
const exports: OtlpExport[] = [];
let api: ApiProcess | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'hireline-tracing-'));
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') exports.push(JSON.parse(body) as OtlpExport);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
afterAll(async () => {
  api?.child.kill('SIGKILL');
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const attr = (span: OtlpSpan, key: string) => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : String(v.intValue));
};
const spans = () => exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, scope: s.scope.name })))));

async function until<T>(what: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = what();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms; spans: ${spans().map((s) => s.name).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('OpenTelemetry traces', () => {
  it('exports a server span for a request, and the SQL it ran, to the configured OTLP endpoint', async () => {
    api = await startApi(urlOf(database.pool), dir, {
      NODE_OPTIONS: `--import=${preload}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_SERVICE_NAME: 'hireline-test',
    });
    const res = await fetch(`${api.base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-af-eid': 'test' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'Not-the-password-1' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);

    const server = await until(() => spans().find((s) => s.kind === SERVER && (attr(s, 'url.path') ?? attr(s, 'http.target'))?.startsWith('/portal/auth/login')));
    expect(server.scope).toBe('@opentelemetry/instrumentation-http');
    // Named by the route's template, as the metrics are labelled.
    expect(server.name).toBe('POST /portal/auth/login');
    expect(attr(server, 'http.route')).toBe('/portal/auth/login');
    expect(attr(server, 'http.request.method') ?? attr(server, 'http.method')).toBe('POST');
    expect(attr(server, 'http.response.status_code') ?? attr(server, 'http.status_code')).toBe(String(res.status));
    // The health checks startApi polled are left out: they would drown the requests that matter.
    expect(spans().some((s) => (attr(s, 'url.path') ?? attr(s, 'http.target'))?.startsWith('/portal/health'))).toBe(false);

    // The pg instrumentation patched the driver the bundle imports: the sign-in's queries are spans of their own.
    const query = await until(() => spans().find((s) => s.kind === CLIENT && s.scope === '@opentelemetry/instrumentation-pg'));
    expect(attr(query, 'db.system') ?? attr(query, 'db.system.name')).toBe('postgresql');
    const resource = exports[0]!.resourceSpans[0]!.resource.attributes.find((a) => a.key === 'service.name');
    expect(resource?.value.stringValue).toBe('hireline-test');
  });
});
