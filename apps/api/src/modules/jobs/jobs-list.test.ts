import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { seekers } from '../../db/schema/seekers';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addConsultant } from '../../test/jobs';
import { client, employer1, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let ids: Record<string, string>;
let consultantId: string;
let northwind: string;

const at = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * Site 1 of Alpha: five jobs of employer 1 and one of Northwind, with known dates, tags, reports and applications;
 * Beta holds a job with the same words, which must never show.
 */
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  consultantId = (await addConsultant(t, a, { name: 'Carla Consultant' })).id;
  const db = t.deps.db;
  const [nw] = await db.insert(employers).values({ accountId: a.account.id, siteId: a.sites[0].id, businessName: 'Northwind Traders' }).returning();
  northwind = nw!.id;
  const base = { accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id };
  const rows: Array<{ key: string; status: JobStatus } & Partial<typeof jobs.$inferInsert>> = [
    { key: 'forklift', status: 'live', title: 'Forklift Driver', referenceNumber: 'WH-100', createdAt: at('2030-01-01'), tags: ['night', 'urgent'], workType: 'Full time', consultantId, advertEndAt: at('2030-03-01'), postedAt: at('2030-01-02') },
    { key: 'nurse', status: 'pending', title: 'Night Nurse', referenceNumber: 'HC-7', createdAt: at('2030-01-05'), tags: ['night'], classification: 'Healthcare', postedAt: at('2030-01-06') },
    { key: 'chef', status: 'draft', title: 'Sous Chef', createdAt: at('2030-01-10'), description: '<p>Kitchen <em>pastry</em> work</p>', descriptionText: 'Kitchen pastry work', workType: 'Part time' },
    { key: 'clerk', status: 'expired', title: '=HYPERLINK("http://evil")', referenceNumber: '+1', createdAt: at('2030-01-15'), openReports: 2, location: 'Leeds, "North"', postedAt: at('2030-01-16'), advertEndAt: at('2030-02-01') },
    { key: 'porter', status: 'unlisted', title: 'Hospital Porter', createdAt: at('2030-01-20'), tags: ['urgent'], postedAt: at('2030-01-21') },
    { key: 'trader', status: 'live', title: 'Warehouse Lead', createdAt: at('2030-01-25'), employerId: northwind, postedAt: at('2030-01-26') },
  ];
  const inserted = await db
    .insert(jobs)
    .values(rows.map(({ key: _key, ...r }) => ({ ...base, ...r }) as typeof jobs.$inferInsert))
    .returning({ id: jobs.id, title: jobs.title });
  ids = Object.fromEntries(rows.map((r, i) => [r.key, inserted[i]!.id]));
  await db.insert(jobs).values({ accountId: b.account.id, siteId: b.sites[0].id, employerId: b.employers[0].id, title: 'Forklift Driver', status: 'live' });
  const people = await db
    .insert(seekers)
    .values([0, 1, 2].map((i) => ({ accountId: a.account.id, email: `s${i}@list.test`, name: `S${i}` })))
    .returning();
  await db.insert(applications).values(
    people.map((p, i) => ({
      accountId: a.account.id,
      siteId: a.sites[0].id,
      jobId: i < 2 ? ids.forklift! : ids.porter!,
      employerId: a.employers[0].id,
      seekerId: p.id,
      candidateName: p.name,
      candidateEmail: p.email,
      jobTitle: 'x',
    })),
  );
});
afterAll(() => t.close());

const list = async (query: Record<string, string | string[]> = {}, who: Client = admin) => {
  const res = await who.get('/v1/jobs', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<{ id: string } & Record<string, unknown>>; meta: { page: number; per_page: number; total: number } };
};
const keys = (rows: Array<{ id: string }>) => rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id) ?? r.id);

