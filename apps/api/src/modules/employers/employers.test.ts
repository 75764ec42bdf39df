import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addLiveJob } from '../../test/jobs';
import { client, employer1, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { employerMessages } from './employer-present';
import { addEmployer } from '../../test/employers';
import { auditOf } from '../../test/audit';

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

const fields = {
  type: 'business',
  business_name: 'Harbour Logistics',
  registration_number: 'HL-2201',
  industry: 'Logistics',
  website: 'https://harbour.example',
  size: '51-200',
  contact_name: 'Mia Chen',
  contact_email: 'Mia@Harbour.example',
  phone: '+61 2 5555 0101',
  address: { line1: '1 Quay St', city: 'Sydney', country: 'Australia' },
  about: 'Freight forwarding.',
};

describe('GET /v1/employer-types', () => {
  it('lists business and household with labels', async () => {
    const res = await manager.get('/v1/employer-types');
    expect(res.json()).toEqual([
      { value: 'business', label: 'Business' },
      { value: 'household', label: 'Household' },
    ]);
  });
});

describe('POST /v1/employers', () => {
  it('creates an active employer with every field, and audits it', async () => {
    const res = await manager.post('/v1/employers', fields);
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      business_name: 'Harbour Logistics',
      type: 'business',
      contact_email: 'mia@harbour.example',
      status: 'active',
      enabled: true,
      credit_balance: 0,
      jobs_count: 0,
      address: { line1: '1 Quay St', line2: null, city: 'Sydney', country: 'Australia' },
      allowed_actions: expect.arrayContaining(['update', 'disable', 'delete']),
    });
    expect(e.allowed_actions).not.toContain('approve');
    expect(e.allowed_actions).not.toContain('enable');
    expect((await auditOf(t, e.id)).map((r) => r.action)).toEqual(['employer.create']);
  });

  it('answers 422 with field messages for a missing name, a bad type, email and website, and a name in use', async () => {
    const res = await manager.post('/v1/employers', { type: 'charity', business_name: ' ', contact_email: 'nope', website: 'ftp://x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      type: [messages.invalid],
      business_name: [messages.required],
      contact_email: [messages.invalid],
      website: [messages.invalid],
    });
    await addEmployer(t, a, { name: 'Taken Pty' });
    const dup = await manager.post('/v1/employers', { type: 'household', business_name: 'taken pty' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.business_name).toEqual([employerMessages.nameTaken]);
  });

  it('refuses a logo that is not an uploaded logo of the account', async () => {
    const res = await manager.post('/v1/employers', { type: 'business', business_name: 'Logo Test', logo_file_id: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.logo_file_id).toEqual([messages.invalid]);
  });

  it('is refused to an employer user (their role cannot add employers) and to a user without the permission', async () => {
    const employerAdmin = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await employerAdmin.post('/v1/employers', { type: 'business', business_name: 'Nope' })).statusCode).toBe(403);
    const viewer = await userWith(t, a, ['employers.view']);
    expect((await client(t, viewer.token, site1(a)).post('/v1/employers', { type: 'business', business_name: 'Nope' })).statusCode).toBe(403);
  });
});

describe('GET /v1/employers', () => {
  it('pages, searches, filters and sorts the site’s employers with job counts', async () => {
    const older = await addEmployer(t, a, { name: 'Zephyr Cafe', createdAt: new Date('2020-01-01T00:00:00Z') });
    const pending = await addEmployer(t, a, { name: 'Quokka Farms', status: 'pending' });
    await addEmployer(t, a, { name: 'Other Site Co', site: 1 });
    await addLiveJob(t, a, { employerId: older.id });

    const search = await manager.get('/v1/employers', { q: 'zephyr' });
    expect(search.json().data).toMatchObject([{ id: older.id, jobs_count: 1 }]);

    const held = await manager.get('/v1/employers', { status: 'pending' });
    expect(held.json().data.map((e: { id: string }) => e.id)).toContain(pending.id);
    expect(held.json().data.every((e: { status: string }) => e.status === 'pending')).toBe(true);

    const all = await manager.get('/v1/employers', { sort: 'business_name', per_page: '100' });
    const names = all.json().data.map((e: { business_name: string }) => e.business_name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(names).not.toContain('Other Site Co');

    const paged = await manager.get('/v1/employers', { per_page: '2', page: '2', sort: 'created_at' });
    expect(paged.json().meta).toMatchObject({ page: 2, per_page: 2, total: all.json().meta.total });
    expect(paged.json().data).toHaveLength(2);

    const bad = await manager.get('/v1/employers', { sort: 'secret', status: 'gone' });
    expect(bad.statusCode).toBe(422);
  });

  it('shows an employer user only their own employer', async () => {
    const employerAdmin = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const res = await employerAdmin.get('/v1/employers');
    expect(res.json().data.map((e: { id: string }) => e.id)).toEqual([a.employers[0].id]);
  });

  it('exports the filtered list as CSV with formulas neutralised', async () => {
    await addEmployer(t, a, { name: '=HYPERLINK("x") Ltd' });
    const res = await manager.get('/v1/employers', { q: 'hyperlink' }, { accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="employers-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, row] = res.body.trim().split('\r\n');
    expect(header).toMatch(/^ID,Business name,Type,/);
    expect(row).toContain(`"'=HYPERLINK(""x"") Ltd"`);
  });
});

describe('GET and PATCH /v1/employers/:uuid', () => {
  it('reads and changes details; unchanged logo ids are not re-checked', async () => {
    const created = (await manager.post('/v1/employers', { type: 'business', business_name: 'Patch Me' })).json();
    const res = await manager.patch(`/v1/employers/${created.id}`, { industry: 'Retail', address: { city: 'Perth' }, website: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ industry: 'Retail', address: { city: 'Perth', line1: null }, website: null, business_name: 'Patch Me' });
    const read = await manager.get(`/v1/employers/${created.id}`);
    expect(read.json()).toMatchObject({ industry: 'Retail', jobs_count: 0, live_jobs_count: 0, applications_count: 0, users_count: 0 });
    const actions = (await auditOf(t, created.id)).map((r) => r.action);
    expect(actions).toEqual(['employer.create', 'employer.update']);
  });

  it('answers 404 for another site’s or tenant’s employer, and for a forged id', async () => {
    expect((await manager.get(`/v1/employers/${a.employers[1].id}`)).statusCode).toBe(404);
    expect((await admin.get(`/v1/employers/${b.employers[0].id}`)).statusCode).toBe(404);
    expect((await admin.patch(`/v1/employers/${b.employers[0].id}`, { industry: 'x' })).statusCode).toBe(404);
    const forged = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id, siteId: b.sites[0].id });
    expect((await forged.get(`/v1/employers/${b.employers[0].id}`)).statusCode).toBe(404);
  });

  it('lets an employer admin edit their own employer but not approve or delete it', async () => {
    const employerAdmin = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const res = await employerAdmin.patch(`/v1/employers/${a.employers[0].id}`, { about: 'We build boats.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().allowed_actions).toContain('update');
    expect(res.json().allowed_actions).not.toContain('approve');
    expect(res.json().allowed_actions).not.toContain('delete');
    expect((await employerAdmin.del(`/v1/employers/${a.employers[0].id}`)).statusCode).toBe(403);
  });
});
