import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlagReportStatus, JobStatus, RoleLevel } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { employers } from '../../db/schema/employers';
import { memberships, roles, users } from '../../db/schema/identity';
import { flaggedJobReports, jobFeedbacks, jobs, jobStatusHistory } from '../../db/schema/jobs';
import { auditLogs } from '../../db/schema/platform';
import { seekers } from '../../db/schema/seekers';
import { hashPassword } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type Caller, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** Where the dismiss and take-down happy paths change things, away from the fixtures the reads count. */
let c: Tenant;
const HOUR = 3_600_000;
const NOW = Date.now();
const ago = (hours: number) => new Date(NOW - hours * HOUR);

type Job = typeof jobs.$inferSelect;

async function addJob(tenant: Tenant, siteId: string, employerId: string, title: string, referenceNumber: string, status: JobStatus) {
  const [row] = await t.deps.db
    .insert(jobs)
    .values({ accountId: tenant.account.id, siteId, employerId, title, referenceNumber, status, createdAt: ago(200) })
    .returning();
  return row!;
}

/** A report on `job`, made `hours` ago; the job's cached count follows the open ones, as the board keeps it. */
async function report(
  job: Job,
  reason: string,
  hours: number,
  status: FlagReportStatus = 'open',
  extra: { additionalComments?: string; reporterEmail?: string } = {},
) {
  const [row] = await t.deps.db
    .insert(flaggedJobReports)
    .values({
      accountId: job.accountId,
      siteId: job.siteId,
      jobId: job.id,
      reason,
      status,
      createdAt: ago(hours),
      resolvedAt: status === 'open' ? null : ago(hours - 1),
      ...extra,
    })
    .returning();
  await t.deps.db
    .update(jobs)
    .set({ openReports: sql`(select count(*)::int from flagged_job_reports r where r.job_id = ${jobs.id} and r.status = 'open')` })
    .where(eq(jobs.id, job.id));
  return row!;
}

async function feedback(job: Job, rating: number, hours: number, seekerId: string | null, comment: string | null, employerRecommended: boolean | null = null) {
  await t.deps.db
    .insert(jobFeedbacks)
    .values({ accountId: job.accountId, siteId: job.siteId, jobId: job.id, seekerId, rating, comment, employerRecommended, createdAt: ago(hours) });
}

interface Fixture {
  northwind: string;
  forklift: Job;
  packer: Job;
  crane: Job;
  clerk: Job;
  old: Job;
  secondSite: Job;
  reports: { pay: string; scam: string; spam: string };
}

/**
 * Site 1: "Forklift Driver" (employer 1, live, two open reports and a dismissed one), "Night Packer" (employer 1,
 * unlisted, one open and a newer dismissed one), "Crane Operator 50%_off" (Northwind, live, one open), "Quiet Clerk" (no reports) and
 * "Old Case" (expired, an actioned report only). Site 2: "Second Site Driver" with an open report.
 * Feedback: four ratings on the forklift job (4, 5, 4, 2 → 3.75), two on the crane job (1, 2).
 */
