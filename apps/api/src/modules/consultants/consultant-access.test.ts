import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRoles } from '@hireline/access/roles';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addLiveJob } from '../../test/jobs';
import { client, employer1, site1, type Client, type Scope } from '../../test/client';
import { userWith } from '../../test/people';
import { addConsultantOn, auditOf, consultantRow, siteIdsOf, type ConsultantRow } from './consultants.fixtures';

/* Who may reach the consultants API: every endpoint against other tenants, missing permissions, employers and strangers. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adminA: Client;
let foreign: ConsultantRow;
let foreignJob: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  adminA = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  foreign = await addConsultantOn(t, b, { name: 'Beta Person', email: 'beta@example.test' });
  foreignJob = (await addLiveJob(t, b, { consultantId: foreign.id })).id;
});
afterAll(() => t.close());

const site2 = (tenant: Tenant): Scope => ({ accountId: tenant.account.id, siteId: tenant.sites[1].id });

type Call = [label: string, send: (c: Client) => ReturnType<Client['get']>];

const reads = (id: string): Call[] => [
  ['list', (c) => c.get('/v1/consultants')],
  ['detail', (c) => c.get(`/v1/consultants/${id}`)],
];
const writes = (id: string, siteId: string, jobId: string): Call[] => [
  ['create', (c) => c.post('/v1/consultants', { name: 'New Person', site_ids: [siteId] })],
  ['update', (c) => c.patch(`/v1/consultants/${id}`, { name: 'Renamed' })],
  ['enable', (c) => c.post(`/v1/consultants/${id}/enable`)],
  ['disable', (c) => c.post(`/v1/consultants/${id}/disable`)],
  ['assign jobs', (c) => c.post(`/v1/consultants/${id}/jobs`, { job_ids: [jobId] })],
  ['delete', (c) => c.del(`/v1/consultants/${id}`)],
];
/** Every endpoint of the contract, on one consultant, a site and a job to give them. */
const endpoints = (id: string, siteId: string, jobId: string): Call[] => [
  ...reads(id),
  ['csv', (c) => c.get('/v1/consultants', {}, { accept: 'text/csv' })],
  ...writes(id, siteId, jobId),
];
const perRecord = (id: string, siteId: string, jobId: string) =>
  endpoints(id, siteId, jobId).filter(([label]) => !['list', 'csv', 'create'].includes(label));

async function expectAll(calls: Call[], who: Client, status: number, message: string) {
  const got = await Promise.all(calls.map(async ([label, send]) => {
    const res = await send(who);
    return [label, res.statusCode, res.json().message];
  }));
  expect(got).toEqual(calls.map(([label]) => [label, status, message]));
}

/** Nothing about Beta's consultant changed. */
async function expectUntouched() {
  expect(await consultantRow(t, foreign.id)).toMatchObject({ name: 'Beta Person', email: 'beta@example.test', enabled: true });
  expect(await siteIdsOf(t, foreign.id)).toEqual([b.sites[0].id]);
  expect(await auditOf(t, foreign.id)).toEqual([]);
}

/** Nothing about this consultant of Alpha changed. */
async function expectSame(c: ConsultantRow) {
  expect(await consultantRow(t, c.id)).toMatchObject({ name: c.name, enabled: c.enabled });
  expect(await auditOf(t, c.id)).toEqual([]);
}

