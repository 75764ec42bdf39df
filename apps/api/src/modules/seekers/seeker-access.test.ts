import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addApplication, addSeeker } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { employer1 } from '../../test/client';
import { userWith } from '../../test/people';
import { account, addProfileFiles, applicationRows, auditOf, seekerClient, seekerRow, site, type SeekerClient, type SeekerRow } from './seekers.fixtures';

/* Who may reach the seekers API: every endpoint against other tenants, missing permissions, employers and strangers. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adminA: SeekerClient;
let foreign: { seeker: SeekerRow; resume: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  adminA = seekerClient(t, await login(t.app, a.users.accountAdmin.email), site(a));
  const seeker = await addSeeker(t, b, { name: 'Beta Person', tags: ['beta'] });
  const { resume } = await addProfileFiles(t, seeker);
  await addApplication(t, await addLiveJob(t, b), seeker);
  foreign = { seeker, resume };
});
afterAll(() => t.close());

type Call = [label: string, send: (c: SeekerClient) => ReturnType<SeekerClient['get']>];

/** Every endpoint of the contract, on one seeker and one of their files. */
const endpoints = (id: string, fileId: string): Call[] => [
  ['sort options', (c) => c.get('/v1/seekers/sort-options')],
  ['list', (c) => c.get('/v1/seekers')],
  ['csv', (c) => c.get('/v1/seekers', {}, { accept: 'text/csv' })],
  ...perRecord(id, fileId),
];
const perRecord = (id: string, fileId: string): Call[] => [
  ['profile', (c) => c.get(`/v1/seekers/${id}/profile`)],
  ['applications', (c) => c.get(`/v1/seekers/${id}/job-applications`)],
  ['tags', (c) => c.get(`/v1/seekers/${id}/tags`)],
  ['set tags', (c) => c.put(`/v1/seekers/${id}/tags`, { tags: ['x'] })],
  ['enable', (c) => c.post(`/v1/seekers/${id}/enable`)],
  ['disable', (c) => c.post(`/v1/seekers/${id}/disable`)],
  ['export', (c) => c.get(`/v1/seekers/${id}/export`)],
  ['erase', (c) => c.post(`/v1/seekers/${id}/erase`, { reason: 'Asked by email' })],
  ['file', (c) => c.get(`/v1/seekers/${id}/files/${fileId}`)],
  ['delete', (c) => c.del(`/v1/seekers/${id}`)],
];

async function expectAll(calls: Call[], who: SeekerClient, status: number, message: string) {
  const got = await Promise.all(calls.map(async ([label, send]) => {
    const res = await send(who);
    return [label, res.statusCode, res.json().message];
  }));
  expect(got).toEqual(calls.map(([label]) => [label, status, message]));
}

/** Nothing about Beta's seeker changed. */
async function expectUntouched() {
  const row = await seekerRow(t, foreign.seeker.id);
  expect(row).toMatchObject({ name: 'Beta Person', enabled: true, disabledAt: null, erasedAt: null, tags: ['beta'], resumeFileId: foreign.resume });
  expect(await applicationRows(t, foreign.seeker.id)).toHaveLength(1);
  expect(await auditOf(t, foreign.seeker.id)).toEqual([]);
}

describe('seekers API access', () => {
  it("answers 404 for another tenant's seeker on every endpoint, and changes nothing", async () => {
    await expectAll(perRecord(foreign.seeker.id, foreign.resume), adminA, 404, messages.notFound);
    await expectUntouched();
  });

  it("answers 404 for another tenant's scope headers", async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    await expectAll(endpoints(foreign.seeker.id, foreign.resume), seekerClient(t, token, account(b)), 404, messages.notFound);
    await expectUntouched();
  });

  it('answers 401 to a caller without a token', async () => {
    const s = await addSeeker(t, a);
    await expectAll(endpoints(s.id, crypto.randomUUID()), seekerClient(t, undefined, site(a)), 401, messages.unauthenticated);
    await expectAll(endpoints(s.id, crypto.randomUUID()), seekerClient(t, 'not-a-token', site(a)), 401, messages.unauthenticated);
  });

  it('answers 403 to staff without seekers permissions', async () => {
    const s = await addSeeker(t, a);
    const { resume } = await addProfileFiles(t, s);
    const jobsOnly = await userWith(t, a, ['jobs.all', 'applications.all']);
    await expectAll(endpoints(s.id, resume), seekerClient(t, jobsOnly.token, site(a)), 403, messages.unauthorized);
    // An account admin's `all` counts only while their account is selected.
    const unscoped = seekerClient(t, await login(t.app, a.users.accountAdmin.email), { accountId: '' });
    await expectAll(endpoints(s.id, resume), unscoped, 403, messages.unauthorized);
    expect(await seekerRow(t, s.id)).toMatchObject({ enabled: true, erasedAt: null });
  });

  it('answers 403 to employer users, even with a custom seekers permission', async () => {
    const s = await addSeeker(t, a);
    const { resume } = await addProfileFiles(t, s);
    const employer = seekerClient(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    await expectAll(endpoints(s.id, resume), employer, 403, messages.unauthorized);
    // The account's candidate pool is not an employer's, whatever their role says.
    const custom = await userWith(t, a, ['seekers.all'], 'employer');
    await expectAll(endpoints(s.id, resume), seekerClient(t, custom.token, employer1(a)), 403, messages.unauthorized);
    expect(await seekerRow(t, s.id)).toMatchObject({ enabled: true, erasedAt: null });
  });

  it("lets a site manager (the default role) work with the account's seekers", async () => {
    const s = await addSeeker(t, a, { name: 'Managed Person' });
    const manager = seekerClient(t, await login(t.app, a.users.siteManager.email), site(a));
    expect((await manager.get('/v1/seekers', { q: 'Managed' })).json().data.map((x: { id: string }) => x.id)).toEqual([s.id]);
    expect((await manager.get(`/v1/seekers/${s.id}/profile`)).json().allowed_actions).toEqual(['disable', 'delete', 'export', 'erase', 'update_tags']);
    expect((await manager.put(`/v1/seekers/${s.id}/tags`, { tags: ['vip'] })).statusCode).toBe(200);
    // A site manager's permissions count on their own site only.
    const elsewhere = seekerClient(t, await login(t.app, a.users.siteManager.email), site(a, 1));
    expect((await elsewhere.get(`/v1/seekers/${s.id}/profile`)).statusCode).toBe(404);
  });
});