async function fill(tenant: Tenant): Promise<Fixture> {
  const db = t.deps.db;
  const [s1, s2] = tenant.sites;
  const [e1, e2] = tenant.employers;
  const [northwind] = await db
    .insert(employers)
    .values({ accountId: tenant.account.id, siteId: s1.id, businessName: 'Northwind Logistics', status: 'active' })
    .returning();
  const forklift = await addJob(tenant, s1.id, e1.id, 'Forklift Driver', 'FD-100', 'live');
  const packer = await addJob(tenant, s1.id, e1.id, 'Night Packer', 'NP-7', 'unlisted');
  const crane = await addJob(tenant, s1.id, northwind!.id, 'Crane Operator 50%_off', 'CR-1', 'live');
  const clerk = await addJob(tenant, s1.id, e1.id, 'Quiet Clerk', 'QC-1', 'live');
  const old = await addJob(tenant, s1.id, e1.id, 'Old Case', 'OC-1', 'expired');
  const secondSite = await addJob(tenant, s2.id, e2.id, 'Second Site Driver', 'SD-1', 'live');

  const pay = await report(forklift, 'Misleading pay', 3, 'open', { reporterEmail: 'visitor@example.test' });
  const scam = await report(forklift, 'Scam', 26, 'open', { additionalComments: 'Asked for a fee' });
  const spam = await report(forklift, 'Spam', 10, 'dismissed'); // newer than an open one: open still come first
  await report(packer, 'Offensive', 48);
  await report(packer, 'Resolved lately', 2, 'dismissed'); // not open: neither its date nor its reason counts
  await report(crane, 'Duplicate', 5);
  await report(old, 'Scam', 100, 'actioned');
  await report(secondSite, 'Scam', 1);

  const seeker = async (name: string, erased = false) => {
    const [row] = await db
      .insert(seekers)
      .values({
        accountId: tenant.account.id,
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${tenant.account.slug}@example.test`,
        erasedAt: erased ? ago(10) : null,
      })
      .returning();
    return row!.id;
  };
  const tom = await seeker('Tom Wareing');
  const jane = await seeker('Jane Doe');
  const erin = await seeker('Erin Erased', true);
  await feedback(forklift, 4, 3, tom, 'Great', true);
  await feedback(forklift, 5, 24, jane, 'Clear advert', false);
  await feedback(forklift, 4, 48, null, null);
  await feedback(forklift, 2, 72, erin, 'Too far');
  await feedback(crane, 1, 10, null, 'Never heard back');
  await feedback(crane, 2, 11, null, null);

  const reload = async (j: Job) => (await db.select().from(jobs).where(eq(jobs.id, j.id)))[0]!;
  return {
    northwind: northwind!.id,
    forklift: await reload(forklift),
    packer: await reload(packer),
    crane: await reload(crane),
    clerk: await reload(clerk),
    old: await reload(old),
    secondSite: await reload(secondSite),
    reports: { pay: pay.id, scam: scam.id, spam: spam.id },
  };
}

/** A user of `tenant` on site 1 (and employer 1 at employer level) holding a default role or a custom one. */
async function member(tenant: Tenant, label: string, level: RoleLevel, role: { key: string } | { permissions: string[] }) {
  const db = t.deps.db;
  let roleId: string;
  if ('key' in role) {
    const [row] = await db.select().from(roles).where(and(eq(roles.accountId, tenant.account.id), eq(roles.key, role.key)));
    roleId = row!.id;
  } else {
    const [row] = await db
      .insert(roles)
      .values({ enterpriseId: tenant.enterpriseId, accountId: tenant.account.id, key: label, name: label, level, permissions: role.permissions })
      .returning();
    roleId = row!.id;
  }
  const [user] = await db
    .insert(users)
    .values({ enterpriseId: tenant.enterpriseId, email: `${label}.${tenant.account.slug}@example.test`, name: label, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await db.insert(memberships).values({
    userId: user!.id,
    enterpriseId: tenant.enterpriseId,
    scopeType: level,
    accountId: tenant.account.id,
    siteId: level === 'account' ? null : tenant.sites[0].id,
    employerId: level === 'employer' ? tenant.employers[0].id : null,
    roleId,
  });
  return { id: user!.id, token: await login(t.app, user!.email) };
}

let fa: Fixture;
let fb: Fixture;
const tokens = {} as Record<'manager' | 'admin' | 'employerAdmin' | 'consultant' | 'employerModerator' | 'employerUser' | 'betaAdmin' | 'cManager', string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  c = await createTenant(t.deps.db, { name: 'Gamma' });
  fa = await fill(a);
  fb = await fill(b);
  tokens.manager = await login(t.app, a.users.siteManager.email);
  tokens.admin = await login(t.app, a.users.accountAdmin.email);
  tokens.employerAdmin = await login(t.app, a.users.employerAdmin.email);
  tokens.betaAdmin = await login(t.app, b.users.accountAdmin.email);
  tokens.cManager = await login(t.app, c.users.siteManager.email);
  tokens.consultant = (await member(a, 'consultant', 'site', { key: 'consultant' })).token;
  tokens.employerUser = (await member(a, 'employer-user', 'employer', { key: 'employer_user' })).token;
  tokens.employerModerator = (await member(a, 'employer-moderator', 'employer', { permissions: ['flagged_jobs.all'] })).token;
});
afterAll(() => t.close());

const site1 = (tenant: Tenant) => ({ accountId: tenant.account.id, siteId: tenant.sites[0].id });
const site2 = (tenant: Tenant) => ({ accountId: tenant.account.id, siteId: tenant.sites[1].id });
const ownEmployer = (tenant: Tenant) => ({ ...site1(tenant), employerId: tenant.employers[0].id });

const get = (token: string, scope: Omit<Caller, 'token'>, url: string, query: Record<string, string> = {}) =>
  call(t.app, { token, ...scope }, { method: 'GET', url: `/portal/v1/site/${url}`, query });
const post = (token: string, scope: Omit<Caller, 'token'>, url: string, payload: unknown = {}) =>
  call(t.app, { token, ...scope }, { method: 'POST', url: `/portal/v1/site/${url}`, payload: payload as Record<string, unknown> });

const titles = (body: { data: Array<{ job: { title: string } }> }) => body.data.map((r) => r.job.title);

async function jobRow(id: string) {
  return (await t.deps.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
}
async function reportsOf(jobId: string) {
  return t.deps.db.select().from(flaggedJobReports).where(eq(flaggedJobReports.jobId, jobId)).orderBy(flaggedJobReports.createdAt);
}
async function historyOf(jobId: string) {
  return t.deps.db.select().from(jobStatusHistory).where(eq(jobStatusHistory.jobId, jobId));
}
async function auditOf(jobId: string) {
  return t.deps.db.select().from(auditLogs).where(eq(auditLogs.subjectId, jobId));
}
/** open_reports equals the open reports of the job: the invariant every resolution keeps. */
async function expectCountInStep(jobId: string) {
  const open = (await reportsOf(jobId)).filter((r) => r.status === 'open').length;
  expect((await jobRow(jobId)).openReports).toBe(open);
}

describe('GET /v1/site/flagged-jobs', () => {
  it('lists the site’s jobs with open reports, most recently reported first, with the newest open reason', async () => {
    const res = await get(tokens.manager, site1(a), 'flagged-jobs');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 3 });
    expect(body.data).toEqual([
      {
        job: {
          id: fa.forklift.id,
          title: 'Forklift Driver',
          reference_number: 'FD-100',
          status: 'live',
          employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
        },
        open_reports: 2,
        latest_report_at: ago(3).toISOString(),
        latest_reason: 'Misleading pay',
      },
      {
        job: {
          id: fa.crane.id,
          title: 'Crane Operator 50%_off',
          reference_number: 'CR-1',
          status: 'live',
          employer: { id: fa.northwind, name: 'Northwind Logistics' },
        },
        open_reports: 1,
        latest_report_at: ago(5).toISOString(),
        latest_reason: 'Duplicate',
      },
      {
        job: {
          id: fa.packer.id,
          title: 'Night Packer',
          reference_number: 'NP-7',
          status: 'unlisted',
          employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
        },
        open_reports: 1,
        latest_report_at: ago(48).toISOString(),
        latest_reason: 'Offensive',
      },
    ]);
  });

  it('pages', async () => {
    const first = (await get(tokens.manager, site1(a), 'flagged-jobs', { per_page: '2' })).json();
    expect(first.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    expect(titles(first)).toEqual(['Forklift Driver', 'Crane Operator 50%_off']);
    const second = (await get(tokens.manager, site1(a), 'flagged-jobs', { per_page: '2', page: '2' })).json();
    expect(second.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    expect(titles(second)).toEqual(['Night Packer']);
    const beyond = (await get(tokens.manager, site1(a), 'flagged-jobs', { per_page: '2', page: '3' })).json();
    expect(beyond).toEqual({ data: [], meta: { page: 3, per_page: 2, total: 3 } });
  });

  it('searches title and reference number, taking % and _ literally', async () => {
    const q = async (text: string) => {
      const body = (await get(tokens.manager, site1(a), 'flagged-jobs', { q: text })).json();
      expect(body.meta.total).toBe(body.data.length);
      return titles(body);
    };
    expect(await q('driver')).toEqual(['Forklift Driver']); // the second site's driver stays out
    expect(await q('np-7')).toEqual(['Night Packer']);
    expect(await q('  CR-1 ')).toEqual(['Crane Operator 50%_off']);
    expect(await q('%')).toEqual(['Crane Operator 50%_off']);
    expect(await q('_')).toEqual(['Crane Operator 50%_off']);
    expect(await q('50%_')).toEqual(['Crane Operator 50%_off']);
    expect(await q('clerk')).toEqual([]); // not flagged
    expect(await q('   ')).toEqual(['Forklift Driver', 'Crane Operator 50%_off', 'Night Packer']);
  });

  it('keeps to the selected site and tenant', async () => {
    const second = (await get(tokens.admin, site2(a), 'flagged-jobs')).json();
    expect(titles(second)).toEqual(['Second Site Driver']);
    const beta = (await get(tokens.betaAdmin, site1(b), 'flagged-jobs')).json();
    expect(beta.data.map((r: { job: { id: string } }) => r.job.id)).toEqual([fb.forklift.id, fb.crane.id, fb.packer.id]);
    expect((await get(tokens.betaAdmin, site1(a), 'flagged-jobs')).statusCode).toBe(404);
    expect((await get(tokens.manager, site2(a), 'flagged-jobs')).statusCode).toBe(404);
    expect((await get(tokens.admin, { accountId: a.account.id }, 'flagged-jobs')).statusCode).toBe(404);
  });

  it('shows an employer-level caller only their employer’s jobs', async () => {
    const body = (await get(tokens.employerModerator, ownEmployer(a), 'flagged-jobs')).json();
    expect(titles(body)).toEqual(['Forklift Driver', 'Night Packer']);
    expect(body.meta.total).toBe(2);
    // A site manager who selects an employer is narrowed to it as well.
    const narrowed = (await get(tokens.manager, { ...site1(a), employerId: fa.northwind }, 'flagged-jobs')).json();
    expect(titles(narrowed)).toEqual(['Crane Operator 50%_off']);
  });

  it('needs flagged_jobs.view, a signed-in caller and valid paging', async () => {
    expect((await get(tokens.consultant, site1(a), 'flagged-jobs')).statusCode).toBe(200);
    const employer = await get(tokens.employerAdmin, ownEmployer(a), 'flagged-jobs');
    expect(employer.statusCode).toBe(403);
    expect(employer.json()).toEqual(coded({ message: messages.unauthorized }));
    expect((await call(t.app, site1(a), { method: 'GET', url: '/portal/v1/site/flagged-jobs' })).statusCode).toBe(401);
    const bad = await get(tokens.manager, site1(a), 'flagged-jobs', { per_page: '101', page: '0' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'per_page']);
  });
});

describe('GET /v1/site/flagged-jobs/:uuid', () => {
  it('returns the job and every report, open ones first, then newest first', async () => {
    const res = await get(tokens.manager, site1(a), `flagged-jobs/${fa.forklift.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      job: {
        id: fa.forklift.id,
        title: 'Forklift Driver',
        reference_number: 'FD-100',
        status: 'live',
        employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
      },
      reports: [
        {
          id: fa.reports.pay,
          date: ago(3).toISOString(),
          reason: 'Misleading pay',
          additional_comments: null,
          reporter_email: 'visitor@example.test',
          status: 'open',
          resolved_at: null,
        },
        {
          id: fa.reports.scam,
          date: ago(26).toISOString(),
          reason: 'Scam',
          additional_comments: 'Asked for a fee',
          reporter_email: null,
          status: 'open',
          resolved_at: null,
        },
        {
          id: fa.reports.spam,
          date: ago(10).toISOString(),
          reason: 'Spam',
          additional_comments: null,
          reporter_email: null,
          status: 'dismissed',
          resolved_at: ago(9).toISOString(),
        },
      ],
    });
  });

  it('answers a job without reports with an empty list', async () => {
    const res = await get(tokens.manager, site1(a), `flagged-jobs/${fa.clerk.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().reports).toEqual([]);
  });

  it('answers 404 for another site’s, another tenant’s or another employer’s job', async () => {
    for (const [token, scope, id] of [
      [tokens.manager, site1(a), fa.secondSite.id],
      [tokens.admin, site2(a), fa.forklift.id],
      [tokens.manager, site1(a), fb.forklift.id],
      [tokens.betaAdmin, site1(b), fa.forklift.id],
      [tokens.employerModerator, ownEmployer(a), fa.crane.id],
      [tokens.manager, site1(a), '00000000-0000-4000-8000-000000000001'],
    ] as const) {
      const res = await get(token, scope, `flagged-jobs/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.notFound }));
    }
    expect((await get(tokens.employerModerator, ownEmployer(a), `flagged-jobs/${fa.forklift.id}`)).statusCode).toBe(200);
  });

  it('answers 422 for a bad uuid and 403 without flagged_jobs.view', async () => {
    const bad = await get(tokens.manager, site1(a), 'flagged-jobs/not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { uuid: [messages.invalid] } }));
    expect((await get(tokens.employerAdmin, ownEmployer(a), `flagged-jobs/${fa.forklift.id}`)).statusCode).toBe(403);
  });
});

