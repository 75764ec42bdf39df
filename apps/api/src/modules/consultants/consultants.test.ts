import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { consultants } from '../../db/schema/consultants';
import { jobs } from '../../db/schema/jobs';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addApplication, addSeeker } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { client, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { addConsultantOn, addImage, auditOf, consultantRow, siteIdsOf } from './consultants.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let site2: Client;
let adminB: Client;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  const token = await login(t.app, a.users.accountAdmin.email);
  admin = client(t, token, site1(a));
  site2 = client(t, token, { accountId: a.account.id, siteId: a.sites[1].id });
  adminB = client(t, await login(t.app, b.users.accountAdmin.email), site1(b));
});
afterAll(() => t.close());

const jobRow = async (id: string) => (await t.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0] ?? null;
const named = (name: string) => t.deps.db.select().from(consultants).where(eq(consultants.name, name));

// A real 1×1 PNG: the upload sniffs types from bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Uploads a photo the way the portal does (`POST /v1/forms/upload-file`, purpose avatar) and answers its id. */
async function uploadPhoto(token: string, tenant: Tenant) {
  const boundary = '----hireline' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\navatar\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await call(t.app, { token, ...site1(tenant) }, {
    method: 'POST',
    url: '/portal/v1/forms/upload-file',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('POST /v1/consultants', () => {
  it('creates a consultant on the given sites, with an uploaded photo, and audits it', async () => {
    const photo = await uploadPhoto(await login(t.app, a.users.accountAdmin.email), a);
    const res = await admin.post('/v1/consultants', {
      name: ' Zoe Zimmer ',
      email: ' Zoe@Acme.TEST ',
      phone: '+61 2 9999',
      title: 'Talent Partner',
      photo_file_id: photo,
      site_ids: [a.sites[1].id, a.sites[0].id, a.sites[0].id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Zoe Zimmer',
      email: 'zoe@acme.test',
      phone: '+61 2 9999',
      title: 'Talent Partner',
      photo: expect.stringMatching(new RegExp(`^/portal/v1/files/${photo}\\?`)),
      photo_file_id: photo,
      user_id: null,
      enabled: true,
      sites: [
        { id: a.sites[0].id, name: 'Alpha Jobs' },
        { id: a.sites[1].id, name: 'Alpha Second' },
      ],
      jobs_count: 0,
      applications_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      allowed_actions: ['update', 'disable', 'delete', 'assign_jobs'],
    });
    // The photo's URL serves the image to an <img> without a token.
    const image = await t.app.inject({ method: 'GET', url: body.photo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const row = await consultantRow(t, body.id);
    expect(row).toMatchObject({ accountId: a.account.id, email: 'zoe@acme.test', photoFileId: photo, enabled: true });
    expect(await siteIdsOf(t, body.id)).toEqual([a.sites[0].id, a.sites[1].id].sort());
    const log = await auditOf(t, body.id);
    expect(log.map((e) => [e.action, e.actorUserId, e.accountId])).toEqual([['consultant.create', a.users.accountAdmin.id, a.account.id]]);
    expect((log[0]!.data as { site_ids: string[] }).site_ids.sort()).toEqual([a.sites[0].id, a.sites[1].id].sort());
    // Listed on both sites.
    expect((await admin.get('/v1/consultants', { q: 'Zimmer' })).json().meta.total).toBe(1);
    expect((await site2.get('/v1/consultants', { q: 'Zimmer' })).json().meta.total).toBe(1);
  });

  it('needs only a name and a site; empty optional fields are stored as null', async () => {
    const res = await admin.post('/v1/consultants', { name: 'Min Imal', email: '', phone: '  ', title: null, site_ids: [a.sites[0].id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Min Imal', email: null, phone: null, title: null, photo: null, photo_file_id: null });
  });

  it('refuses a missing or too long name, a bad email, and missing or empty sites', async () => {
    const invalid = async (body: object) => {
      const res = await admin.post('/v1/consultants', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(messages.givenDataInvalid);
      return res.json().errors;
    };
    const site_ids = [a.sites[0].id];
    expect(await invalid({ site_ids })).toEqual({ name: [messages.required] });
    expect(await invalid({ name: '   ', site_ids })).toEqual({ name: [messages.required] });
    expect(await invalid({ name: 'x'.repeat(121), site_ids })).toEqual({ name: ['This value may not be greater than 120 characters.'] });
    expect(await invalid({ name: 'Bad Email', email: 'not-an-email', site_ids })).toEqual({ email: [messages.invalid] });
    expect(await invalid({ name: 'No Sites' })).toEqual({ site_ids: [messages.required] });
    expect(await invalid({ name: 'No Sites', site_ids: [] })).toEqual({ site_ids: [messages.required] });
    expect(await invalid({ name: 'Bad Site', site_ids: ['nope'] })).toEqual({ 'site_ids.0': [messages.invalid] });
    expect(await invalid({ name: 'Extra', site_ids, user_id: a.users.noRole.id })).toEqual({ user_id: ['This field is not allowed.'] });
    expect(await named('x'.repeat(121))).toEqual([]);
  });

  it("refuses a site of another account, without saying it exists", async () => {
    const res = await admin.post('/v1/consultants', { name: 'Cross Site', site_ids: [a.sites[0].id, b.sites[0].id] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { site_ids: [messages.invalid] } }));
    const unknown = await admin.post('/v1/consultants', { name: 'Cross Site', site_ids: [crypto.randomUUID()] });
    expect(unknown.json()).toEqual(res.json());
    expect(await named('Cross Site')).toEqual([]);
  });

  it("refuses an email another consultant of the account has, in any case; another account's does not count", async () => {
    await addConsultantOn(t, a, { name: 'Owner', email: 'Taken@Example.test', sites: [1] });
    const res = await admin.post('/v1/consultants', { name: 'Second Taker', email: 'taken@EXAMPLE.test', site_ids: [a.sites[0].id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [messages.consultantEmailTaken] });
    expect(await named('Second Taker')).toEqual([]);
    const elsewhere = await adminB.post('/v1/consultants', { name: 'Beta Taker', email: 'taken@example.test', site_ids: [b.sites[0].id] });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it("refuses a photo that is not an uploaded photo of the account", async () => {
    const site_ids = [a.sites[0].id];
    for (const photo_file_id of [await addImage(t, a, 'banner'), await addImage(t, b), crypto.randomUUID()]) {
      const res = await admin.post('/v1/consultants', { name: 'Photo Person', photo_file_id, site_ids });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ photo_file_id: [messages.invalid] });
    }
    expect(await named('Photo Person')).toEqual([]);
  });

  it('reports every field at once', async () => {
    await addConsultantOn(t, a, { email: 'both@example.test' });
    const res = await admin.post('/v1/consultants', {
      name: 'All Wrong',
      email: 'both@example.test',
      photo_file_id: crypto.randomUUID(),
      site_ids: [b.sites[1].id],
    });
    expect(res.json().errors).toEqual({
      site_ids: [messages.invalid],
      photo_file_id: [messages.invalid],
      email: [messages.consultantEmailTaken],
    });
  });
});

describe('GET /v1/consultants/:uuid', () => {
  it('shows the consultant with their jobs and applications on the selected site, as the filtered lists count them', async () => {
    const c = await addConsultantOn(t, a, { name: 'Counted', email: 'counted@example.test', sites: [0, 1] });
    const j1 = await addLiveJob(t, a, { consultantId: c.id });
    const j2 = await addLiveJob(t, a, { consultantId: c.id });
    const j3 = await addLiveJob(t, a, { consultantId: c.id, site: 1 });
    await addLiveJob(t, a);
    const seeker = await addSeeker(t, a);
    await addApplication(t, j1, seeker);
    await addApplication(t, j1, await addSeeker(t, a));
    await addApplication(t, j2, seeker, { enabled: false });
    await addApplication(t, j3, seeker);
    const res = await admin.get(`/v1/consultants/${c.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name: 'Counted', jobs_count: 2, applications_count: 3, user_id: null });
    // The existing lists' consultant filters read the same jobs and applications.
    expect((await admin.get('/v1/jobs', { consultant_id: c.id })).json().meta.total).toBe(2);
    expect((await admin.get('/v1/applications', { consultant_id: c.id })).json().meta.total).toBe(3);
    expect((await site2.get(`/v1/consultants/${c.id}`)).json()).toMatchObject({ jobs_count: 1, applications_count: 1 });
    expect((await site2.get('/v1/applications', { consultant_id: c.id })).json().meta.total).toBe(1);
  });

  it('is 404 for a consultant of another account, one not working on the selected site, or an unknown id', async () => {
    const foreign = await addConsultantOn(t, b, { name: 'Foreign' });
    const elsewhere = await addConsultantOn(t, a, { name: 'Elsewhere', sites: [1] });
    const nowhere = await addConsultantOn(t, a, { name: 'Nowhere', sites: [] });
    for (const id of [foreign.id, elsewhere.id, nowhere.id, crypto.randomUUID()]) {
      const res = await admin.get(`/v1/consultants/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.notFound }));
    }
    expect((await site2.get(`/v1/consultants/${elsewhere.id}`)).statusCode).toBe(200);
    expect((await admin.get('/v1/consultants/nope')).statusCode).toBe(422);
  });
});

describe('PATCH /v1/consultants/:uuid', () => {
  it('changes only the fields sent, keeps the link to a portal login, and audits the change', async () => {
    const userId = a.users.noRole.id;
    const c = await addConsultantOn(t, a, { name: 'Pat Old', email: 'pat@example.test', phone: '123', title: 'Recruiter', userId });
    const res = await admin.patch(`/v1/consultants/${c.id}`, { title: 'Lead Recruiter', phone: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Pat Old', email: 'pat@example.test', phone: null, title: 'Lead Recruiter', user_id: userId });
    expect(await consultantRow(t, c.id)).toMatchObject({ name: 'Pat Old', title: 'Lead Recruiter', phone: null, userId });
    const log = await auditOf(t, c.id);
    expect(log.map((e) => [e.action, e.actorUserId])).toEqual([['consultant.update', a.users.accountAdmin.id]]);
    expect(log[0]!.data).toEqual({ fields: ['phone', 'title'] });
    // Sending what is already there changes nothing and logs nothing.
    expect((await admin.patch(`/v1/consultants/${c.id}`, { title: 'Lead Recruiter', email: 'PAT@example.test' })).statusCode).toBe(200);
    expect(await auditOf(t, c.id)).toHaveLength(1);
  });

  it('replaces the sites, never with none', async () => {
    const c = await addConsultantOn(t, a, { name: 'Mover', sites: [0] });
    const res = await admin.patch(`/v1/consultants/${c.id}`, { site_ids: [a.sites[1].id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sites).toEqual([{ id: a.sites[1].id, name: 'Alpha Second' }]);
    expect(await siteIdsOf(t, c.id)).toEqual([a.sites[1].id]);
    expect((await auditOf(t, c.id))[0]!.data).toEqual({ fields: [], site_ids: [a.sites[1].id], previous_site_ids: [a.sites[0].id] });
    // No longer on site 1: not found there, found on site 2.
    expect((await admin.get(`/v1/consultants/${c.id}`)).statusCode).toBe(404);
    expect((await site2.get(`/v1/consultants/${c.id}`)).statusCode).toBe(200);

    const empty = await site2.patch(`/v1/consultants/${c.id}`, { site_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ site_ids: [messages.required] });
    const foreign = await site2.patch(`/v1/consultants/${c.id}`, { site_ids: [a.sites[1].id, b.sites[0].id] });
    expect(foreign.json().errors).toEqual({ site_ids: [messages.invalid] });
    expect(await siteIdsOf(t, c.id)).toEqual([a.sites[1].id]);
  });

  it("validates like create: name, email (another consultant's is taken, their own is not) and photo", async () => {
    await addConsultantOn(t, a, { email: 'other@example.test' });
    const c = await addConsultantOn(t, a, { name: 'Edited', email: 'edited@example.test' });
    const patch = (body: object) => admin.patch(`/v1/consultants/${c.id}`, body);
    expect((await patch({ name: '' })).json().errors).toEqual({ name: [messages.required] });
    expect((await patch({ name: null })).statusCode).toBe(422);
    expect((await patch({ email: 'nope' })).json().errors).toEqual({ email: [messages.invalid] });
    expect((await patch({ email: 'Other@example.test' })).json().errors).toEqual({ email: [messages.consultantEmailTaken] });
    expect((await patch({ photo_file_id: await addImage(t, b) })).json().errors).toEqual({ photo_file_id: [messages.invalid] });
    expect((await patch({ user_id: null })).json().errors).toEqual({ user_id: ['This field is not allowed.'] });
    expect(await consultantRow(t, c.id)).toMatchObject({ name: 'Edited', email: 'edited@example.test', photoFileId: null });
    expect(await auditOf(t, c.id)).toEqual([]);

    const photo = await addImage(t, a);
    const ok = await patch({ email: null, photo_file_id: photo });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email: null, photo_file_id: photo, photo: expect.stringContaining(photo) });
    const cleared = await patch({ photo_file_id: null });
    expect(cleared.json()).toMatchObject({ photo: null, photo_file_id: null });
  });

  it("is 404 for another account's consultant and for one not on the selected site, and changes nothing", async () => {
    const foreign = await addConsultantOn(t, b, { name: 'Foreign Patch' });
    const elsewhere = await addConsultantOn(t, a, { name: 'Elsewhere Patch', sites: [1] });
    for (const c of [foreign, elsewhere]) {
      expect((await admin.patch(`/v1/consultants/${c.id}`, { name: 'Hijacked', site_ids: [a.sites[0].id] })).statusCode).toBe(404);
      expect(await consultantRow(t, c.id)).toMatchObject({ name: c.name });
    }
    expect(await siteIdsOf(t, foreign.id)).toEqual([b.sites[0].id]);
  });
});

describe('enable and disable', () => {
  /** What the job form's consultant picker offers. */
  const picker = async () => {
    const res = await admin.get('/v1/site/lookups/consultants', { q: 'Toggle' });
    return (res.json() as Array<{ id: string }>).map((r) => r.id);
  };

  it('disabling takes the consultant out of the job form picker but not off their jobs; enabling brings them back', async () => {
    const c = await addConsultantOn(t, a, { name: 'Toggle Person' });
    const job = await addLiveJob(t, a, { consultantId: c.id });
    expect(await picker()).toEqual([c.id]);

    const off = await admin.post(`/v1/consultants/${c.id}/disable`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: c.id, enabled: false, jobs_count: 1 });
    expect((await consultantRow(t, c.id))!.enabled).toBe(false);
    expect(await picker()).toEqual([]);
    expect((await jobRow(job.id))!.consultantId).toBe(c.id);
    expect((await admin.get(`/v1/jobs/${job.id}/detail`)).json().consultant).toEqual({ id: c.id, name: 'Toggle Person' });
    // Still listed for staff, as disabled.
    expect((await admin.get('/v1/consultants', { q: 'Toggle', enabled: 'false' })).json().data.map((r: { id: string }) => r.id)).toEqual([c.id]);

    const on = await admin.post(`/v1/consultants/${c.id}/enable`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().enabled).toBe(true);
    expect(await picker()).toEqual([c.id]);
    expect((await auditOf(t, c.id)).map((e) => [e.action, e.actorUserId, e.accountId])).toEqual([
      ['consultant.disable', a.users.accountAdmin.id, a.account.id],
      ['consultant.enable', a.users.accountAdmin.id, a.account.id],
    ]);
  });

  it('repeating either changes nothing and logs nothing', async () => {
    const c = await addConsultantOn(t, a);
    expect((await admin.post(`/v1/consultants/${c.id}/enable`)).statusCode).toBe(200);
    expect(await auditOf(t, c.id)).toEqual([]);
    await admin.post(`/v1/consultants/${c.id}/disable`);
    expect((await admin.post(`/v1/consultants/${c.id}/disable`)).json().enabled).toBe(false);
    expect((await auditOf(t, c.id)).map((e) => e.action)).toEqual(['consultant.disable']);
  });

  it("is 404 for another account's consultant", async () => {
    const foreign = await addConsultantOn(t, b);
    expect((await admin.post(`/v1/consultants/${foreign.id}/disable`)).statusCode).toBe(404);
    expect((await consultantRow(t, foreign.id))!.enabled).toBe(true);
  });
});

describe('DELETE /v1/consultants/:uuid', () => {
  it('deletes the consultant and their sites; their jobs on every site stay, without a consultant', async () => {
    const c = await addConsultantOn(t, a, { name: 'Leaver', sites: [0, 1] });
    const [j1, j2] = [await addLiveJob(t, a, { consultantId: c.id }), await addLiveJob(t, a, { consultantId: c.id, site: 1 })];
    const res = await admin.del(`/v1/consultants/${c.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await consultantRow(t, c.id)).toBeNull();
    expect(await siteIdsOf(t, c.id)).toEqual([]);
    const left = await t.deps.db.select().from(jobs).where(inArray(jobs.id, [j1.id, j2.id]));
    expect(left.map((j) => j.consultantId)).toEqual([null, null]);
    expect((await admin.get(`/v1/jobs/${j1.id}/detail`)).json().consultant).toBeNull();
    const log = await auditOf(t, c.id);
    expect(log.map((e) => [e.action, e.actorUserId, e.accountId])).toEqual([['consultant.delete', a.users.accountAdmin.id, a.account.id]]);
    expect(log[0]!.data).toMatchObject({ name: 'Leaver', jobs: 2 });
    expect((await admin.get(`/v1/consultants/${c.id}`)).statusCode).toBe(404);
    expect((await admin.del(`/v1/consultants/${c.id}`)).statusCode).toBe(404);
  });

  it("is 404 for another account's consultant and for one not on the selected site", async () => {
    const foreign = await addConsultantOn(t, b);
    const elsewhere = await addConsultantOn(t, a, { sites: [1] });
    for (const c of [foreign, elsewhere]) {
      expect((await admin.del(`/v1/consultants/${c.id}`)).statusCode).toBe(404);
      expect(await consultantRow(t, c.id)).not.toBeNull();
      expect(await auditOf(t, c.id)).toEqual([]);
    }
  });
});

describe('POST /v1/consultants/:uuid/jobs', () => {
  it("assigns jobs of the selected site, replacing their consultant, and audits it", async () => {
    const c = await addConsultantOn(t, a, { name: 'Assignee' });
    const previous = await addConsultantOn(t, a);
    const [j1, j2] = [await addLiveJob(t, a), await addLiveJob(t, a, { consultantId: previous.id })];
    const untouched = await addLiveJob(t, a, { consultantId: previous.id });
    const res = await admin.post(`/v1/consultants/${c.id}/jobs`, { job_ids: [j1.id, j2.id, j1.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ assigned: 2 });
    expect((await jobRow(j1.id))!.consultantId).toBe(c.id);
    expect((await jobRow(j2.id))!.consultantId).toBe(c.id);
    expect((await jobRow(untouched.id))!.consultantId).toBe(previous.id);
    expect((await admin.get(`/v1/consultants/${c.id}`)).json().jobs_count).toBe(2);
    const log = await auditOf(t, c.id);
    expect(log.map((e) => [e.action, e.actorUserId])).toEqual([['consultant.assign_jobs', a.users.accountAdmin.id]]);
    expect(log[0]!.data).toEqual({ job_ids: [j1.id, j2.id] });
  });

  it("refuses the whole request when an id is not a job of the selected site, naming no other tenant's job", async () => {
    const c = await addConsultantOn(t, a, { sites: [0, 1] });
    const mine = await addLiveJob(t, a);
    const otherSite = await addLiveJob(t, a, { site: 1 });
    const otherAccount = await addLiveJob(t, b);
    const answers = [];
    for (const other of [otherSite.id, otherAccount.id, crypto.randomUUID()]) {
      const res = await admin.post(`/v1/consultants/${c.id}/jobs`, { job_ids: [mine.id, other] });
      expect(res.statusCode).toBe(422);
      answers.push(res.json());
    }
    expect(answers).toEqual(Array(3).fill(coded({ message: messages.givenDataInvalid, errors: { job_ids: [messages.invalid] } })));
    const rows = await t.deps.db.select().from(jobs).where(inArray(jobs.id, [mine.id, otherSite.id, otherAccount.id]));
    expect(rows.map((j) => j.consultantId)).toEqual([null, null, null]);
    expect(await auditOf(t, c.id)).toEqual([]);
  });

  it('validates the list', async () => {
    const c = await addConsultantOn(t, a);
    const errors = async (body: object) => (await admin.post(`/v1/consultants/${c.id}/jobs`, body)).json().errors;
    expect(await errors({})).toEqual({ job_ids: [messages.required] });
    expect(await errors({ job_ids: [] })).toEqual({ job_ids: [messages.required] });
    expect(await errors({ job_ids: ['nope'] })).toEqual({ 'job_ids.0': [messages.invalid] });
    expect(await errors({ job_ids: Array.from({ length: 201 }, () => crypto.randomUUID()) })).toEqual({ job_ids: ['At most 200 jobs.'] });
  });

  it("is 404 for another account's consultant or one not on the selected site, 409 for a disabled one", async () => {
    const job = await addLiveJob(t, a);
    const foreign = await addConsultantOn(t, b);
    const elsewhere = await addConsultantOn(t, a, { sites: [1] });
    for (const c of [foreign, elsewhere]) {
      const res = await admin.post(`/v1/consultants/${c.id}/jobs`, { job_ids: [job.id] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.notFound }));
    }
    const disabled = await addConsultantOn(t, a, { enabled: false });
    const res = await admin.post(`/v1/consultants/${disabled.id}/jobs`, { job_ids: [job.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(coded({ message: messages.conflict }));
    expect((await jobRow(job.id))!.consultantId).toBeNull();
  });

  it('needs jobs.update besides consultants.update: it edits jobs', async () => {
    const c = await addConsultantOn(t, a);
    const job = await addLiveJob(t, a);
    const consultantsOnly = client(t, (await userWith(t, a, ['consultants.all'])).token, site1(a));
    const res = await consultantsOnly.post(`/v1/consultants/${c.id}/jobs`, { job_ids: [job.id] });
    expect(res.statusCode).toBe(403);
    expect((await jobRow(job.id))!.consultantId).toBeNull();
    const both = client(t, (await userWith(t, a, ['consultants.update', 'jobs.update'])).token, site1(a));
    expect((await both.post(`/v1/consultants/${c.id}/jobs`, { job_ids: [job.id] })).json()).toEqual({ assigned: 1 });
  });
});
