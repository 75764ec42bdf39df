import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/jobs';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';

// API answers are compressed for clients that ask (server.ts): a list of jobs is a few kilobytes of JSON.
let t: TestApp;
let a: Tenant;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Compression' });
  await t.deps.db.insert(jobs).values(
    Array.from({ length: 25 }, (_, i) => ({
      accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id, status: 'live' as const,
      title: `Senior platform engineer, payments team ${i}`, referenceNumber: `REF-${1000 + i}`,
    })),
  );
  token = await login(t.app, a.users.accountAdmin.email);
});
afterAll(() => t?.close());

const list = (acceptEncoding?: string) =>
  call(t.app, { token, accountId: a.account.id, siteId: a.sites[0].id }, {
    url: '/portal/v1/jobs?per_page=25',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('response compression', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the same JSON either way', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(25);
    expect(plain.rawPayload.length).toBeGreaterThan(2048);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and errors as they are', async () => {
    const statuses = await call(t.app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { url: '/portal/v1/job-statuses', headers: { 'accept-encoding': 'br' } });
    expect(statuses.statusCode).toBe(200);
    expect(statuses.rawPayload.length).toBeLessThan(2048);
    expect(statuses.headers['content-encoding']).toBeUndefined();
    const missing = await call(t.app, { token, accountId: a.account.id, siteId: a.sites[0].id }, {
      url: '/portal/v1/jobs/00000000-0000-7000-8000-000000000000/detail', headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBeTruthy();
  });

  it('does not decompress request bodies: a gzip-encoded body is refused, not inflated', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/portal/auth/login',
      headers: { 'x-af-eid': 'test', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
