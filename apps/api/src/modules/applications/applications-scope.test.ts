import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, employer1, site1, type Client, type Scope } from '../../test/client';
import { userWith } from '../../test/people';
import { addApplication, addSeeker, addSeekerFile } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { addOtherEmployerJob, historyRows, rowOf } from './application-tests.fixtures';
import { coded } from '../../test/errors';

/*
 * Tenancy and permissions on every endpoint: another tenant's, another site's and another employer's application is
 * "not found" (and never changed), a caller without the permission is 403, and nobody unsigned gets in.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let target: { id: string; file: string };
let northwind: { id: string; file: string };

const none = { admin: false, consultants: false, candidate: false };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  const withFile = async (job: Parameters<typeof addApplication>[1]) => {
    const seeker = await addSeeker(t, a);
    const file = await addSeekerFile(t, seeker);
    return { id: (await addApplication(t, job, seeker, { resumeFileId: file, tags: ['keep'] })).id, file };
  };
  target = await withFile(await addLiveJob(t, a));
  northwind = await withFile((await addOtherEmployerJob(t, a)).job);
});
afterAll(() => t.close());

type Req = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object];

/** Every endpoint that names one application. */
const onApplication = (x: { id: string; file: string }): Req[] => [
  ['GET', `/v1/applications/${x.id}/overview`],
  ['GET', `/v1/applications/${x.id}/answers`],
  ['GET', `/v1/applications/${x.id}/documents`],
  ['GET', `/v1/applications/${x.id}/history`],
  ['GET', `/v1/applications/${x.id}/tags`],
  ['PUT', `/v1/applications/${x.id}/tags`, { tags: ['stolen'] }],
  ['GET', `/v1/applications/${x.id}/seeker-application-feedback`],
  ['GET', `/v1/applications/${x.id}/files/${x.file}`],
  ['POST', `/v1/applications/${x.id}/status`, { status: 'offered', notify: none }],
  ['POST', `/v1/applications/${x.id}/disable`],
  ['POST', `/v1/applications/${x.id}/enable`],
  ['DELETE', `/v1/applications/${x.id}`],
];

const everyEndpoint = (x: { id: string; file: string }): Req[] => [
  ['GET', '/v1/applications'],
  ['GET', '/v1/applications/counts'],
  ['POST', '/v1/applications/status/preview', { ids: [x.id], status: 'new', notify: none }],
  ['POST', '/v1/applications/bulk', { action: 'disable', ids: [x.id] }],
  ['GET', '/v1/site/application-stages'],
  ['GET', '/v1/site/lookups/jobs'],
  ...onApplication(x),
];

function send(c: Client, [method, path, body]: Req) {
  if (method === 'GET') return c.get(path);
  if (method === 'PUT') return c.put(path, body);
  if (method === 'DELETE') return c.del(path);
  return c.post(path, body);
}

async function statuses(c: Client, reqs: Req[]) {
  const out: string[] = [];
  for (const r of reqs) out.push(`${r[0]} ${r[1].replace(/[0-9a-f-]{36}/g, ':id')} ${(await send(c, r)).statusCode}`);
  return out;
}
const all = (reqs: Req[], code: number) => reqs.map((r) => `${r[0]} ${r[1].replace(/[0-9a-f-]{36}/g, ':id')} ${code}`);

/** The application is exactly as it was: nothing any of these callers sent reached it. */
async function untouched(x: { id: string }) {
  const row = await rowOf(t, x.id);
  expect(row).toMatchObject({ status: 'applied', enabled: true, tags: ['keep'] });
  expect(await historyRows(t, x.id)).toEqual([]);
}

describe('scope', () => {
  it("is 404 on another tenant's application, everywhere, and bulk reports it as not found", async () => {
    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(b));
    const reqs = onApplication(target);
    expect(await statuses(beta, reqs)).toEqual(all(reqs, 404));
    const bulk = await beta.post('/v1/applications/bulk', { action: 'status', ids: [target.id], status: 'offered', notify: none });
    expect(bulk.json().results).toEqual([{ id: target.id, ok: false, status: null, message: messages.notFound }]);
    const preview = await beta.post('/v1/applications/status/preview', { ids: [target.id], status: 'offered', notify: none });
    expect(preview.json()).toMatchObject({ changing: 0, skipped: [{ id: target.id, message: messages.notFound }], email: null });
    expect((await beta.get('/v1/applications')).json().meta.total).toBe(0);
    // Beta's admin naming Alpha's account and site in the headers reaches nothing at all.
    const headers = client(t, await login(t.app, b.users.accountAdmin.email), site1(a));
    expect((await headers.get('/v1/applications')).statusCode).toBe(404);
    await untouched(target);
  });

  it("is 404 on another site's application of the same account", async () => {
    const second = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id, siteId: a.sites[1].id });
    const reqs = onApplication(target);
    expect(await statuses(second, reqs)).toEqual(all(reqs, 404));
    expect((await second.get('/v1/applications/counts')).json().total).toBe(0);
    await untouched(target);
  });

  it("keeps an employer user to their employer's applications", async () => {
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const reqs = onApplication(northwind).filter(([m, p]) => m === 'GET' || p.endsWith('/status'));
    expect(await statuses(employer, reqs)).toEqual(all(reqs, 404));
    expect((await employer.get(`/v1/applications/${target.id}/overview`)).statusCode).toBe(200);
    const bulk = await employer.post('/v1/applications/bulk', { action: 'status', ids: [northwind.id], status: 'offered', notify: none });
    expect(bulk.json().results[0]).toMatchObject({ ok: false, message: messages.notFound });
    const ids = (await employer.get('/v1/applications')).json().data.map((r: { id: string }) => r.id);
    expect(ids).toEqual([target.id]);
    await untouched(northwind);
  });

  it('narrows a site-wide caller to the employer selected in X-AF-EMPID', async () => {
    const selected = client(t, await login(t.app, a.users.accountAdmin.email), employer1(a));
    expect((await selected.get(`/v1/applications/${northwind.id}/overview`)).statusCode).toBe(404);
    expect((await selected.get('/v1/applications/counts')).json().total).toBe(1);
    const whole = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
    expect((await whole.get('/v1/applications/counts')).json().total).toBe(2);
  });

  it('needs a selected site', async () => {
    const noSite = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id } as Scope);
    expect((await noSite.get('/v1/applications')).statusCode).toBe(404);
    expect((await noSite.get(`/v1/applications/${target.id}/overview`)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('is 403 on every endpoint for a caller without applications permissions, 401 without a token', async () => {
    const outsider = await userWith(t, a, ['dashboard.view', 'jobs.all']);
    const reqs = everyEndpoint(target);
    expect(await statuses(client(t, outsider.token, site1(a)), reqs)).toEqual(all(reqs, 403));
    for (const [method, url, payload] of reqs) {
      const res = await call(t.app, { accountId: a.account.id, siteId: a.sites[0].id }, { method, url: `/portal${url}`, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual(coded({ message: messages.unauthenticated }));
    }
    await untouched(target);
  });

  it('lets a viewer read but not change', async () => {
    const viewer = await userWith(t, a, ['applications.view']);
    const c = client(t, viewer.token, site1(a));
    const reqs = onApplication(target);
    const expected = reqs.map(([m, p]) => `${m} ${p.replace(/[0-9a-f-]{36}/g, ':id')} ${m === 'GET' ? 200 : 403}`);
    expect(await statuses(c, reqs)).toEqual(expected);
    await untouched(target);
  });
});
