import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus, RoleLevel } from '@hireline/contract/enums';
import { applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { memberships, roles, users } from '../../db/schema/identity';
import { jobs } from '../../db/schema/jobs';
import { seekers } from '../../db/schema/seekers';
import { hashPassword } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;

interface Records {
  /** A second employer on site 1, which the employer user does not work for. */
  northwind: string;
  jobs: Record<'operative' | 'manager' | 'picker', string>;
  seekers: Record<'jane' | 'tom' | 'zed', string>;
  applications: Record<'jane' | 'tom', string>;
}

/**
 * The same words in every tenant: on site 1 "Warehouse Operative" (employer 1) and "Warehouse Manager"
 * (Northwind), on site 2 "Warehouse Picker". Jane applied to the operative job, Tom Wareing to the manager job.
 */
async function fill(tenant: Tenant): Promise<Records> {
  const db = t.deps.db;
  const [s1, s2] = tenant.sites;
  const [e1, e2] = tenant.employers;
  const accountId = tenant.account.id;
  const [northwind] = await db
    .insert(employers)
    .values({ accountId, siteId: s1.id, businessName: 'Northwind Logistics', status: 'active' })
    .returning();
  const job = async (siteId: string, employerId: string, title: string, referenceNumber: string, status: JobStatus) => {
    const [row] = await db.insert(jobs).values({ accountId, siteId, employerId, title, referenceNumber, status }).returning();
    return row!;
  };
  const operative = await job(s1.id, e1.id, 'Warehouse Operative', 'WH-001', 'live');
  const manager = await job(s1.id, northwind!.id, 'Warehouse Manager', 'WH-002', 'pending');
  const picker = await job(s2.id, e2.id, 'Warehouse Picker', 'WH-003', 'live');
  const seeker = async (name: string, email: string) => {
    const [row] = await db.insert(seekers).values({ accountId, name, email }).returning();
    return row!;
  };
  const jane = await seeker('Jane Doe', 'j.doe@example.test');
  const tom = await seeker('Tom Wareing', 'tom.wareing@example.test');
  const zed = await seeker('Zed Quux', 'zed@example.test');
  const apply = async (j: typeof operative, s: typeof jane) => {
    const [row] = await db
      .insert(applications)
      .values({
        accountId,
        siteId: j.siteId,
        jobId: j.id,
        employerId: j.employerId,
        seekerId: s.id,
        candidateName: s.name,
        candidateEmail: s.email,
        jobTitle: j.title,
        status: 'new',
      })
      .returning();
    return row!.id;
  };
  return {
    northwind: northwind!.id,
    jobs: { operative: operative.id, manager: manager.id, picker: picker.id },
    seekers: { jane: jane.id, tom: tom.id, zed: zed.id },
    applications: { jane: await apply(operative, jane), tom: await apply(manager, tom) },
  };
}

/** A user of `tenant` holding a custom role with just these permissions at the given level. */
async function userWith(tenant: Tenant, label: string, level: RoleLevel, permissions: string[]) {
  const db = t.deps.db;
  const [role] = await db
    .insert(roles)
    .values({ enterpriseId: tenant.enterpriseId, accountId: tenant.account.id, key: label, name: label, level, permissions })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ enterpriseId: tenant.enterpriseId, email: `${label}.${tenant.account.slug}@example.test`, name: label, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  const [site] = tenant.sites;
  await db.insert(memberships).values({
    userId: user!.id,
    enterpriseId: tenant.enterpriseId,
    scopeType: level,
    accountId: tenant.account.id,
    siteId: level === 'account' ? null : site.id,
    employerId: level === 'employer' ? tenant.employers[0].id : null,
    roleId: role!.id,
  });
  return login(t.app, user!.email);
}

let ra: Records;
let rb: Records;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  ra = await fill(a);
  rb = await fill(b);
});
afterAll(() => t.close());

const search = (token: string | undefined, scope: { accountId?: string; siteId?: string; employerId?: string }, q: string, limit?: number) =>
  call(t.app, { token, ...scope }, { method: 'GET', url: '/portal/v1/site/search', query: { q, ...(limit ? { limit: String(limit) } : {}) } });

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id).sort();

