import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '@hireline/contract/audit-actions';
import { messages } from '@hireline/contract/messages';
import { users as usersTable } from '../../db/schema/identity';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, employer1, site1, accountClient, type AccountClient } from '../../test/client';
import { userWith, impersonationToken, invite, siteAccess, addEnterpriseAdmin } from '../../test/people';
import { addSeeker } from '../../test/applications';
import { ids, logged, loggedOn } from './audit.fixtures';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let other: Tenant;
let boss: Awaited<ReturnType<typeof addEnterpriseAdmin>>;
let adminToken: string;
let admin: AccountClient;
const JOB = '0190a000-0000-7000-8000-000000000001';
const EMPLOYER_ID = '0190a000-0000-7000-8000-000000000e01';
type EntryName = 'posted' | 'approved' | 'impersonated' | 'invited' | 'jobsBulk' | 'old' | 'older' | 'beta' | 'noAccount' | 'otherEnterprise';
const e = {} as Record<EntryName, string>;

const LIST_URL = '/v1/accounts/audit-logs';
const ENTERPRISE_URL = '/v1/enterprise/audit-logs';
const list = (c: AccountClient, query: Record<string, string> = {}) => c.get(LIST_URL, query);
const enterprise = (token: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  call(t.app, { token }, { method: 'GET', url: `/portal${ENTERPRISE_URL}`, query, headers });

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  other = await createTenant(t.deps.db, { name: 'Elsewhere', enterpriseKey: 'other-enterprise' });
  boss = await addEnterpriseAdmin(t, a, 'boss@enterprise.test');
  adminToken = await login(t.app, a.users.accountAdmin.email);
  admin = accountClient(t, adminToken, a.account.id);
  const users = a.users;
  e.older = await loggedOn(t, a, '2020-01-01', 'settings.update');
  e.old = await loggedOn(t, a, '2020-01-03', 'settings.update');
  e.posted = await logged(t, a, {
    actorUserId: users.siteManager.id,
    action: 'job.posted',
    subjectType: 'job',
    subjectId: JOB,
    data: { title: 'Forklift driver', credits_spent: 1 },
    ip: '10.0.0.1',
  });
  e.approved = await logged(t, a, { actorUserId: users.accountAdmin.id, action: 'job.approved', subjectType: 'job', subjectId: JOB });
  e.impersonated = await logged(t, a, {
    actorUserId: users.employerAdmin.id,
    impersonatorUserId: boss.id,
    action: 'employer.update',
    subjectType: 'employer',
    subjectId: EMPLOYER_ID,
    data: { fields: ['phone'] },
  });
  e.invited = await logged(t, a, { actorUserId: users.accountAdmin.id, action: 'user.invite', subjectType: 'user', subjectId: users.noRole.id });
  // `_` is a LIKE wildcard: the prefix `job_.` must not find `jobs.…`.
  e.jobsBulk = await logged(t, a, { action: 'jobs.bulk' as AuditAction, subjectType: 'job', subjectId: JOB });
  e.beta = await logged(t, b, { actorUserId: b.users.accountAdmin.id, action: 'job.posted', subjectType: 'job', subjectId: JOB });
  e.noAccount = await logged(t, null, { enterpriseId: a.enterpriseId, action: 'auth.login_failed', data: { email: 'who@x.test' } });
  e.otherEnterprise = await logged(t, other, { actorUserId: other.users.accountAdmin.id, action: 'job.posted', subjectId: JOB });
});
afterAll(() => t.close());

const NEWEST_FIRST = () => [e.jobsBulk, e.invited, e.impersonated, e.approved, e.posted, e.old, e.older];

