import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/jobs';
import { users } from '../../db/schema/identity';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { accountClient, type AccountClient } from '../../test/client';
import { addEmployer } from '../../test/employers';
import { addLiveJob } from '../../test/jobs';
import { addSeeker } from '../../test/applications';
import { seekers } from '../../db/schema/seekers';
import { addEnterpriseAdmin } from '../../test/people';
import { logged } from './audit.fixtures';

/* What each audit entry is about, by name: the people acted as, and the jobs, employers… the account changed. */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adminToken: string;
let admin: AccountClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  adminToken = await login(t.app, a.users.accountAdmin.email);
  admin = accountClient(t, adminToken, a.account.id);
});
afterAll(() => t.close());

type Entry = { id: string; action: string; subject_type: string | null; subject_id: string | null; subject_name: string | null; subject_deleted: boolean };
const entries = async (query: Record<string, string> = {}) => {
  const res = await admin.get('/v1/accounts/audit-logs', { per_page: '100', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};
const byId = async (id: string) => (await entries()).find((e) => e.id === id)!;

describe('audit subjects by name', () => {
  it('names the person an impersonation started and ended for', async () => {
    const started = await call(t.app, { token: adminToken }, {
      method: 'POST',
      url: '/portal/auth/impersonate',
      payload: { type: 'user', id: a.users.siteManager.id, reason: 'Ticket 12: cannot see the jobs list' },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect((await call(t.app, { token: started.json().access_token }, { method: 'DELETE', url: '/portal/auth/impersonate' })).statusCode).toBe(200);
    const [person] = await t.deps.db.select({ name: users.name }).from(users).where(eq(users.id, a.users.siteManager.id));
    const found = (await entries({ action: 'auth.' })).filter((e) => e.action.startsWith('auth.impersonation_'));
    expect(found.map((e) => [e.action, e.subject_type, e.subject_id, e.subject_name, e.subject_deleted])).toEqual([
      ['auth.impersonation_stop', 'user', a.users.siteManager.id, person!.name, false],
      ['auth.impersonation_start', 'user', a.users.siteManager.id, person!.name, false],
    ]);
  });

  it('names a job and an employer, and says a deleted one is gone', async () => {
    const job = await addLiveJob(t, a, { title: 'Forklift driver' });
    const employer = await addEmployer(t, a, { name: 'Wombat Builders' });
    const gone = await addLiveJob(t, a, { title: 'Removed role' });
    const jobEntry = await logged(t, a, { actorUserId: a.users.accountAdmin.id, action: 'job.approved', subjectType: 'job', subjectId: job.id });
    const employerEntry = await logged(t, a, { actorUserId: a.users.accountAdmin.id, action: 'employer.update', subjectType: 'employer', subjectId: employer.id });
    const goneEntry = await logged(t, a, { actorUserId: a.users.accountAdmin.id, action: 'job.deleted', subjectType: 'job', subjectId: gone.id });
    await t.deps.db.delete(jobs).where(eq(jobs.id, gone.id));
    const list = await entries();
    const of = (id: string) => list.find((e) => e.id === id)!;
    expect(of(jobEntry)).toMatchObject({ subject_name: 'Forklift driver', subject_deleted: false });
    expect(of(employerEntry)).toMatchObject({ subject_name: 'Wombat Builders', subject_deleted: false });
    expect(of(goneEntry)).toMatchObject({ subject_id: gone.id, subject_name: null, subject_deleted: true });
  });

  it('names the account\'s site and the account itself', async () => {
    const site = await logged(t, a, { action: 'site.update', subjectType: 'site', subjectId: a.sites[0].id });
    const account = await logged(t, a, { action: 'account.update', subjectType: 'account', subjectId: a.account.id });
    expect((await byId(site)).subject_name).toBe('Alpha Jobs');
    expect((await byId(account)).subject_name).toBe('Alpha');
  });

  it('never names another tenant\'s record, even under an id written in this account\'s trail', async () => {
    const theirs = await addLiveJob(t, b, { title: 'Beta secret job' });
    const theirEmployer = await addEmployer(t, b, { name: 'Beta Secret Ltd' });
    const job = await logged(t, a, { action: 'job.approved', subjectType: 'job', subjectId: theirs.id });
    const employer = await logged(t, a, { action: 'employer.update', subjectType: 'employer', subjectId: theirEmployer.id });
    expect(await byId(job)).toMatchObject({ subject_name: null, subject_deleted: true });
    expect(await byId(employer)).toMatchObject({ subject_name: null, subject_deleted: true });
    expect(JSON.stringify(await entries())).not.toContain('Beta Secret');
  });

  it('names a candidate, and says one since deleted is gone', async () => {
    const kept = await addSeeker(t, a);
    const deleted = await addSeeker(t, a);
    const keptEntry = await logged(t, a, { action: 'seeker.disable', subjectType: 'seeker', subjectId: kept.id });
    const deletedEntry = await logged(t, a, { action: 'seeker.delete', subjectType: 'seeker', subjectId: deleted.id });
    await t.deps.db.delete(seekers).where(eq(seekers.id, deleted.id));
    expect(await byId(keptEntry)).toMatchObject({ subject_name: kept.name, subject_deleted: false });
    expect(await byId(deletedEntry)).toMatchObject({ subject_name: null, subject_deleted: true });
  });

  it('names an enterprise staff member an entry of no account is about, for enterprise staff', async () => {
    const boss = await addEnterpriseAdmin(t, a, 'boss.names@enterprise.test');
    const entry = await logged(t, null, { enterpriseId: a.enterpriseId, action: 'auth.impersonation_start', subjectType: 'user', subjectId: boss.id });
    const res = await call(t.app, { token: boss.token }, { method: 'GET', url: '/portal/v1/enterprise/audit-logs', query: { per_page: '100' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.find((e: Entry) => e.id === entry)).toMatchObject({ subject_name: 'Erin Enterprise', account: null });
  });

  it('leaves ids that name no record (a setting key) as they are', async () => {
    const entry = await logged(t, a, { action: 'settings.update', subjectType: 'site', subjectId: 'not-a-uuid' });
    expect(await byId(entry)).toMatchObject({ subject_name: null, subject_deleted: false });
  });

  it('reads a person subject id that is not a uuid as naming no one, without failing the page', async () => {
    // Persons are looked up by primary key: an id that is no uuid must not reach the uuid cast.
    const user = await logged(t, a, { action: 'user.invite', subjectType: 'user', subjectId: 'someone@example.com' });
    const seeker = await logged(t, a, { action: 'seeker.disable', subjectType: 'seeker', subjectId: 'SK-000123' });
    expect(await byId(user)).toMatchObject({ subject_id: 'someone@example.com', subject_name: null });
    expect(await byId(seeker)).toMatchObject({ subject_id: 'SK-000123', subject_name: null });
  });
});