describe('GET /v1/site/search', () => {
  it('finds jobs, seekers, applications and employers by partial title, name and email', async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const site1 = { accountId: a.account.id, siteId: a.sites[0].id };

    const ware = await search(token, site1, 'ware');
    expect(ware.statusCode, ware.body).toBe(200);
    expect(ids(ware.json().jobs)).toEqual([ra.jobs.operative, ra.jobs.manager].sort());
    expect(ware.json().jobs).toContainEqual({
      id: ra.jobs.operative,
      title: 'Warehouse Operative',
      reference: 'WH-001',
      status: 'live',
      employer_name: 'Alpha Employer 1',
    });
    // Prefix matching applies to every table's search document: Tom Wareing by name, both applications by job title.
    expect(ids(ware.json().seekers)).toEqual([ra.seekers.tom]);
    expect(ids(ware.json().applications)).toEqual([ra.applications.jane, ra.applications.tom].sort());

    const jan = (await search(token, site1, '  jan ')).json();
    expect(jan.seekers).toEqual([{ id: ra.seekers.jane, name: 'Jane Doe', email: 'j.doe@example.test' }]);
    expect(jan.applications).toEqual([{ id: ra.applications.jane, candidate_name: 'Jane Doe', job_title: 'Warehouse Operative', status: 'new' }]);

    // Inside an email address (substring, served by the trigram index).
    expect(ids((await search(token, site1, 'doe@exam')).json().seekers)).toEqual([ra.seekers.jane]);
    // Several words: each one a prefix, all required.
    expect(ids((await search(token, site1, 'wareh oper')).json().jobs)).toEqual([ra.jobs.operative]);
    expect(ids((await search(token, site1, 'wh-002')).json().jobs)).toEqual([ra.jobs.manager]);

    const north = (await search(token, site1, 'thwind')).json();
    expect(north.employers).toEqual([{ id: ra.northwind, name: 'Northwind Logistics' }]);
    expect((await search(token, site1, 'employer')).json().employers).toEqual([{ id: a.employers[0].id, name: 'Alpha Employer 1' }]);
  });

  it('returns at most `limit` records per group', async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const res = (await search(token, { accountId: a.account.id, siteId: a.sites[0].id }, 'warehouse', 1)).json();
    expect(res.jobs).toHaveLength(1);
    expect(res.applications).toHaveLength(1);
  });

  it("never returns another tenant's records, and refuses their scope", async () => {
    const token = await login(t.app, b.users.accountAdmin.email);
    const res = (await search(token, { accountId: b.account.id, siteId: b.sites[0].id }, 'ware')).json();
    expect(ids(res.jobs)).toEqual([rb.jobs.operative, rb.jobs.manager].sort());
    expect(ids(res.seekers)).toEqual([rb.seekers.tom]);
    const seen = JSON.stringify((await search(token, { accountId: b.account.id, siteId: b.sites[0].id }, 'jane')).json());
    for (const id of [...Object.values(ra.jobs), ...Object.values(ra.seekers), ...Object.values(ra.applications), ra.northwind])
      expect(seen).not.toContain(id);
    expect((await search(token, { accountId: a.account.id, siteId: a.sites[0].id }, 'ware')).statusCode).toBe(404);
  });

  it("keeps to the selected site: site 2's jobs, applications and employers stay out of site 1 and back", async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    const site2 = (await search(token, { accountId: a.account.id, siteId: a.sites[1].id }, 'ware')).json();
    expect(ids(site2.jobs)).toEqual([ra.jobs.picker]);
    expect(site2.applications).toEqual([]);
    expect((await search(token, { accountId: a.account.id, siteId: a.sites[1].id }, 'employer')).json().employers).toEqual([
      { id: a.employers[1].id, name: 'Alpha Employer 2' },
    ]);
    const manager = await login(t.app, a.users.siteManager.email);
    expect((await search(manager, { accountId: a.account.id, siteId: a.sites[1].id }, 'ware')).statusCode).toBe(404);
  });

  it("shows an employer user only their employer's jobs, applications and applicants", async () => {
    const token = await login(t.app, a.users.employerAdmin.email);
    const own = { accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id };
    const res = (await search(token, own, 'ware')).json();
    expect(ids(res.jobs)).toEqual([ra.jobs.operative]);
    expect(ids(res.applications)).toEqual([ra.applications.jane]);
    // The employer admin role cannot view seekers.
    expect(res.seekers).toEqual([]);
    expect((await search(token, own, 'logistics')).json().employers).toEqual([]);
    expect((await search(token, { ...own, employerId: ra.northwind }, 'ware')).statusCode).toBe(404);

    // Given seekers.view, an employer user still finds only the seekers who applied to their jobs.
    const recruiter = await userWith(a, 'employer-recruiter', 'employer', ['seekers.view']);
    const found = (await search(recruiter, own, 'example')).json();
    expect(ids(found.seekers)).toEqual([ra.seekers.jane]);
  });

  it('leaves out the groups the caller may not view', async () => {
    const token = await userWith(a, 'jobs-only', 'site', ['jobs.view']);
    const res = await search(token, { accountId: a.account.id, siteId: a.sites[0].id }, 'ware');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ seekers: [], applications: [], employers: [] });
    expect(res.json().jobs).toHaveLength(2);
  });

  it('validates the text and the limit', async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const site1 = { accountId: a.account.id, siteId: a.sites[0].id };
    const short = await search(token, site1, ' w ');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual(coded({
      message: 'The given data was invalid.',
      errors: { q: ['This value must be at least 2 characters.'] },
    }));
    expect((await search(token, site1, '')).json().errors).toEqual({ q: ['This field is required.'] });
    expect((await call(t.app, { token, ...site1 }, { method: 'GET', url: '/portal/v1/site/search' })).statusCode).toBe(422);
    expect((await search(token, site1, 'x'.repeat(101))).statusCode).toBe(422);
    expect((await search(token, site1, 'ware', 11)).json().errors).toHaveProperty('limit');
  });

  it('needs a signed-in caller and a selected site', async () => {
    expect((await search(undefined, { accountId: a.account.id, siteId: a.sites[0].id }, 'ware')).statusCode).toBe(401);
    const token = await login(t.app, a.users.accountAdmin.email);
    expect((await search(token, { accountId: a.account.id }, 'ware')).statusCode).toBe(404);
  });

  it('treats query syntax and wildcards in the text as plain text', async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    const site1 = { accountId: a.account.id, siteId: a.sites[0].id };
    for (const q of ["''", "'w", '%%', '__', ':*', 'ware:*', '&|!', 'a & b | !c', "o'brien", '(ware', '\\\\', 'ware\\', '<->', '²³', 'é́']) {
      const res = await search(token, site1, q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    // `%` matches a literal percent sign, not everything.
    expect((await search(token, site1, '%%')).json()).toEqual({ jobs: [], seekers: [], applications: [], employers: [] });
    expect(ids((await search(token, site1, 'ware:*')).json().jobs)).toEqual([ra.jobs.operative, ra.jobs.manager].sort());
  });
});
