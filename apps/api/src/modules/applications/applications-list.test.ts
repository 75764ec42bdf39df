import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { applications } from '../../db/schema/applications';
import { jobs } from '../../db/schema/jobs';
import { applicationStages } from '../../db/schema/settings';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addConsultant, addLiveJob } from '../../test/jobs';
import { client, employer1, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { addApplication, addSeeker, type ApplicationOpts } from '../../test/applications';
import { addOtherEmployerJob } from './application-tests.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let ids: Record<string, string>;
let jobIds: Record<string, string>;
let consultantId: string;
let northwind: string;

const at = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * Site 1 of Alpha: five applications to employer 1's two jobs and Northwind's one, with known dates, statuses, tags
 * and flags; site 2 and Beta each hold one more with the same words, which must never show.
 */
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  consultantId = (await addConsultant(t, a, { name: 'Carla Consultant' })).id;
  const forklift = await addLiveJob(t, a, { title: 'Forklift Driver', consultantId });
  await t.deps.db.update(jobs).set({ referenceNumber: 'WH-100' }).where(eq(jobs.id, forklift.id));
  const nurse = await addLiveJob(t, a, { title: 'Night Nurse' });
  await t.deps.db.update(jobs).set({ referenceNumber: 'HC-7' }).where(eq(jobs.id, nurse.id));
  const other = await addOtherEmployerJob(t, a, 'Warehouse Lead');
  northwind = other.employer.id;
  jobIds = { forklift: forklift.id, nurse: nurse.id, lead: other.job.id };
  const person = (name: string, email: string, tenant = a) => addSeeker(t, tenant, { name, email });
  const rows: Array<[string, Awaited<ReturnType<typeof addLiveJob>>, Awaited<ReturnType<typeof addSeeker>>, ApplicationOpts]> = [
    ['ann', forklift, await person('Ann Archer', 'ann@list.test'), { status: 'applied', createdAt: at('2030-01-01'), tags: ['top-pick'] }],
    ['bob', forklift, await person('Bob Builder', 'bob@list.test'), { status: 'screening', createdAt: at('2030-01-05'), tags: ['top-pick', 'follow-up'], knockedOut: true }],
    ['cat', nurse, await person('=HYPERLINK("http://evil")', 'cat@list.test'), { status: 'shortlisted', createdAt: at('2030-01-10'), enabled: false }],
    ['dan', nurse, await person('Dan Dreyer', 'dan@list.test'), { status: 'applied', createdAt: at('2030-01-15') }],
    ['eve', other.job, await person('Eve Evans, Jr', 'eve@list.test'), { status: 'withdrawn', createdAt: at('2030-01-20') }],
    ['second', await addLiveJob(t, a, { site: 1, title: 'Forklift Driver' }), await person('Ann Second', 'ann2@list.test'), { createdAt: at('2030-01-25') }],
    ['beta', await addLiveJob(t, b, { title: 'Forklift Driver' }), await person('Ann Archer', 'ann@list.test', b), { createdAt: at('2030-01-26') }],
  ];
  ids = {};
  for (const [key, job, seeker, opts] of rows) ids[key] = (await addApplication(t, job, seeker, opts)).id;
  await t.deps.db.update(applications).set({ statusChangedAt: at('2030-02-01') }).where(eq(applications.id, ids.ann!));
});
afterAll(() => t.close());

const list = async (query: Record<string, string | string[]> = {}, who: Client = admin) => {
  const res = await who.get('/v1/applications', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<{ id: string } & Record<string, unknown>>; meta: { page: number; per_page: number; total: number } };
};
const keys = (rows: Array<{ id: string }>) => rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id) ?? r.id);
const listed = async (query: Record<string, string | string[]>, who: Client = admin) => keys((await list(query, who)).data);