describe('GET /v1/accounts/audit-logs', () => {
  it("lists the selected account's entries newest first, with who acted, and nothing of another account or enterprise", async () => {
    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json())).toEqual(NEWEST_FIRST());
    expect(res.json().meta).toEqual({ page: 1, per_page: 25, total: 7 });
    const posted = res.json().data[4];
    expect(posted).toEqual({
      id: e.posted,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      action: 'job.posted',
      subject_type: 'job',
      subject_id: JOB,
      // No job has this id (any more): the entry says so rather than naming it.
      subject_name: null,
      subject_deleted: true,
      actor: { id: a.users.siteManager.id, name: expect.stringMatching(/^manager /), email: a.users.siteManager.email },
      impersonator: null,
      ip: '10.0.0.1',
      data: { title: 'Forklift driver', credits_spent: 1 },
    });
    expect(res.json().data[2]).toMatchObject({
      actor: { id: a.users.employerAdmin.id },
      impersonator: { id: boss.id, name: 'Erin Enterprise', email: 'boss@enterprise.test' },
    });
    expect(res.json().data[5]).toMatchObject({ actor: null, impersonator: null, ip: null, data: {} });
    // A person an entry is about (an invitation, an impersonation) is named, not only given by id.
    // Someone invited who has not accepted is not named: their name is not the account's to see (as in its users).
    expect(res.json().data[1]).toMatchObject({ subject_type: 'user', subject_id: a.users.noRole.id, subject_name: null });
    expect(res.json().data[0]).not.toHaveProperty('account');

    const paged = await list(admin, { per_page: '2', page: '2', sort: 'created_at' });
    expect(ids(paged.json())).toEqual([e.posted, e.approved]);
    expect(paged.json().meta).toEqual({ page: 2, per_page: 2, total: 7 });
  });

  it('narrows by each filter', async () => {
    const only = async (query: Record<string, string>) => {
      const res = await list(admin, query);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res.json());
    };
    expect(await only({ q: 'APPROVED' })).toEqual([e.approved]);
    expect(await only({ q: EMPLOYER_ID.slice(-6) })).toEqual([e.impersonated]);
    // A whole id, in either case, finds its subject; part of an action's key finds its entries; a text that is in no
    // action and holds a letter no id does finds nothing.
    expect(await only({ q: EMPLOYER_ID.toUpperCase() })).toEqual([e.impersonated]);
    expect(await only({ q: 'ob.post' })).toEqual([e.posted]);
    expect(await only({ q: 'qzxjvw' })).toEqual([]);
    expect(await only({ q: '50%' })).toEqual([]);
    expect(await only({ action: 'job.posted' })).toEqual([e.posted]);
    expect(await only({ action: 'job.' })).toEqual([e.approved, e.posted]);
    expect(await only({ action: 'job' })).toEqual([]);
    expect(await only({ action: 'job_.' })).toEqual([]);
    expect(await only({ subject_type: 'job' })).toEqual([e.jobsBulk, e.approved, e.posted]);
    expect(await only({ subject_type: 'job', subject_id: JOB, action: 'job.approved' })).toEqual([e.approved]);
    expect(await only({ subject_id: a.users.noRole.id })).toEqual([e.invited]);
    expect(await only({ actor: a.users.accountAdmin.id })).toEqual([e.invited, e.approved]);
    // The impersonator counts as "who" too: what staff did as someone else is theirs as well.
    expect(await only({ actor: boss.id })).toEqual([e.impersonated]);
    expect(await only({ actor_email: a.users.siteManager.email.toUpperCase() })).toEqual([e.posted]);
    expect(await only({ actor_email: 'boss@enterprise' })).toEqual([e.impersonated]);
    expect(await only({ impersonated_only: 'true' })).toEqual([e.impersonated]);
    expect(await only({ impersonated_only: 'false' })).toEqual(NEWEST_FIRST());
    expect(await only({ from: '2020-01-02', to: '2020-01-03' })).toEqual([e.old]);
    expect(await only({ to: '2020-01-03' })).toEqual([e.old, e.older]);
    expect(await only({ from: '2020-01-04', subject_type: 'user' })).toEqual([e.invited]);
  });

  it('answers 422 for a malformed filter', async () => {
    const bad: Record<string, string>[] = [
      { action: 'job posted' },
      { from: 'yesterday' },
      { actor: 'someone' },
      { sort: 'action' },
      { impersonated_only: 'yes' },
    ];
    for (const query of bad) {
      const res = await list(admin, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().message).toBe(messages.givenDataInvalid);
    }
  });

  it('exports the filtered list as CSV, by Accept header or format=csv', async () => {
    const res = await list(admin, { action: 'job.' });
    expect(res.headers['content-type']).toMatch(/json/);
    const byHeader = await admin.get(LIST_URL, { action: 'job.' }, { accept: 'text/csv' });
    for (const csv of [byHeader, await list(admin, { action: 'job.', format: 'csv' })]) {
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d\d-\d\d\.csv"$/);
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('\uFEFFID,Time (UTC),Action,Subject type,Subject ID,Actor,Actor email,Impersonator,Impersonator email,IP,Data');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([e.approved, e.posted]);
      expect(lines[2]).toContain(`,job.posted,job,${JOB},manager `);
      expect(lines[2]).toContain(',10.0.0.1,"{""title"":""Forklift driver"",""credits_spent"":1}"');
    }
  });

  it('is for account admins: a site manager, an employer admin, a viewer without export and strangers are refused', async () => {
    const manager = await login(t.app, a.users.siteManager.email);
    expect((await client(t, manager, site1(a)).get(LIST_URL)).statusCode).toBe(403);
    expect((await accountClient(t, manager, a.account.id).get(LIST_URL)).statusCode).toBe(403);
    const employer = await login(t.app, a.users.employerAdmin.email);
    expect((await client(t, employer, employer1(a)).get(LIST_URL)).statusCode).toBe(403);
    // Another account's id in the header is outside the caller's scope; no account selected is nothing to read.
    expect((await accountClient(t, adminToken, b.account.id).get(LIST_URL)).statusCode).toBe(404);
    expect((await call(t.app, { token: adminToken }, { method: 'GET', url: `/portal${LIST_URL}` })).statusCode).toBe(404);
    expect((await call(t.app, { accountId: a.account.id }, { method: 'GET', url: `/portal${LIST_URL}` })).statusCode).toBe(401);
    // A custom account role may read the trail without being allowed to export it.
    const viewer = await userWith(t, a, ['audit.view'], 'account');
    const reader = accountClient(t, viewer.token, a.account.id);
    expect((await list(reader)).statusCode).toBe(200);
    expect((await list(reader, { format: 'csv' })).statusCode).toBe(403);
  });

  it('has no way to change or remove an entry, and the database refuses both', async () => {
    for (const url of [LIST_URL, `${LIST_URL}/${e.posted}`, ENTERPRISE_URL]) {
      expect([404, 405], url).toContain((await admin.put(url, { action: 'x' })).statusCode);
      expect([404, 405], url).toContain((await admin.patch(url, { action: 'x' })).statusCode);
      expect([404, 405], url).toContain((await admin.del(url)).statusCode);
    }
    // Drizzle wraps the driver's error; the trigger's own message is its cause.
    const refusal = (query: SQL) =>
      t.deps.db.execute(query).then(() => 'allowed', (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message));
    expect(await refusal(sql`update audit_logs set action = 'tampered' where id = ${e.posted}`)).toMatch(/audit_logs is append-only: UPDATE/);
    expect(await refusal(sql`delete from audit_logs where id = ${e.posted}`)).toMatch(/audit_logs is append-only: DELETE/);
    expect((await list(admin, { action: 'job.posted' })).json().data).toMatchObject([{ id: e.posted, action: 'job.posted' }]);
  });

  it('shows what staff really did, with the impersonator when they acted as someone else', async () => {
    const as = accountClient(t, await impersonationToken(t, boss.id, a.users.accountAdmin.id), a.account.id);
    expect((await invite(as, 'new.person@example.test', [siteAccess(a.sites[0].id, 'consultant')])).statusCode).toBe(201);
    const res = await list(admin, { action: 'user.invite', impersonated_only: 'true' });
    expect(res.json().data).toMatchObject([
      {
        subject_type: 'user',
        actor: { id: a.users.accountAdmin.id },
        impersonator: { id: boss.id },
        data: { email: 'new.person@example.test' },
      },
    ]);
    expect(res.json().data[0].ip).toEqual(expect.any(String));
  });
});