describe('consultants API access', () => {
  it("answers 404 for another tenant's consultant on every endpoint, and changes nothing", async () => {
    const job = await addLiveJob(t, a);
    await expectAll(perRecord(foreign.id, a.sites[0].id, job.id), adminA, 404, messages.notFound);
    await expectUntouched();
  });

  it("answers 404 for another tenant's scope headers", async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    await expectAll(endpoints(foreign.id, b.sites[0].id, foreignJob), client(t, token, site1(b)), 404, messages.notFound);
    await expectUntouched();
  });

  it('answers 401 to a caller without a token', async () => {
    const c = await addConsultantOn(t, a);
    const job = await addLiveJob(t, a);
    await expectAll(endpoints(c.id, a.sites[0].id, job.id), client(t, '', site1(a)), 401, messages.unauthenticated);
    await expectAll(endpoints(c.id, a.sites[0].id, job.id), client(t, 'not-a-token', site1(a)), 401, messages.unauthenticated);
    await expectSame(c);
  });

  it('answers 403 to staff without consultants permissions', async () => {
    const c = await addConsultantOn(t, a);
    const job = await addLiveJob(t, a);
    const jobsOnly = await userWith(t, a, ['jobs.all', 'applications.all', 'seekers.all']);
    await expectAll(endpoints(c.id, a.sites[0].id, job.id), client(t, jobsOnly.token, site1(a)), 403, messages.unauthorized);
    await expectSame(c);
  });

  it('answers 403 to employer users, even with a custom consultants permission', async () => {
    const c = await addConsultantOn(t, a);
    const job = await addLiveJob(t, a);
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    await expectAll(endpoints(c.id, a.sites[0].id, job.id), employer, 403, messages.unauthorized);
    // The account's recruiters are not an employer's to manage, whatever their role says.
    const custom = await userWith(t, a, ['consultants.all', 'jobs.all'], 'employer');
    await expectAll(endpoints(c.id, a.sites[0].id, job.id), client(t, custom.token, employer1(a)), 403, messages.unauthorized);
    await expectSame(c);
    expect((await adminA.get(`/v1/jobs/${job.id}/detail`)).json().consultant).toBeNull();
  });

  it('lets the default consultant role read consultants but change and export nothing', async () => {
    const c = await addConsultantOn(t, a, { name: 'Readable' });
    const job = await addLiveJob(t, a);
    const role = defaultRoles.find((r) => r.key === 'consultant')!;
    const reader = client(t, (await userWith(t, a, role.permissions)).token, site1(a));
    expect((await reader.get('/v1/consultants', { q: 'Readable' })).json().data.map((r: { id: string }) => r.id)).toEqual([c.id]);
    expect((await reader.get(`/v1/consultants/${c.id}`)).statusCode).toBe(200);
    await expectAll(
      [['csv', (x) => x.get('/v1/consultants', {}, { accept: 'text/csv' })], ...writes(c.id, a.sites[0].id, job.id)],
      reader,
      403,
      messages.unauthorized,
    );
    await expectSame(c);
  });

  it('lets one permission through and not the others', async () => {
    const c = await addConsultantOn(t, a, { name: 'Partial' });
    const job = await addLiveJob(t, a);
    const creator = client(t, (await userWith(t, a, ['consultants.create'])).token, site1(a));
    expect((await creator.post('/v1/consultants', { name: 'Created By Creator', site_ids: [a.sites[0].id] })).statusCode).toBe(201);
    await expectAll([...reads(c.id), ...writes(c.id, a.sites[0].id, job.id).slice(1)], creator, 403, messages.unauthorized);
    const deleter = client(t, (await userWith(t, a, ['consultants.delete'])).token, site1(a));
    expect((await deleter.patch(`/v1/consultants/${c.id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await deleter.del(`/v1/consultants/${c.id}`)).statusCode).toBe(204);
    expect(await consultantRow(t, c.id)).toBeNull();
  });
});

describe('a site manager (the default role) and the other sites of the account', () => {
  let manager: Client;
  beforeAll(async () => {
    manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
  });

  it('manages the consultants of their site', async () => {
    const created = await manager.post('/v1/consultants', { name: 'Managed Here', site_ids: [a.sites[0].id] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await manager.patch(`/v1/consultants/${id}`, { title: 'Recruiter' })).statusCode).toBe(200);
    expect((await manager.post(`/v1/consultants/${id}/disable`)).statusCode).toBe(200);
    expect((await manager.get('/v1/consultants', {}, { accept: 'text/csv' })).statusCode).toBe(200);
    expect((await manager.del(`/v1/consultants/${id}`)).statusCode).toBe(204);
    // Their permissions count on their own site only.
    const elsewhere = client(t, await login(t.app, a.users.siteManager.email), site2(a));
    expect((await elsewhere.get('/v1/consultants')).statusCode).toBe(404);
  });

  it('cannot put a consultant on, or take one off, a site they do not manage', async () => {
    const onto = await manager.post('/v1/consultants', { name: 'Spread Out', site_ids: [a.sites[0].id, a.sites[1].id] });
    expect(onto.statusCode).toBe(422);
    expect(onto.json().errors).toEqual({ site_ids: [messages.invalid] });

    const shared = await addConsultantOn(t, a, { name: 'Shared', sites: [0, 1] });
    const off = await manager.patch(`/v1/consultants/${shared.id}`, { site_ids: [a.sites[0].id] });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toEqual({ site_ids: [messages.invalid] });
    expect(await siteIdsOf(t, shared.id)).toEqual([a.sites[0].id, a.sites[1].id].sort());
    // Sending the sites as they are, with other changes, is fine.
    const same = await manager.patch(`/v1/consultants/${shared.id}`, { title: 'Shared Recruiter', site_ids: [a.sites[1].id, a.sites[0].id] });
    expect(same.statusCode, same.body).toBe(200);
    // Deleting would take them off site 2 as well.
    const del = await manager.del(`/v1/consultants/${shared.id}`);
    expect(del.statusCode).toBe(403);
    expect(await consultantRow(t, shared.id)).not.toBeNull();
    // The account admin may do all of it.
    expect((await adminA.patch(`/v1/consultants/${shared.id}`, { site_ids: [a.sites[0].id] })).statusCode).toBe(200);
    expect((await adminA.patch(`/v1/consultants/${shared.id}`, { site_ids: [a.sites[0].id, a.sites[1].id] })).statusCode).toBe(200);
    expect((await adminA.del(`/v1/consultants/${shared.id}`)).statusCode).toBe(204);
  });
});
