import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactQuery } from '../platform/log-redaction';
import { buildServer } from '../server';
import { createTestApp, type TestApp } from '../test/harness';

/*
 * Reset and confirmation links, signed file URLs and sign-in callbacks carry credentials in their query. The request
 * log (info level) and error logs must never hold them: the log is read by more people than the credentials are for.
 */

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
const SECRET = 'Sup3rSecretValue';

beforeAll(async () => {
  t = await createTestApp();
  app = await buildServer(t.deps, {
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    hooks: {
      extend: (a) =>
        a.get('/portal/test/boom', { schema: { hide: true } }, (req) => {
          throw new Error(`failed while handling ${req.url}`);
        }),
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the request log', () => {
  it('holds no token, signature, code or access token from a URL, at info level or in an error', async () => {
    const urls = [
      `/reset-password?token=${SECRET}`,
      `/verify?token=${SECRET}&next=/jobs`,
      `/portal/v1/files/0190f3a0-0000-7000-8000-000000000001?expires=1&signature=${SECRET}`,
      `/portal/v1/sso/callback?code=${SECRET}&state=${SECRET}`,
      `/anything?ACCESS_TOKEN=${SECRET}`,
      `/portal/test/boom?reset_token=${SECRET}`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url, headers: { 'x-af-eid': 'test' } });
    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('request failed');
    expect(log).toContain('/verify?token=[redacted]&next=/jobs');
    expect(log).toContain('expires=1&signature=[redacted]');
    expect(log).not.toContain(SECRET);
  });

  it('logs a failure with its stack, and its answer at warn so that a 5xx shows above info', () => {
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack?: string }; res?: { statusCode: number } });
    const failed = entries.find((e) => e.msg === 'request failed')!;
    expect(failed.level).toBe(50);
    expect(failed.err?.stack).toContain('failed while handling');
    expect(entries.find((e) => e.msg === 'request completed' && e.res?.statusCode === 500)?.level).toBe(40);
  });

  it('keeps everything else of a URL', () => {
    expect(redactQuery('/jobs?page=2&q=driver')).toBe('/jobs?page=2&q=driver');
    expect(redactQuery('/x?a=1&id_token=abc.def&b=2')).toBe('/x?a=1&id_token=[redacted]&b=2');
    expect(redactQuery('/auth/profile/password?token=abc')).toBe('/auth/profile/password?token=[redacted]');
  });
});