describe('POST /v1/site/flagged-jobs/:uuid/dismiss', () => {
  it('dismisses the open reports, clears the flag, leaves the job as it is, and is idempotent', async () => {
    const [s1] = c.sites;
    const job = await addJob(c, s1.id, c.employers[0].id, 'Dismiss Me', 'DM-1', 'live');
    await report(job, 'Scam', 10);
    await report(job, 'Spam', 4);
    const actioned = await report(job, 'Old', 80, 'actioned');
    expect((await jobRow(job.id)).openReports).toBe(2);

    const res = await post(tokens.cManager, site1(c), `flagged-jobs/${job.id}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolved: 2 });

    const after = await jobRow(job.id);
    expect(after).toMatchObject({ status: 'live', openReports: 0, unlistedAt: null });
    const rows = await reportsOf(job.id);
    expect(rows.map((r) => [r.reason, r.status])).toEqual([
      ['Old', 'actioned'],
      ['Scam', 'dismissed'],
      ['Spam', 'dismissed'],
    ]);
    for (const r of rows.filter((r) => r.status === 'dismissed')) {
      expect(r.resolvedByUserId).toBe(c.users.siteManager.id);
      expect(r.resolvedAt!.getTime()).toBeGreaterThan(NOW - 60_000);
    }
    // The already resolved report keeps its resolution.
    expect(rows[0]!.resolvedAt).toEqual(actioned.resolvedAt);
    expect(rows[0]!.resolvedByUserId).toBeNull();
    expect(await historyOf(job.id)).toEqual([]);
    const logged = await auditOf(job.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: 'flagged_job.dismissed',
      subjectType: 'job',
      accountId: c.account.id,
      actorUserId: c.users.siteManager.id,
      data: { resolved: 2 },
    });
    await expectCountInStep(job.id);

    // No longer flagged, still readable with its reports.
    expect((await get(tokens.cManager, site1(c), 'flagged-jobs')).json().data).toEqual([]);
    const detail = (await get(tokens.cManager, site1(c), `flagged-jobs/${job.id}`)).json();
    expect(detail.reports.map((r: { status: string }) => r.status)).toEqual(['dismissed', 'dismissed', 'actioned']);

    const again = await post(tokens.cManager, site1(c), `flagged-jobs/${job.id}/dismiss`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ resolved: 0 });
    expect(await auditOf(job.id)).toHaveLength(1);
    await expectCountInStep(job.id);
  });

  it('answers a job that was never reported with resolved 0', async () => {
    const job = await addJob(c, c.sites[0].id, c.employers[0].id, 'Never Reported', 'NR-1', 'pending');
    const res = await post(tokens.cManager, site1(c), `flagged-jobs/${job.id}/dismiss`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resolved: 0 });
    expect(await jobRow(job.id)).toMatchObject({ status: 'pending', openReports: 0 });
  });

  it('answers 404 outside the caller’s scope and 403 without flagged_jobs.update, and changes nothing', async () => {
    for (const [token, scope, id] of [
      [tokens.manager, site1(a), fa.secondSite.id],
      [tokens.admin, site2(a), fa.forklift.id],
      [tokens.betaAdmin, site1(b), fa.forklift.id],
      [tokens.employerModerator, ownEmployer(a), fa.crane.id],
    ] as const) {
      const res = await post(token, scope, `flagged-jobs/${id}/dismiss`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(coded({ message: messages.notFound }));
    }
    const consultant = await post(tokens.consultant, site1(a), `flagged-jobs/${fa.forklift.id}/dismiss`);
    expect(consultant.statusCode).toBe(403);
    expect(consultant.json()).toEqual(coded({ message: messages.unauthorized }));
    expect((await post(tokens.employerAdmin, ownEmployer(a), `flagged-jobs/${fa.forklift.id}/dismiss`)).statusCode).toBe(403);
    for (const job of [fa.forklift, fa.crane, fa.secondSite]) {
      expect((await jobRow(job.id)).openReports).toBe(job.openReports);
      await expectCountInStep(job.id);
    }
    expect((await reportsOf(fa.forklift.id)).filter((r) => r.status === 'open')).toHaveLength(2);
  });

  it('lets an employer-level moderator dismiss their own employer’s reports', async () => {
    const job = await addJob(a, a.sites[0].id, a.employers[0].id, 'Employer Moderated', 'EM-1', 'live');
    await report(job, 'Typo', 2);
    const res = await post(tokens.employerModerator, ownEmployer(a), `flagged-jobs/${job.id}/dismiss`);
    expect(res.json()).toEqual({ resolved: 1 });
    await expectCountInStep(job.id);
  });

  it('answers 422 for a bad uuid', async () => {
    const bad = await post(tokens.manager, site1(a), 'flagged-jobs/123/dismiss');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ uuid: [messages.invalid] });
  });
});

describe('POST /v1/site/flagged-jobs/:uuid/take-down', () => {
  it('unlists a live job with history, actions its open reports and clears the flag, in one go', async () => {
    const job = await addJob(c, c.sites[0].id, c.employers[0].id, 'Take Me Down', 'TD-1', 'live');
    await report(job, 'Scam', 6);
    await report(job, 'Fake employer', 2);
    const dismissed = await report(job, 'Spam', 40, 'dismissed');

    const res = await post(tokens.cManager, site1(c), `flagged-jobs/${job.id}/take-down`, { reason: '  Fake employer confirmed  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolved: 2, status: 'unlisted' });

    const after = await jobRow(job.id);
    expect(after.status).toBe('unlisted');
    expect(after.openReports).toBe(0);
    expect(after.unlistedAt!.getTime()).toBeGreaterThan(NOW - 60_000);
    const history = await historyOf(job.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      accountId: c.account.id,
      fromStatus: 'live',
      toStatus: 'unlisted',
      actorUserId: c.users.siteManager.id,
      reason: 'Fake employer confirmed',
    });
    const rows = await reportsOf(job.id);
    expect(rows.map((r) => [r.reason, r.status])).toEqual([
      ['Spam', 'dismissed'],
      ['Scam', 'actioned'],
      ['Fake employer', 'actioned'],
    ]);
    expect(rows.filter((r) => r.status === 'actioned').every((r) => r.resolvedByUserId === c.users.siteManager.id && r.resolvedAt)).toBe(true);
    expect(rows[0]!.resolvedAt).toEqual(dismissed.resolvedAt);
    const logged = await auditOf(job.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: 'flagged_job.taken_down',
      subjectType: 'job',
      accountId: c.account.id,
      actorUserId: c.users.siteManager.id,
      data: { resolved: 2, from: 'live', to: 'unlisted', reason: 'Fake employer confirmed' },
    });
    await expectCountInStep(job.id);
    expect((await get(tokens.cManager, site1(c), 'flagged-jobs')).json().meta.total).toBe(0);

    // Taking it down again changes nothing more: no second history row, nothing left to resolve.
    const again = await post(tokens.cManager, site1(c), `flagged-jobs/${job.id}/take-down`, {});
    expect(again.json()).toEqual({ resolved: 0, status: 'unlisted' });
    expect(await historyOf(job.id)).toHaveLength(1);
    await expectCountInStep(job.id);
  });

  it("records 'Reported' when no reason (or only spaces) is given", async () => {
    for (const payload of [{}, { reason: '   ' }]) {
      const job = await addJob(c, c.sites[0].id, c.employers[0].id, 'No Reason', 'NR-2', 'live');
      await report(job, 'Scam', 1);
      const res = await post(tokens.cManager, site1(c), `flagged-jobs/${job.id}/take-down`, payload);
      expect(res.json()).toEqual({ resolved: 1, status: 'unlisted' });
      const [history] = await historyOf(job.id);
      expect(history).toMatchObject({ fromStatus: 'live', toStatus: 'unlisted', reason: 'Reported' });
    }
  });

  it('leaves a job that is not live in its status, without history, and still closes its reports', async () => {
    for (const status of ['pending', 'unlisted', 'expired', 'draft', 'rejected'] as const) {
      const job = await addJob(c, c.sites[0].id, c.employers[0].id, `Not Live ${status}`, `NL-${status}`, status);
      await report(job, 'Scam', 3);
      const res = await post(tokens.cManager, site1(c), `flagged-jobs/${job.id}/take-down`, { reason: 'Bad' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ resolved: 1, status });
      const after = await jobRow(job.id);
      expect(after).toMatchObject({ status, openReports: 0, unlistedAt: null });
      expect(await historyOf(job.id)).toEqual([]);
      expect((await reportsOf(job.id)).map((r) => r.status)).toEqual(['actioned']);
      expect((await auditOf(job.id))[0]).toMatchObject({ action: 'flagged_job.taken_down', data: { resolved: 1, from: status, to: status } });
    }
  });

  it('answers 404 outside the caller’s scope and 403 without flagged_jobs.update, and changes nothing', async () => {
    for (const [token, scope, id] of [
      [tokens.manager, site1(a), fa.secondSite.id],
      [tokens.admin, site2(a), fa.forklift.id],
      [tokens.betaAdmin, site1(b), fa.forklift.id],
      [tokens.employerModerator, ownEmployer(a), fa.crane.id],
    ] as const) {
      const res = await post(token, scope, `flagged-jobs/${id}/take-down`, { reason: 'x' });
      expect(res.statusCode, id).toBe(404);
    }
    expect((await post(tokens.consultant, site1(a), `flagged-jobs/${fa.forklift.id}/take-down`, {})).statusCode).toBe(403);
    for (const job of [fa.forklift, fa.crane, fa.secondSite]) {
      expect(await jobRow(job.id)).toMatchObject({ status: 'live', openReports: job.openReports });
      expect(await historyOf(job.id)).toEqual([]);
    }
  });

  it('validates the uuid and the body', async () => {
    const url = `flagged-jobs/${fa.forklift.id}/take-down`;
    const badId = await post(tokens.manager, site1(a), 'flagged-jobs/nope/take-down', {});
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors).toEqual({ uuid: [messages.invalid] });
    const wrongType = await post(tokens.manager, site1(a), url, { reason: 5 });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toEqual({ reason: [messages.invalid] });
    expect((await post(tokens.manager, site1(a), url, { reason: 'x'.repeat(1001) })).json().errors).toHaveProperty('reason');
    expect((await post(tokens.manager, site1(a), url, { extra: 1 })).json().errors).toEqual({ extra: ['This field is not allowed.'] });
    expect((await jobRow(fa.forklift.id)).status).toBe('live');
  });
});

describe('GET /v1/site/job-feedbacks/:uuid', () => {
  it('lists a job’s feedback newest first with the seeker’s name, paged', async () => {
    const res = await get(tokens.manager, site1(a), `job-feedbacks/${fa.forklift.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 4 });
    // The fields of application feedback (rating, employer_recommended, additional_feedback), plus the older
    // `comment` with the same text; employer_recommended is null where the candidate did not say.
    const shaped = (rating: number, recommended: boolean | null, text: string | null) => ({
      rating,
      employer_recommended: recommended,
      additional_feedback: text,
      comment: text,
    });
    expect(body.data.map((f: Record<string, unknown>) => ({ ...f, id: typeof f.id }))).toEqual([
      { id: 'string', ...shaped(4, true, 'Great'), seeker_name: 'Tom Wareing', created_at: ago(3).toISOString() },
      { id: 'string', ...shaped(5, false, 'Clear advert'), seeker_name: 'Jane Doe', created_at: ago(24).toISOString() },
      { id: 'string', ...shaped(4, null, null), seeker_name: null, created_at: ago(48).toISOString() },
      // An erased seeker's name is personal data that is gone.
      { id: 'string', ...shaped(2, null, 'Too far'), seeker_name: null, created_at: ago(72).toISOString() },
    ]);
    const second = (await get(tokens.manager, site1(a), `job-feedbacks/${fa.forklift.id}`, { per_page: '3', page: '2' })).json();
    expect(second.meta).toEqual({ page: 2, per_page: 3, total: 4 });
    expect(second.data.map((f: { rating: number }) => f.rating)).toEqual([2]);
  });

  it('answers a job without feedback with an empty page', async () => {
    const body = (await get(tokens.manager, site1(a), `job-feedbacks/${fa.packer.id}`)).json();
    expect(body).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0 } });
  });

  it('keeps to the scope: other site, other tenant and another employer are 404', async () => {
    for (const [token, scope, id] of [
      [tokens.manager, site1(a), fa.secondSite.id],
      [tokens.admin, site2(a), fa.forklift.id],
      [tokens.betaAdmin, site1(b), fa.forklift.id],
      [tokens.employerAdmin, ownEmployer(a), fa.crane.id],
    ] as const) {
      expect((await get(token, scope, `job-feedbacks/${id}`)).statusCode, id).toBe(404);
    }
    const own = (await get(tokens.employerAdmin, ownEmployer(a), `job-feedbacks/${fa.forklift.id}`)).json();
    expect(own.meta.total).toBe(4);
    const beta = (await get(tokens.betaAdmin, site1(b), `job-feedbacks/${fb.forklift.id}`)).json();
    expect(beta.meta.total).toBe(4);
  });

  it('needs job_feedbacks.view and validates the uuid and paging', async () => {
    expect((await get(tokens.consultant, site1(a), `job-feedbacks/${fa.forklift.id}`)).statusCode).toBe(200);
    expect((await get(tokens.employerUser, ownEmployer(a), `job-feedbacks/${fa.forklift.id}`)).statusCode).toBe(403);
    const bad = await get(tokens.manager, site1(a), 'job-feedbacks/not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ uuid: [messages.invalid] });
    expect((await get(tokens.manager, site1(a), `job-feedbacks/${fa.forklift.id}`, { per_page: '101' })).statusCode).toBe(422);
  });
});