describe('GET /v1/jobs', () => {
  it('lists the site newest first with summaries, counts and page meta', async () => {
    const res = await list();
    expect(keys(res.data)).toEqual(['trader', 'porter', 'clerk', 'chef', 'nurse', 'forklift']);
    expect(res.meta).toEqual({ page: 1, per_page: 25, total: 6 });
    expect(res.data.at(-1)).toEqual({
      id: ids.forklift,
      title: 'Forklift Driver',
      reference_number: 'WH-100',
      status: 'live',
      flagged: false,
      open_reports: 0,
      featured: false,
      employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
      consultant: { id: consultantId, name: 'Carla Consultant' },
      work_type: 'Full time',
      classification: null,
      location: null,
      tags: ['night', 'urgent'],
      advert_start_at: null,
      advert_end_at: '2030-03-01T12:00:00.000Z',
      posted_at: '2030-01-02T12:00:00.000Z',
      created_at: '2030-01-01T12:00:00.000Z',
      applications_count: 2,
      allowed_actions: ['edit', 'unlist', 'expire', 'delete', 'clone'],
    });
    expect(res.data.find((j) => j.id === ids.porter)!.applications_count).toBe(1);
    expect(res.data.find((j) => j.id === ids.clerk)).toMatchObject({ flagged: true, open_reports: 2 });
  });

  it('gives each row the actions the caller may take on it, for the bulk bar to offer only those that apply', async () => {
    const data = (await admin.get('/v1/jobs', { per_page: '100' })).json().data as Array<{ id: string; allowed_actions: string[] }>;
    const of = (key: string) => data.find((r) => r.id === ids[key])!.allowed_actions;
    expect(of('forklift')).toEqual(expect.arrayContaining(['unlist', 'expire', 'delete']));
    expect(of('forklift')).not.toContain('relist');
    expect(of('porter')).toContain('relist');
    expect(of('porter')).not.toContain('unlist');
    expect(of('clerk')).not.toContain('relist');
  });

  it('pages and sorts by the whitelisted keys only', async () => {
    const p2 = await list({ per_page: '4', page: '2' });
    expect(keys(p2.data)).toEqual(['nurse', 'forklift']);
    expect(p2.meta).toEqual({ page: 2, per_page: 4, total: 6 });
    expect(keys((await list({ sort: 'title' })).data)[0]).toBe('clerk');
    expect(keys((await list({ sort: '-advert_end_at' })).data).slice(0, 2)).toEqual(['forklift', 'clerk']);
    expect(keys((await list({ sort: 'posted_at' })).data).at(-1)).toBe('chef');
    const bad = await admin.get('/v1/jobs', { sort: 'password' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort: [messages.invalid] });
    expect((await admin.get('/v1/jobs', { per_page: '101' })).statusCode).toBe(422);
  });

  it('filters by status (one or many), employer, consultant, work type, classification, tags and flag', async () => {
    expect(keys((await list({ status: 'live' })).data)).toEqual(['trader', 'forklift']);
    expect(keys((await list({ status: ['pending', 'draft'] })).data)).toEqual(['chef', 'nurse']);
    expect(keys((await list({ employer_id: northwind })).data)).toEqual(['trader']);
    expect(keys((await list({ consultant_id: consultantId })).data)).toEqual(['forklift']);
    expect(keys((await list({ work_type: 'Part time' })).data)).toEqual(['chef']);
    expect(keys((await list({ classification: 'Healthcare' })).data)).toEqual(['nurse']);
    expect(keys((await list({ tags: 'urgent' })).data)).toEqual(['porter', 'forklift']);
    expect(keys((await list({ tags: ['urgent', 'night'] })).data)).toEqual(['forklift']);
    expect(keys((await list({ tags: 'NIGHT' })).data)).toEqual(['nurse', 'forklift']);
    expect(keys((await list({ flagged: 'true' })).data)).toEqual(['clerk']);
    expect((await list({ flagged: 'false' })).meta.total).toBe(5);
    expect((await admin.get('/v1/jobs', { status: 'open' })).statusCode).toBe(422);
  });

  it('filters by creation day, both ends inclusive', async () => {
    expect(keys((await list({ created_from: '2030-01-05', created_to: '2030-01-15' })).data)).toEqual(['clerk', 'chef', 'nurse']);
    expect(keys((await list({ created_to: '2030-01-01' })).data)).toEqual(['forklift']);
    expect((await admin.get('/v1/jobs', { created_from: '05/01/2030' })).statusCode).toBe(422);
  });

  it('searches title, reference, description and employer name', async () => {
    expect(keys((await list({ q: 'fork' })).data)).toEqual(['forklift']);
    expect(keys((await list({ q: 'HC-7' })).data)).toEqual(['nurse']);
    expect(keys((await list({ q: 'pastry' })).data)).toEqual(['chef']);
    expect(keys((await list({ q: 'northwind' })).data)).toEqual(['trader']);
    expect(keys((await list({ q: 'night', status: 'pending' })).data)).toEqual(['nurse']);
    expect((await list({ q: '%' })).meta.total).toBe(0);
  });

  it("shows an employer user their employers' jobs only", async () => {
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const res = await list({}, employer);
    expect(res.meta.total).toBe(5);
    expect(keys(res.data)).not.toContain('trader');
    expect((await list({ employer_id: northwind }, employer)).meta.total).toBe(0);
  });

  it('lists jobs on hold, longest waiting first', async () => {
    const res = await admin.get('/v1/jobs/on-hold');
    expect(res.statusCode, res.body).toBe(200);
    expect(keys(res.json().data)).toEqual(['nurse']);
    expect(res.json().meta).toEqual({ page: 1, per_page: 25, total: 1 });
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await employer.get('/v1/jobs/on-hold')).statusCode).toBe(403);
  });
});

describe('GET /v1/jobs as CSV', () => {
  const csv = (query: Record<string, string | string[]> = {}, who: Client = admin) => who.get('/v1/jobs', query, { accept: 'text/csv' });

  it('exports every page of the filtered list, with safe cells', async () => {
    const res = await csv({ per_page: '1', sort: 'created_at' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="jobs-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFID,Reference,Title,Status,Employer,Consultant,Work type,Classification,Location,Tags,Featured,Flagged,Open reports,Applications,' +
        'Advert start (UTC),Advert end (UTC),Posted (UTC),Created (UTC)',
    );
    expect(lines).toHaveLength(8); // header, six jobs, and the final line break
    expect(lines[1]).toBe(
      `${ids.forklift},WH-100,Forklift Driver,Live,Alpha Employer 1,Carla Consultant,Full time,,,night; urgent,no,no,0,2,,2030-03-01 12:00:00,2030-01-02 12:00:00,2030-01-01 12:00:00`,
    );
    const clerk = lines.find((l) => l.startsWith(ids.clerk!))!;
    // A formula is neutralised, then quoted because it holds quotes; a comma in a value is quoted.
    expect(clerk).toContain(`,'+1,"'=HYPERLINK(""http://evil"")",Expired,`);
    expect(clerk).toContain(',"Leeds, ""North""",');
  });

  it('applies the filters and the scope', async () => {
    const res = await csv({ status: 'live' });
    expect(res.body.trim().split('\r\n')).toHaveLength(3);
    const employer = await userWith(t, a, ['jobs.view', 'jobs.export'], 'employer');
    const own = await csv({}, client(t, employer.token, employer1(a)));
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('Warehouse Lead');
  });

  it('needs jobs.export', async () => {
    const viewer = await userWith(t, a, ['jobs.view']);
    const c = client(t, viewer.token, site1(a));
    const res = await csv({}, c);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(coded({ message: messages.unauthorized }));
    expect((await c.get('/v1/jobs')).statusCode).toBe(200);
  });
});
