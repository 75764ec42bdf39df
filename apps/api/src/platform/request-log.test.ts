import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { impersonate, signedInCandidate } from '../test/candidates';
import { createTenant, type Tenant } from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';

/*
 * An operator answering "what did this tenant's users see at 10:02?" or "what did this person do?" filters the request
 * log by account, site and actor; each request's completed line must name them, impersonation included.
 */

let t: TestApp;
let app: FastifyInstance;
let a: Tenant;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db);
  app = await buildServer(t.deps, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** The "request completed" line of the request whose id the answer carried. */
function completedLine(requestId: string): Record<string, unknown> {
  const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const line = entries.find((e) => e.reqId === requestId && e.msg === 'request completed');
  expect(line, `no completed line for ${requestId}`).toBeDefined();
  return line!;
}

describe('the request log', () => {
  it("names the account, the site and the signed-in user of a staff request", async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const res = await call(app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url: '/portal/v1/jobs' });
    expect(res.statusCode, res.body).toBe(200);
    expect(completedLine(String(res.headers['x-request-id']))).toMatchObject({
      accountId: a.account.id,
      siteId: a.sites[0].id,
      userId: a.users.siteManager.id,
    });
  });

  it('still names the caller when the request is refused after they were recognised', async () => {
    const token = await login(t.app, a.users.employerAdmin.email);
    // An employer admin asking for the account's users: known, then refused.
    const res = await call(app, { token, accountId: a.account.id }, { method: 'GET', url: '/portal/v1/accounts/users' });
    expect([403, 404]).toContain(res.statusCode);
    expect(completedLine(String(res.headers['x-request-id']))).toMatchObject({ userId: a.users.employerAdmin.id });
  });

  it('names the candidate, their account and the staff member acting as them', async () => {
    const candidate = await signedInCandidate(t, a);
    const { token } = await impersonate(t, a, candidate.seeker.id);
    const res = await app.inject({
      method: 'GET',
      url: '/portal/v1/board/candidates/me',
      headers: { 'x-af-eid': 'test', host: `jobs.${a.account.domain}`, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(completedLine(String(res.headers['x-request-id']))).toMatchObject({
      accountId: a.account.id,
      seekerId: candidate.seeker.id,
      impersonatorId: a.users.accountAdmin.id,
    });
  });

  it('writes one line per request, with its route, status and time', async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const res = await call(app, { token, accountId: a.account.id, siteId: a.sites[0].id }, { method: 'GET', url: '/portal/v1/jobs?page=1' });
    const requestId = String(res.headers['x-request-id']);
    const own = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.reqId === requestId);
    expect(own.map((e) => e.msg)).toEqual(['request completed']);
    expect(own[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/portal/v1/jobs?page=1', route: '/portal/v1/jobs' },
      res: { statusCode: 200 },
      userId: a.users.siteManager.id,
    });
    expect(own[0]?.responseTime).toEqual(expect.any(Number));
  });

  it('names nobody on an anonymous request', async () => {
    const res = await app.inject({ method: 'GET', url: '/portal/health/live' });
    const line = completedLine(String(res.headers['x-request-id']));
    expect(line).not.toHaveProperty('userId');
    expect(line).not.toHaveProperty('accountId');
  });
});
