import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRoles } from '@hireline/access/roles';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addLiveJob } from '../../test/jobs';
import { client, employer1, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { addConsultantOn } from './consultants.fixtures';

/* The detail's `allowed_actions`: per state and per caller, and the API accepting exactly what it offers. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let manager: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  manager = client(t, await login(t.app, a.users.siteManager.email), site1(a));
});
afterAll(() => t.close());

async function actionsOf(who: Client, id: string) {
  const res = await who.get(`/v1/consultants/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().allowed_actions as string[];
}

describe('GET /v1/consultants/:uuid allowed_actions', () => {
  it('offers disabling to an enabled consultant and enabling to a disabled one, and assigning jobs only while enabled', async () => {
    const c = await addConsultantOn(t, a);
    expect(await actionsOf(admin, c.id)).toEqual(['update', 'disable', 'delete', 'assign_jobs']);

    const disabled = await admin.post(`/v1/consultants/${c.id}/disable`);
    expect(disabled.json().allowed_actions).toEqual(['update', 'enable', 'delete']);
    expect(await actionsOf(admin, c.id)).toEqual(['update', 'enable', 'delete']);
    // What is not offered is refused: no jobs for a disabled consultant.
    const job = await addLiveJob(t, a);
    expect((await admin.post(`/v1/consultants/${c.id}/jobs`, { job_ids: [job.id] })).statusCode).toBe(409);

    const enabled = await admin.post(`/v1/consultants/${c.id}/enable`);
    expect(enabled.json().allowed_actions).toEqual(['update', 'disable', 'delete', 'assign_jobs']);
  });

  it('offers a read-only caller nothing', async () => {
    const c = await addConsultantOn(t, a);
    const role = defaultRoles.find((r) => r.key === 'consultant')!;
    const reader = client(t, (await userWith(t, a, role.permissions)).token, site1(a));
    expect(await actionsOf(reader, c.id)).toEqual([]);
  });

  it('offers assigning jobs only to a caller who may also edit jobs', async () => {
    const c = await addConsultantOn(t, a);
    const noJobs = client(t, (await userWith(t, a, ['consultants.all', 'jobs.view'])).token, site1(a));
    expect(await actionsOf(noJobs, c.id)).toEqual(['update', 'disable', 'delete']);
    const job = await addLiveJob(t, a);
    expect((await noJobs.post(`/v1/consultants/${c.id}/jobs`, { job_ids: [job.id] })).statusCode).toBe(403);
  });

  it("offers a site manager deleting only a consultant who works on no site but theirs", async () => {
    const own = await addConsultantOn(t, a, { sites: [0] });
    const shared = await addConsultantOn(t, a, { sites: [0, 1] });
    expect(await actionsOf(manager, own.id)).toContain('delete');
    expect(await actionsOf(manager, shared.id)).toEqual(['update', 'disable', 'assign_jobs']);
    expect((await manager.del(`/v1/consultants/${shared.id}`)).statusCode).toBe(403);
    expect(await actionsOf(admin, shared.id)).toContain('delete');
  });

  it("answers 404 for another tenant's consultant and 403 to an employer user, offering them nothing", async () => {
    const foreign = await addConsultantOn(t, b);
    const res = await admin.get(`/v1/consultants/${foreign.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.notFound);

    const c = await addConsultantOn(t, a);
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const refused = await employer.get(`/v1/consultants/${c.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().allowed_actions).toBeUndefined();
  });
});