describe('GET /v1/enterprise/audit-logs', () => {
  it("lists every account's entries and the enterprise's own, never another enterprise's, with the account named", async () => {
    const res = await enterprise(boss.token, { per_page: '100' });
    expect(res.statusCode, res.body).toBe(200);
    const found = ids(res.json());
    expect(found).toEqual(expect.arrayContaining([...NEWEST_FIRST(), e.beta, e.noAccount]));
    expect(found).not.toContain(e.otherEnterprise);
    const byId = new Map(res.json().data.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(e.beta)).toMatchObject({ account: { id: b.account.id, name: 'Beta' }, actor: { id: b.users.accountAdmin.id } });
    expect(byId.get(e.noAccount)).toMatchObject({ account: null, action: 'auth.login_failed' });
  });

  it('narrows to one account with the same filters, whatever scope headers come along', async () => {
    const res = await enterprise(boss.token, { account: b.account.id }, { 'x-af-aid': a.account.id });
    expect(ids(res.json())).toEqual([e.beta]);
    expect(ids((await enterprise(boss.token, { action: 'job.posted' })).json())).toEqual([e.beta, e.posted]);
    expect(ids((await enterprise(boss.token, { account: other.account.id })).json())).toEqual([]);
    const csv = await enterprise(boss.token, { account: b.account.id, format: 'csv' });
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Time (UTC),Account,Action,Subject type,Subject ID,Actor,Actor email,Impersonator,Impersonator email,IP,Data');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([`${e.beta},${lines[1]!.split(',')[1]},Beta,job.posted`]);
  });

  it('is for enterprise staff only: an account admin is refused even with their account selected', async () => {
    expect((await enterprise(adminToken)).statusCode).toBe(403);
    expect((await enterprise(adminToken, {}, { 'x-af-aid': a.account.id })).statusCode).toBe(403);
    expect((await enterprise(boss.token, {}, { 'x-af-eid': 'other-enterprise' })).statusCode).toBe(401);
  });
});

describe('the person an entry is about', () => {
  // Last in the file: its entries are written to another account, after every test that counts entries.
  it('is named when a user of the account or one of its candidates', async () => {
    const seeker = await addSeeker(t, b);
    const [manager] = await t.deps.db.select({ name: usersTable.name }).from(usersTable).where(eq(usersTable.id, b.users.siteManager.id));
    const staff = await logged(t, b, { actorUserId: b.users.accountAdmin.id, action: 'auth.impersonation_start', subjectType: 'user', subjectId: b.users.siteManager.id });
    const candidate = await logged(t, b, { actorUserId: b.users.accountAdmin.id, action: 'auth.impersonation_refused', subjectType: 'seeker', subjectId: seeker.id });
    const res = await list(accountClient(t, await login(t.app, b.users.accountAdmin.email), b.account.id));
    const byId = new Map(res.json().data.map((r: { id: string; subject_name: string | null }) => [r.id, r.subject_name]));
    expect([byId.get(staff), byId.get(candidate)]).toEqual([manager!.name, seeker.name]);
  });
});