describe('GET /v1/site/job-feedbacks/:uuid/average-rating', () => {
  it('averages in numeric, rounded to one decimal, with the count', async () => {
    const avg = (token: string, scope: Omit<Caller, 'token'>, id: string) => get(token, scope, `job-feedbacks/${id}/average-rating`);
    const forklift = await avg(tokens.manager, site1(a), fa.forklift.id);
    expect(forklift.statusCode, forklift.body).toBe(200);
    expect(forklift.json()).toEqual({ average: 3.8, count: 4 }); // 15 / 4 = 3.75
    expect((await avg(tokens.manager, site1(a), fa.crane.id)).json()).toEqual({ average: 1.5, count: 2 });
    expect((await avg(tokens.manager, site1(a), fa.packer.id)).json()).toEqual({ average: null, count: 0 });
  });

  it('keeps to the scope and needs job_feedbacks.view', async () => {
    for (const [token, scope, id] of [
      [tokens.manager, site1(a), fa.secondSite.id],
      [tokens.admin, site2(a), fa.forklift.id],
      [tokens.betaAdmin, site1(b), fa.forklift.id],
      [tokens.employerAdmin, ownEmployer(a), fa.crane.id],
    ] as const) {
      expect((await get(token, scope, `job-feedbacks/${id}/average-rating`)).statusCode, id).toBe(404);
    }
    expect((await get(tokens.employerAdmin, ownEmployer(a), `job-feedbacks/${fa.forklift.id}/average-rating`)).json()).toEqual({ average: 3.8, count: 4 });
    expect((await get(tokens.employerUser, ownEmployer(a), `job-feedbacks/${fa.forklift.id}/average-rating`)).statusCode).toBe(403);
    const bad = await get(tokens.manager, site1(a), 'job-feedbacks/xyz/average-rating');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ uuid: [messages.invalid] });
  });
});
