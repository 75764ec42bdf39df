import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addLiveJob } from '../../test/jobs';
import { client, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { addConsultantOn, addImage, ids, type ConsultantRow } from './consultants.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let site2: Client;
const c = {} as Record<'anna' | 'ben' | 'carla' | 'dan' | 'una' | 'beta', ConsultantRow>;
let annaPhoto: string;

const at = (day: string) => new Date(`${day}T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  const token = await login(t.app, a.users.accountAdmin.email);
  admin = client(t, token, site1(a));
  site2 = client(t, token, { accountId: a.account.id, siteId: a.sites[1].id });
  annaPhoto = await addImage(t, a);
  c.anna = await addConsultantOn(t, a, {
    name: 'Anna Adams',
    email: 'anna@acme.test',
    phone: '+44 20 1',
    title: 'Senior Recruiter',
    photoFileId: annaPhoto,
    createdAt: at('2030-01-01'),
  });
  c.ben = await addConsultantOn(t, a, {
    name: 'Ben Brown',
    email: 'ben@example.test',
    title: 'Recruiter',
    sites: [0, 1],
    createdAt: at('2030-01-03'),
  });
  c.carla = await addConsultantOn(t, a, { name: 'Carla Cruz', title: 'Head of Talent', enabled: false, createdAt: at('2030-01-02') });
  c.dan = await addConsultantOn(t, a, { name: 'Dan Second', title: 'Recruiter', sites: [1], createdAt: at('2030-01-04') });
  c.una = await addConsultantOn(t, a, { name: 'Una Unassigned', title: 'Recruiter', sites: [] });
  c.beta = await addConsultantOn(t, b, { name: 'Beta Recruiter', title: 'Recruiter' });
  await addLiveJob(t, a, { consultantId: c.ben.id });
  await addLiveJob(t, a, { consultantId: c.ben.id });
  await addLiveJob(t, a, { consultantId: c.ben.id, site: 1 });
  await addLiveJob(t, a, { consultantId: c.anna.id, site: 1 });
  await addLiveJob(t, b, { consultantId: c.beta.id });
});
afterAll(() => t.close());

describe('GET /v1/consultants', () => {
  it("lists the selected site's consultants by name, each with sites, photo and jobs on the site", async () => {
    const res = await admin.get('/v1/consultants');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Dan works on site 2 only, Una on no site, Beta is another account's.
    expect(ids(body)).toEqual([c.anna.id, c.ben.id, c.carla.id]);
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 3 });
    expect(body.data[1]).toEqual({
      id: c.ben.id,
      name: 'Ben Brown',
      email: 'ben@example.test',
      phone: null,
      title: 'Recruiter',
      photo: null,
      enabled: true,
      sites: [
        { id: a.sites[0].id, name: 'Alpha Jobs' },
        { id: a.sites[1].id, name: 'Alpha Second' },
      ],
      jobs_count: 2,
      created_at: '2030-01-03T12:00:00.000Z',
    });
    expect(body.data[0]).toMatchObject({ phone: '+44 20 1', jobs_count: 0, sites: [{ id: a.sites[0].id, name: 'Alpha Jobs' }] });
    expect(body.data[0].photo).toMatch(new RegExp(`^/portal/v1/files/${annaPhoto}\\?expires=\\d+&signature=[\\w-]+$`));
    expect(body.data[2]).toMatchObject({ enabled: false, jobs_count: 0 });
  });

  it('lists only the consultants of the selected site, with their jobs there', async () => {
    const body = (await site2.get('/v1/consultants')).json();
    expect(ids(body)).toEqual([c.ben.id, c.dan.id]);
    expect(body.data.map((r: { jobs_count: number }) => r.jobs_count)).toEqual([1, 0]);
    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(b));
    expect(ids((await beta.get('/v1/consultants')).json())).toEqual([c.beta.id]);
  });

  it('pages', async () => {
    const p2 = (await admin.get('/v1/consultants', { per_page: '2', page: '2' })).json();
    expect(ids(p2)).toEqual([c.carla.id]);
    expect(p2.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    const p3 = (await admin.get('/v1/consultants', { per_page: '2', page: '3' })).json();
    expect(p3).toEqual({ data: [], meta: { page: 3, per_page: 2, total: 3 } });
    expect((await admin.get('/v1/consultants', { per_page: '101' })).statusCode).toBe(422);
    expect((await admin.get('/v1/consultants', { page: '0' })).statusCode).toBe(422);
  });

  it('sorts by name and by creation, either way', async () => {
    const sorted = async (sort: string) => ids((await admin.get('/v1/consultants', { sort })).json());
    expect(await sorted('name')).toEqual([c.anna.id, c.ben.id, c.carla.id]);
    expect(await sorted('-name')).toEqual([c.carla.id, c.ben.id, c.anna.id]);
    expect(await sorted('created_at')).toEqual([c.anna.id, c.carla.id, c.ben.id]);
    expect(await sorted('-created_at')).toEqual([c.ben.id, c.carla.id, c.anna.id]);
    const bad = await admin.get('/v1/consultants', { sort: 'email' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort: [messages.invalid] });
  });

  it('searches name, email and title, case-insensitively and literally', async () => {
    const found = async (q: string) => ids((await admin.get('/v1/consultants', { q })).json());
    expect(await found('recruit')).toEqual([c.anna.id, c.ben.id]);
    expect(await found('ACME.test')).toEqual([c.anna.id]);
    expect(await found('talent')).toEqual([c.carla.id]);
    expect(await found('bRoWn')).toEqual([c.ben.id]);
    expect(await found('  ')).toEqual([c.anna.id, c.ben.id, c.carla.id]);
    expect(await found('%')).toEqual([]);
    expect(await found('Dan')).toEqual([]);
    expect((await admin.get('/v1/consultants', { q: 'recruit', per_page: '1' })).json().meta.total).toBe(2);
  });

  it('filters on enabled', async () => {
    expect(ids((await admin.get('/v1/consultants', { enabled: 'false' })).json())).toEqual([c.carla.id]);
    expect(ids((await admin.get('/v1/consultants', { enabled: 'true' })).json())).toEqual([c.anna.id, c.ben.id]);
    expect((await admin.get('/v1/consultants', { enabled: 'yes' })).statusCode).toBe(422);
  });

  it('needs a selected site', async () => {
    const accountOnly = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id } as never);
    const res = await accountOnly.get('/v1/consultants');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(coded({ message: messages.notFound }));
  });
});

describe('GET /v1/consultants as CSV', () => {
  const csv = (query: Record<string, string> = {}, who: Client = admin) => who.get('/v1/consultants', query, { accept: 'text/csv' });

  it('exports every page of the filtered, sorted list as a file', async () => {
    const res = await csv({ per_page: '1', sort: '-name' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="consultants-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFID,Name,Email,Phone,Title,Enabled,Sites,Jobs,Created (UTC)',
      `${c.carla.id},Carla Cruz,,,Head of Talent,no,Alpha Jobs,0,2030-01-02 12:00:00`,
      `${c.ben.id},Ben Brown,ben@example.test,,Recruiter,yes,Alpha Jobs; Alpha Second,2,2030-01-03 12:00:00`,
      `${c.anna.id},Anna Adams,anna@acme.test,'+44 20 1,Senior Recruiter,yes,Alpha Jobs,0,2030-01-01 12:00:00`,
      '',
    ]);
    const filtered = await csv({ enabled: 'false' });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('neutralises formulas and quotes what needs it', async () => {
    const tricky = await addConsultantOn(t, b, { name: '=HYPERLINK("x")', title: 'Lead, "Ops"' });
    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(b));
    const res = await csv({ q: 'HYPERLINK' }, beta);
    const created = tricky.createdAt.toISOString().replace('T', ' ').slice(0, 19);
    expect(res.body.split('\r\n')[1]).toBe(`${tricky.id},"'=HYPERLINK(""x"")",,,"Lead, ""Ops""",yes,Beta Jobs,0,${created}`);
  });

  it('needs consultants.export besides view', async () => {
    const viewer = client(t, (await userWith(t, a, ['consultants.view'])).token, site1(a));
    expect((await viewer.get('/v1/consultants')).statusCode).toBe(200);
    const res = await csv({}, viewer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(coded({ message: messages.unauthorized }));
    const exporter = client(t, (await userWith(t, a, ['consultants.view', 'consultants.export'])).token, site1(a));
    expect((await csv({}, exporter)).statusCode).toBe(200);
  });
});