describe('GET /v1/applications', () => {
  it("lists the site's applications newest first, with summaries and page meta", async () => {
    const res = await list();
    expect(keys(res.data)).toEqual(['eve', 'dan', 'cat', 'bob', 'ann']);
    expect(res.meta).toEqual({ page: 1, per_page: 25, total: 5 });
    expect(res.data.at(-1)).toEqual({
      id: ids.ann,
      status: 'applied',
      status_changed_at: '2030-02-01T12:00:00.000Z',
      enabled: true,
      knocked_out: false,
      source: 'board',
      candidate: { id: expect.any(String), name: 'Ann Archer', email: 'ann@list.test' },
      job: { id: jobIds.forklift, title: 'Forklift Driver', reference_number: 'WH-100' },
      employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
      tags: ['top-pick'],
      created_at: '2030-01-01T12:00:00.000Z',
    });
  });

  it('filters by status, job, employer, consultant, dates, tags, knock-out and enabled', async () => {
    expect(await listed({ status: 'applied' })).toEqual(['dan', 'ann']);
    expect(await listed({ status: ['applied', 'shortlisted'] })).toEqual(['dan', 'cat', 'ann']);
    expect((await list({ status: ['applied', 'shortlisted'] })).meta.total).toBe(3);
    expect((await list({ status: 'applied', q: 'dan' })).meta.total).toBe(1);
    expect(await listed({ job_id: jobIds.forklift! })).toEqual(['bob', 'ann']);
    expect(await listed({ employer_id: northwind })).toEqual(['eve']);
    expect(await listed({ consultant_id: consultantId })).toEqual(['bob', 'ann']);
    expect(await listed({ created_from: '2030-01-05', created_to: '2030-01-10' })).toEqual(['cat', 'bob']);
    expect(await listed({ tags: 'top-pick' })).toEqual(['bob', 'ann']);
    expect(await listed({ tags: ['TOP-PICK', 'follow-up'] })).toEqual(['bob']);
    expect(await listed({ knocked_out: 'true' })).toEqual(['bob']);
    expect(await listed({ knocked_out: 'false', status: 'applied' })).toEqual(['dan', 'ann']);
    expect(await listed({ enabled: 'false' })).toEqual(['cat']);
    expect(await listed({ enabled: 'true' })).toEqual(['eve', 'dan', 'bob', 'ann']);
    const bad = await admin.get('/v1/applications', { status: 'hired', enabled: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['enabled', 'status']);
  });

  it('searches candidate names, emails and job titles by word prefix', async () => {
    expect(await listed({ q: 'archer' })).toEqual(['ann']);
    expect(await listed({ q: 'Ann Arch' })).toEqual(['ann']);
    expect(await listed({ q: 'dan@list.test' })).toEqual(['dan']);
    expect(await listed({ q: 'night nur' })).toEqual(['dan', 'cat']);
    expect(await listed({ q: 'forklift', status: 'screening' })).toEqual(['bob']);
    expect(await listed({ q: 'zzz' })).toEqual([]);
    expect(await listed({ q: '%' })).toEqual([]);
  });

  it('sorts by the whitelisted keys and pages', async () => {
    expect(await listed({ sort: 'created_at' })).toEqual(['ann', 'bob', 'cat', 'dan', 'eve']);
    expect(await listed({ sort: 'candidate_name', enabled: 'true' })).toEqual(['ann', 'bob', 'dan', 'eve']);
    expect(await listed({ sort: '-candidate_name', enabled: 'true' })).toEqual(['eve', 'dan', 'bob', 'ann']);
    expect((await listed({ sort: 'job_title' })).slice(0, 2).sort()).toEqual(['ann', 'bob']);
    expect((await listed({ sort: '-job_title' }))[0]).toBe('eve');
    expect((await listed({ sort: '-status_changed_at' }))[0]).toBe('ann');
    const p2 = await list({ per_page: '2', page: '2' });
    expect(keys(p2.data)).toEqual(['cat', 'bob']);
    expect(p2.meta).toEqual({ page: 2, per_page: 2, total: 5 });
    const bad = await admin.get('/v1/applications', { sort: 'password' });
    expect(bad.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { sort: [messages.invalid] } }));
    expect((await admin.get('/v1/applications', { per_page: '101' })).statusCode).toBe(422);
  });

  it("shows an employer user only their employer's applications", async () => {
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect(await listed({}, employer)).toEqual(['dan', 'cat', 'bob', 'ann']);
    expect(await listed({ employer_id: northwind }, employer)).toEqual([]);
  });
});

describe('GET /v1/applications/counts', () => {
  const counts = async (query: Record<string, string | string[]> = {}, who: Client = admin) => {
    const res = await who.get('/v1/applications/counts', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; by_status: Array<{ status: string; count: number }> };
  };
  const expected = (c: Record<string, number>) => applicationStatuses.map((status) => ({ status, count: c[status] ?? 0 }));

  it('counts every status, zeros included, in order, ignoring the status filter', async () => {
    const all = { applied: 2, screening: 1, shortlisted: 1, withdrawn: 1 };
    expect(await counts()).toEqual({ total: 5, by_status: expected(all) });
    expect(await counts({ status: 'applied' })).toEqual({ total: 5, by_status: expected(all) });
  });

  it('applies the other filters and the scope', async () => {
    expect(await counts({ job_id: jobIds.forklift! })).toEqual({ total: 2, by_status: expected({ applied: 1, screening: 1 }) });
    expect(await counts({ q: 'nurse', enabled: 'true' })).toEqual({ total: 1, by_status: expected({ applied: 1 }) });
    expect(await counts({ consultant_id: consultantId, tags: 'follow-up' })).toEqual({ total: 1, by_status: expected({ screening: 1 }) });
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await counts({}, employer)).total).toBe(4);
  });
});

