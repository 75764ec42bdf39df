import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs, jobStatusHistory } from '../../db/schema/jobs';
import { seekers } from '../../db/schema/seekers';
import { verifyFileSignature } from '../../platform/files';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addConsultant, addFile, addProduct, completeJob } from '../../test/jobs';
import { client, employer1, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let productA: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  productA = (await addProduct(t, a)).id;
});
afterAll(() => t.close());

const invalidShape = (errors: Record<string, string[]>) => coded({ message: messages.givenDataInvalid, errors });

describe('POST /v1/jobs (create a draft)', () => {
  it('creates a draft with every field, sanitised description, questions and a first history row', async () => {
    const consultant = await addConsultant(t, a);
    const banner = await addFile(t, a);
    const res = await admin.post('/v1/jobs', {
      ...completeJob(a, productA),
      reference_number: ' REF-1 ',
      consultant_id: consultant.id,
      banner_file_id: banner,
      description: '<p onclick="x()">Hello <script>alert(1)</script><b>world</b></p>',
      tags: ['Night', 'night', 'Forklift'],
      key_selling_points: ['Free parking'],
      links: [{ label: 'Company', url: 'https://example.test' }],
      pay_min_cents: 2000,
      pay_max_cents: 3000,
      screening_questions: [
        { type: 'yes_no', label: 'Do you hold a forklift licence?', required: true, knockout_answers: ['no'] },
        { type: 'single_choice', label: 'Shift?', options: ['Day', 'Night'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json();
    expect(job).toMatchObject({
      status: 'draft',
      title: 'Forklift Driver',
      reference_number: 'REF-1',
      employer: { id: a.employers[0].id, name: 'Alpha Employer 1', credit_balance: 0 },
      consultant: { id: consultant.id, name: consultant.name },
      product: { id: productA, duration_days: 30, featured: false },
      description: '<p>Hello <strong>world</strong></p>',
      tags: ['night', 'forklift'],
      currency: 'USD',
      apply_type: 'internal',
      applications_count: 0,
      flagged: false,
      advert_start_at: null,
      posted_at: null,
      cloned_from_id: null,
    });
    expect(job.banner.id).toBe(banner);
    const url = new URL(job.banner.url, 'http://x');
    expect(url.pathname).toBe(`/portal/v1/files/${banner}`);
    expect(verifyFileSignature(t.deps.config.appSecret, banner, Number(url.searchParams.get('expires')), url.searchParams.get('signature')!)).toBe(true);
    expect(job.screening_questions).toMatchObject([
      { position: 0, type: 'yes_no', required: true, knockout_answers: ['no'], options: [] },
      { position: 1, type: 'single_choice', required: false, options: ['Day', 'Night'], knockout_answers: null },
    ]);
    expect(job.status_history).toEqual([{ from: null, to: 'draft', at: expect.any(String), by: { id: a.users.accountAdmin.id, name: expect.any(String) }, reason: null }]);
    expect(job.allowed_actions).toEqual(['edit', 'post', 'delete', 'clone']);
    const [row] = await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.descriptionText).toBe('Hello world');
    expect(row!.createdByUserId).toBe(a.users.accountAdmin.id);
  });

  it('answers 422 with field messages for missing and malformed fields', async () => {
    const res = await admin.post('/v1/jobs', { description: 'x', application_url: 'ftp://x', screening_questions: [{ type: 'single_choice', label: 'Q' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(
      invalidShape({
        title: [messages.required],
        employer_id: [messages.required],
        application_url: [messages.invalid],
        'screening_questions.0.options': ['Add at least two options.'],
      }),
    );
    const ranges = await admin.post('/v1/jobs', { title: 'X', employer_id: a.employers[0].id, pay_min_cents: 5, pay_max_cents: 1 });
    expect(ranges.json()).toEqual(invalidShape({ pay_max_cents: ['The maximum must be at least the minimum.'] }));
  });

  it("refuses ids of another tenant's or site's employer, consultant, product and banner as 422 on that field", async () => {
    const foreign = {
      consultant_id: (await addConsultant(t, b)).id,
      product_id: (await addProduct(t, b)).id,
      banner_file_id: await addFile(t, b),
    };
    const res = await admin.post('/v1/jobs', { title: 'X', employer_id: b.employers[0].id, ...foreign });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalidShape({ employer_id: [messages.invalid], consultant_id: [messages.invalid], product_id: [messages.invalid], banner_file_id: [messages.invalid] }));

    // Same account, other site; a logo is not a banner; a disabled product is not offered.
    const otherSite = await admin.post('/v1/jobs', {
      title: 'X',
      employer_id: a.employers[1].id,
      consultant_id: (await addConsultant(t, a, { site: 1 })).id,
      product_id: (await addProduct(t, a, { site: 1 })).id,
      banner_file_id: await addFile(t, a, 'logo'),
    });
    expect(otherSite.json().errors).toEqual({ employer_id: [messages.invalid], consultant_id: [messages.invalid], product_id: [messages.invalid], banner_file_id: [messages.invalid] });
    const disabled = await admin.post('/v1/jobs', { title: 'X', employer_id: a.employers[0].id, product_id: (await addProduct(t, a, { enabled: false })).id });
    expect(disabled.json().errors).toEqual({ product_id: [messages.invalid] });
    expect(await t.deps.db.select().from(jobs).where(eq(jobs.title, 'X'))).toEqual([]);
  });

  it("lets an employer user create only for their own employer", async () => {
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const own = await employer.post('/v1/jobs', { title: 'Own', employer_id: a.employers[0].id });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().allowed_actions).toEqual(['edit', 'post', 'delete', 'clone']);
    const northwind = await t.deps.db.insert(employers).values({ accountId: a.account.id, siteId: a.sites[0].id, businessName: 'Northwind' }).returning();
    const other = await employer.post('/v1/jobs', { title: 'Other', employer_id: northwind[0]!.id });
    expect(other.json()).toEqual(invalidShape({ employer_id: [messages.invalid] }));
  });

  it('needs jobs.create and a selected site', async () => {
    const viewer = await userWith(t, a, ['jobs.view']);
    expect((await client(t, viewer.token, site1(a)).post('/v1/jobs', { title: 'X', employer_id: a.employers[0].id })).statusCode).toBe(403);
    const noSite = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id } as never);
    expect((await noSite.post('/v1/jobs', { title: 'X', employer_id: a.employers[0].id })).statusCode).toBe(404);
  });
});

async function draft(extra: Record<string, unknown> = {}) {
  const res = await admin.post('/v1/jobs', { ...completeJob(a, productA), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
}

describe('GET /v1/jobs/:uuid/detail and scope', () => {
  it("is 404 for another site's, another tenant's or an unknown job, and for a stranger to the tenant", async () => {
    const job = await draft();
    const otherSite = client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id, siteId: a.sites[1].id });
    expect((await otherSite.get(`/v1/jobs/${job.id}/detail`)).json()).toEqual(coded({ message: messages.notFound }));
    const beta = client(t, await login(t.app, b.users.accountAdmin.email), site1(b));
    expect((await beta.get(`/v1/jobs/${job.id}/detail`)).statusCode).toBe(404);
    expect((await beta.patch(`/v1/jobs/${job.id}`, { title: 'Hacked' })).statusCode).toBe(404);
    expect((await beta.del(`/v1/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/v1/jobs/${crypto.randomUUID()}/detail`)).statusCode).toBe(404);
    expect((await admin.get('/v1/jobs/not-a-uuid/detail')).statusCode).toBe(422);
    const stranger = client(t, await login(t.app, b.users.accountAdmin.email), site1(a));
    expect((await stranger.get(`/v1/jobs/${job.id}/detail`)).statusCode).toBe(404);
  });

  it("shows an employer user their employer's jobs only", async () => {
    const [northwind] = await t.deps.db.insert(employers).values({ accountId: a.account.id, siteId: a.sites[0].id, businessName: 'Northwind 2' }).returning();
    const theirs = await draft({ employer_id: northwind!.id });
    const mine = await draft();
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await employer.get(`/v1/jobs/${mine.id}/detail`)).statusCode).toBe(200);
    expect((await employer.get(`/v1/jobs/${theirs.id}/detail`)).statusCode).toBe(404);
    const listed = (await employer.get('/v1/jobs', { per_page: '100' })).json().data.map((j: { id: string }) => j.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
  });

  it('lists only the actions the caller may take', async () => {
    const job = await draft();
    const consultant = await userWith(t, a, ['jobs.view', 'jobs.update']);
    expect((await client(t, consultant.token, site1(a)).get(`/v1/jobs/${job.id}/detail`)).json().allowed_actions).toEqual(['edit']);
  });
});

describe('PATCH /v1/jobs/:uuid', () => {
  it('changes the given fields only, replaces the questions when given and re-checks ranges against what is stored', async () => {
    const job = await draft({ pay_min_cents: 1000, screening_questions: [{ type: 'text', label: 'Why?' }] });
    const res = await admin.patch(`/v1/jobs/${job.id}`, { location: 'Leeds', description: '<a href="javascript:alert(1)">x</a> ok', screening_questions: [{ type: 'number', label: 'Years?' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ location: 'Leeds', title: 'Forklift Driver', pay_min_cents: 1000, description: '<a rel="noopener noreferrer nofollow">x</a> ok' });
    expect(res.json().screening_questions).toMatchObject([{ type: 'number', label: 'Years?', position: 0 }]);

    const bad = await admin.patch(`/v1/jobs/${job.id}`, { pay_max_cents: 500, advert_start_at: '2030-02-01T00:00:00Z' });
    expect(bad.json()).toEqual(invalidShape({ pay_max_cents: ['The maximum must be at least the minimum.'] }));
    const dates = await admin.patch(`/v1/jobs/${job.id}`, { advert_end_at: '2020-01-01T00:00:00Z' });
    expect(dates.statusCode).toBe(200);
    expect((await admin.patch(`/v1/jobs/${job.id}`, { advert_start_at: '2021-01-01T00:00:00Z' })).json().errors).toEqual({ advert_end_at: ['The end date must be after the start date.'] });
    expect((await admin.patch(`/v1/jobs/${job.id}`, { bogus: 1 })).json().errors).toEqual({ bogus: ['This field is not allowed.'] });
  });

  it('refuses edits of expired and rejected jobs (409) and keeps employer and product once posted', async () => {
    const expired = await draft();
    await t.deps.db.update(jobs).set({ status: 'expired' }).where(eq(jobs.id, expired.id));
    const refused = await admin.patch(`/v1/jobs/${expired.id}`, { title: 'New' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(coded({ message: messages.conflict }));
    await t.deps.db.update(jobs).set({ status: 'rejected' }).where(eq(jobs.id, expired.id));
    expect((await admin.patch(`/v1/jobs/${expired.id}`, { title: 'New' })).statusCode).toBe(409);
    expect((await admin.get(`/v1/jobs/${expired.id}/detail`)).json().title).toBe('Forklift Driver');

    const live = await draft();
    await t.deps.db.update(jobs).set({ status: 'live' }).where(eq(jobs.id, live.id));
    const moved = await admin.patch(`/v1/jobs/${live.id}`, { employer_id: a.employers[1].id, product_id: (await addProduct(t, a)).id, description: '<p> </p>' });
    expect(moved.json().errors).toEqual({
      employer_id: ['The employer cannot be changed once the job is posted.'],
      product_id: ['The product cannot be changed once the job is posted.'],
      description: [messages.required],
    });
    // Sending the same employer back is not a change.
    expect((await admin.patch(`/v1/jobs/${live.id}`, { employer_id: a.employers[0].id, title: 'Renamed' })).json().title).toBe('Renamed');
  });

  it('moves a draft to another employer of the site', async () => {
    const [other] = await t.deps.db.insert(employers).values({ accountId: a.account.id, siteId: a.sites[0].id, businessName: 'Contoso' }).returning();
    const job = await draft();
    const res = await admin.patch(`/v1/jobs/${job.id}`, { employer_id: other!.id });
    expect(res.json().employer).toMatchObject({ id: other!.id, name: 'Contoso' });
  });
});

describe('tags, applications, statuses, delete', () => {
  it('reads and replaces tags, lower-cased without duplicates', async () => {
    const job = await draft({ tags: ['a'] });
    expect((await admin.get(`/v1/jobs/${job.id}/tags`)).json()).toEqual({ tags: ['a'] });
    const put = await admin.put(`/v1/jobs/${job.id}/tags`, { tags: ['Urgent', 'urgent', ' Remote '] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ tags: ['urgent', 'remote'] });
    expect((await admin.get(`/v1/jobs/${job.id}/detail`)).json().tags).toEqual(['urgent', 'remote']);
    expect((await admin.put(`/v1/jobs/${job.id}/tags`, { tags: [''] })).statusCode).toBe(422);
  });

  it('counts applications per status, zeros included, and deletes them with the job', async () => {
    const job = await draft();
    const db = t.deps.db;
    const people = await db
      .insert(seekers)
      .values([1, 2, 3].map((i) => ({ accountId: a.account.id, email: `p${i}.${job.id}@example.test`, name: `P${i}` })))
      .returning();
    await db.insert(applications).values(
      people.map((p, i) => ({
        accountId: a.account.id,
        siteId: a.sites[0].id,
        jobId: job.id,
        employerId: a.employers[0].id,
        seekerId: p.id,
        candidateName: p.name,
        candidateEmail: p.email,
        jobTitle: 'Forklift Driver',
        status: i === 0 ? ('shortlisted' as const) : ('new' as const),
      })),
    );
    const res = await admin.get(`/v1/jobs/${job.id}/applications`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(3);
    expect(res.json().by_status).toHaveLength(10);
    expect(res.json().by_status).toContainEqual({ status: 'new', count: 2 });
    expect(res.json().by_status).toContainEqual({ status: 'withdrawn', count: 0 });
    expect((await admin.get(`/v1/jobs/${job.id}/detail`)).json().applications_count).toBe(3);

    const del = await admin.del(`/v1/jobs/${job.id}`);
    expect(del.statusCode).toBe(204);
    expect(await db.select().from(applications).where(eq(applications.jobId, job.id))).toEqual([]);
    expect(await db.select().from(jobStatusHistory).where(eq(jobStatusHistory.jobId, job.id))).toEqual([]);
    expect((await admin.get(`/v1/jobs/${job.id}/detail`)).statusCode).toBe(404);
    expect((await admin.del(`/v1/jobs/${job.id}`)).statusCode).toBe(404);
  });

  it('lists the six statuses in lifecycle order', async () => {
    const res = await admin.get('/v1/job-statuses');
    expect(res.json()).toEqual([
      { value: 'draft', label: 'Draft' },
      { value: 'pending', label: 'On hold' },
      { value: 'live', label: 'Live' },
      { value: 'unlisted', label: 'Unlisted' },
      { value: 'expired', label: 'Expired' },
      { value: 'rejected', label: 'Rejected' },
    ]);
  });

  it('routes /jobs/on-hold and /jobs/bulk to their own handlers, not to a job id', async () => {
    expect((await admin.get('/v1/jobs/on-hold')).statusCode).toBe(200);
    const bulk = await admin.post('/v1/jobs/bulk', { action: 'expire', ids: [crypto.randomUUID()] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().results[0]).toMatchObject({ ok: false, message: messages.notFound });
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/portal/docs/json' })).json();
    expect(doc.paths['/portal/v1/jobs/{uuid}/post'].post.responses['402']).toBeDefined();
    expect(doc.paths['/portal/v1/jobs'].get.parameters.map((p: { name: string }) => p.name)).toContain('tags');
  });
});