describe('GET /v1/applications as CSV', () => {
  const csv = (query: Record<string, string | string[]> = {}, who: Client = admin) => who.get('/v1/applications', query, { accept: 'text/csv' });

  it('exports every page of the filtered list, with safe cells', async () => {
    const res = await csv({ per_page: '1', sort: 'created_at' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID,Candidate,Email,Job,Reference,Employer,Status,Stage,Status changed (UTC),Source,Knocked out,Enabled,Tags,Applied (UTC)');
    expect(lines).toHaveLength(7); // header, five applications and the final line break
    expect(lines[1]).toBe(
      `${ids.ann},Ann Archer,ann@list.test,Forklift Driver,WH-100,Alpha Employer 1,Applied,Applied,2030-02-01 12:00:00,board,no,yes,top-pick,2030-01-01 12:00:00`,
    );
    // A formula is neutralised, then quoted because it holds quotes; a comma in a value is quoted.
    expect(lines[3]).toContain(`${ids.cat},"'=HYPERLINK(""http://evil"")",cat@list.test,Night Nurse,HC-7,`);
    expect(lines[5]).toContain(',"Eve Evans, Jr",');
    expect(lines[2]).toContain(',yes,yes,top-pick; follow-up,');
  });

  it('applies the filters and the scope, and needs applications.export', async () => {
    expect((await csv({ status: 'applied' })).body.trim().split('\r\n')).toHaveLength(3);
    const exporter = await userWith(t, a, ['applications.view', 'applications.export'], 'employer');
    const own = await csv({}, client(t, exporter.token, employer1(a)));
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('Eve Evans');
    const viewer = await userWith(t, a, ['applications.view']);
    const refused = await csv({}, client(t, viewer.token, site1(a)));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(coded({ message: messages.unauthorized }));
  });
});

describe('GET /v1/site/application-stages and /v1/site/lookups/jobs', () => {
  it('answers the defaults for a site without stages, and the site’s own rows over them', async () => {
    const res = await admin.get('/v1/site/application-stages');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((s: { status: string }) => s.status)).toEqual([...applicationStatuses]);
    expect(res.json()[0]).toEqual({ status: 'applied', label: 'Applied', color: '#7367F0', position: 0, visible: true, email_admin: false, email_consultants: true, email_candidate: false });
    await t.deps.db.insert(applicationStages).values({ accountId: a.account.id, siteId: a.sites[1].id, status: 'screening', label: 'Phone screen', color: '#111111', position: -1, visible: false, emailAdmin: true });
    const second = await client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id, siteId: a.sites[1].id }).get('/v1/site/application-stages');
    expect(second.json()[0]).toEqual({ status: 'screening', label: 'Phone screen', color: '#111111', position: -1, visible: false, email_admin: true, email_consultants: false, email_candidate: false });
    expect((await admin.get('/v1/site/application-stages')).json()[0].status).toBe('applied');
  });

  it('picks jobs of the site by title or reference, newest first, an employer user only theirs', async () => {
    const pick = async (q: string | undefined, who: Client = admin) => {
      const res = await who.get('/v1/site/lookups/jobs', q === undefined ? undefined : { q });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<{ id: string; name: string; reference_number: string | null; employer_name: string }>;
    };
    expect((await pick(undefined)).map((j) => j.id)).toEqual([jobIds.lead, jobIds.nurse, jobIds.forklift]);
    // The reference and the employer tell apart jobs that share a title.
    expect(await pick('fork')).toEqual([{ id: jobIds.forklift, name: 'Forklift Driver', reference_number: 'WH-100', employer_name: 'Alpha Employer 1' }]);
    expect((await pick('hc-7')).map((j) => j.name)).toEqual(['Night Nurse']);
    expect(await pick('%')).toEqual([]);
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await pick(undefined, employer)).map((j) => j.id)).toEqual([jobIds.nurse, jobIds.forklift]);
    await t.deps.db.insert(jobs).values(Array.from({ length: 55 }, (_, i) => ({ accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id, title: `Bulk ${i}` })));
    expect(await pick('bulk')).toHaveLength(50);
  });
});
