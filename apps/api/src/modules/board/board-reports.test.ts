import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { messages } from '@hireline/contract/messages';
import { applications } from '../../db/schema/applications';
import { flaggedJobReports, jobFeedbacks, jobs } from '../../db/schema/jobs';
import { auditLogs } from '../../db/schema/platform';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, site1, type Client } from '../../test/client';
import { boardClient, noticesFor, setForm } from './board-applications.fixtures';
import { mailsFor } from '../../test/mail';
import { signedInCandidate, type Candidate } from '../../test/candidates';
import { REPORTS_PER_JOB } from './board-reports.service';
import { createBoardWorld, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let w: BoardWorld;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
  admin = client(t, await login(t.app, w.a.users.accountAdmin.email), site1(w.a));
});
afterAll(() => t.close());

const rate = (c: Candidate, jobId: string, body: unknown) => boardClient(t, w.host, c.token).put(`/v1/board/jobs/${jobId}/feedback`, body);
const ratingsOf = (jobId: string, seekerId: string) =>
  t.deps.db.select().from(jobFeedbacks).where(and(eq(jobFeedbacks.jobId, jobId), eq(jobFeedbacks.seekerId, seekerId)));

describe('PUT /v1/board/jobs/:uuid/feedback', () => {
  it('keeps one rating per candidate and job, changed by sending it again', async () => {
    const c = await signedInCandidate(t, w.a);
    const first = await rate(c, w.ids.forklift, { rating: 4, comment: ' Clear advert ' });
    expect(first.statusCode, first.body).toBe(200);
    const saved = { message: candidateMessages.feedbackSaved };
    expect(first.json()).toEqual({ rating: 4, employer_recommended: null, additional_feedback: 'Clear advert', comment: 'Clear advert', ...saved });
    const second = await rate(c, w.ids.forklift, { rating: 2 });
    expect(second.json()).toEqual({ rating: 2, employer_recommended: null, additional_feedback: null, comment: null, ...saved });
    const rows = await ratingsOf(w.ids.forklift, c.seeker.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 2, employerRecommended: null, comment: null, accountId: w.a.account.id, siteId: w.a.sites[0].id });

    // Two at once still make one row.
    const d = await signedInCandidate(t, w.a);
    const both = await Promise.all([rate(d, w.ids.barista, { rating: 5 }), rate(d, w.ids.barista, { rating: 3 })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await ratingsOf(w.ids.barista, d.seeker.id)).toHaveLength(1);
    // Staff read it in the job's feedback, under the candidate's name.
    const staff = await admin.get(`/v1/site/job-feedbacks/${w.ids.forklift}`);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data).toEqual([expect.objectContaining({ rating: 2, comment: null, seeker_name: c.seeker.name })]);
  });

  it('stores whether the candidate recommends the employer, shown to staff like application feedback', async () => {
    const c = await signedInCandidate(t, w.a);
    const res = await rate(c, w.ids.developer, { rating: 5, employer_recommended: false, comment: 'Honest pay range' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rating: 5, employer_recommended: false, additional_feedback: 'Honest pay range' });
    expect((await ratingsOf(w.ids.developer, c.seeker.id))[0]).toMatchObject({ employerRecommended: false });
    const changed = await rate(c, w.ids.developer, { rating: 4, employer_recommended: true });
    expect(changed.json()).toMatchObject({ rating: 4, employer_recommended: true, additional_feedback: null });

    const staff = (await admin.get(`/v1/site/job-feedbacks/${w.ids.developer}`)).json();
    expect(staff.data).toEqual([
      { id: expect.any(String), rating: 4, employer_recommended: true, additional_feedback: null, comment: null, seeker_name: c.seeker.name, created_at: expect.any(String) },
    ]);
  });

  it('rates a closed advert only when the candidate applied to it on this site', async () => {
    const c = await signedInCandidate(t, w.a);
    expect((await rate(c, w.ids.expired, { rating: 3 })).statusCode).toBe(404);
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.id, w.ids.expired));
    await t.deps.db.insert(applications).values({
      ...{ accountId: job!.accountId, siteId: job!.siteId, jobId: job!.id, employerId: job!.employerId, seekerId: c.seeker.id },
      ...{ candidateName: c.seeker.name, candidateEmail: c.seeker.email, jobTitle: job!.title },
    });
    expect((await rate(c, w.ids.expired, { rating: 3 })).statusCode).toBe(200);
    for (const key of ['secondSite', 'otherTenant', 'draft'] as const) expect((await rate(c, w.ids[key], { rating: 3 })).statusCode, key).toBe(404);
  });

  it('checks the rating, the session and the feedback form', async () => {
    const c = await signedInCandidate(t, w.a);
    const bad = await rate(c, w.ids.forklift, { rating: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ rating: [messages.invalid] });
    expect((await rate(c, w.ids.forklift, {})).json().errors).toEqual({ rating: [messages.required] });
    const notYesNo = await rate(c, w.ids.forklift, { rating: 3, employer_recommended: 'yes' });
    expect(notYesNo.statusCode).toBe(422);
    expect(notYesNo.json().errors).toEqual({ employer_recommended: [messages.invalid] });
    expect((await boardClient(t, w.host).put(`/v1/board/jobs/${w.ids.forklift}/feedback`, { rating: 3 })).statusCode).toBe(401);
    try {
      await setForm(t, w.a.sites[0].id, 'feedback', { enabled: false, handler: 'internal' });
      expect((await rate(c, w.ids.forklift, { rating: 3 })).json()).toEqual(coded({ message: messages.formNotAvailable }));
    } finally {
      await setForm(t, w.a.sites[0].id, 'feedback', { enabled: true, handler: 'internal' });
    }
    expect(await ratingsOf(w.ids.forklift, c.seeker.id)).toEqual([]);
  });
});

const reportUrl = (jobId: string) => `/v1/board/jobs/${jobId}/report`;
const reportsOf = (jobId: string) => t.deps.db.select().from(flaggedJobReports).where(eq(flaggedJobReports.jobId, jobId));

describe('POST /v1/board/jobs/:uuid/report', () => {
  it('stores an open report with its label, flags the job, tells the staff and shows in flagged jobs', async () => {
    const res = await boardClient(t, w.host, undefined, '10.0.0.1').post(reportUrl(w.ids.forklift), {
      reason: 'scam',
      additional_comments: 'Asks for a fee.',
      email: 'Watcher@Example.test',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: candidateMessages.reported });
    const [report] = await reportsOf(w.ids.forklift);
    expect(report).toMatchObject({
      accountId: w.a.account.id,
      siteId: w.a.sites[0].id,
      reason: 'Scam or fraud',
      additionalComments: 'Asks for a fee.',
      reporterEmail: 'watcher@example.test',
      reporterSeekerId: null,
      status: 'open',
    });
    const [job] = await t.deps.db.select({ openReports: jobs.openReports }).from(jobs).where(eq(jobs.id, w.ids.forklift));
    expect(job!.openReports).toBe(1);

    const flagged = await admin.get('/v1/site/flagged-jobs');
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().data).toEqual([expect.objectContaining({ job: expect.objectContaining({ id: w.ids.forklift }), open_reports: 1, latest_reason: 'Scam or fraud' })]);

    const link = `/${w.a.account.slug}/main/jobs/${w.ids.forklift}`;
    const { accountAdmin, siteManager } = w.a.users;
    expect((await noticesFor(t, 'job.flagged', link)).map((n) => n.userId).sort()).toEqual([accountAdmin.id, siteManager.id].sort());
    expect(await mailsFor(t, 'job.flagged', report!.id)).toEqual([accountAdmin.email, siteManager.email].sort());
    const [entry] = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, w.ids.forklift), eq(auditLogs.action, 'job.flag')));
    expect(entry).toMatchObject({ accountId: w.a.account.id, actorUserId: null, subjectType: 'job', ip: '10.0.0.1' });
  });

  it("records a signed-in candidate as the reporter, with their email when none is given", async () => {
    const c = await signedInCandidate(t, w.a);
    const res = await boardClient(t, w.host, c.token, '10.0.0.2').post(reportUrl(w.ids.barista), { reason: 'other' });
    expect(res.statusCode, res.body).toBe(202);
    const [report] = await reportsOf(w.ids.barista);
    expect(report).toMatchObject({ reason: 'Something else', additionalComments: null, reporterEmail: c.seeker.email, reporterSeekerId: c.seeker.id });
    // A candidate of another account is nobody here.
    const beta = await signedInCandidate(t, w.b);
    expect((await boardClient(t, w.host, beta.token, '10.0.0.2').post(reportUrl(w.ids.developer), { reason: 'filled' })).statusCode).toBe(202);
    const [other] = await reportsOf(w.ids.developer);
    expect(other).toMatchObject({ reporterSeekerId: null, reporterEmail: null });
  });

  it('answers 404 for anything not live on this board, and checks the reason and the form', async () => {
    const anon = boardClient(t, w.host, undefined, '10.0.0.3');
    for (const key of ['draft', 'expired', 'unlisted', 'secondSite', 'otherTenant', 'disabledEmployer'] as const)
      expect((await anon.post(reportUrl(w.ids[key]), { reason: 'scam' })).statusCode, key).toBe(404);
    expect(await reportsOf(w.ids.unlisted)).toEqual([]);
    const bad = await anon.post(reportUrl(w.ids.nurse), { reason: 'boring', email: 'not-an-email' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'reason']);
    try {
      await setForm(t, w.a.sites[0].id, 'job_report', { enabled: false, handler: 'internal' });
      expect((await anon.post(reportUrl(w.ids.nurse), { reason: 'scam' })).json()).toEqual(coded({ message: messages.formNotAvailable }));
    } finally {
      await setForm(t, w.a.sites[0].id, 'job_report', { enabled: true, handler: 'internal' });
    }
    expect(await reportsOf(w.ids.nurse)).toEqual([]);
  });

  it('limits reports per client IP and advert (429 with Retry-After)', async () => {
    const anon = boardClient(t, w.host, undefined, '10.0.0.9');
    for (let i = 0; i < REPORTS_PER_JOB; i++) expect((await anon.post(reportUrl(w.ids.nurse), { reason: 'misleading' })).statusCode).toBe(202);
    const limited = await anon.post(reportUrl(w.ids.nurse), { reason: 'misleading' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toBe(messages.tooManyRequests);
    expect(await reportsOf(w.ids.nurse)).toHaveLength(REPORTS_PER_JOB);
    // Another client, or another advert, is not held back.
    expect((await boardClient(t, w.host, undefined, '10.0.0.10').post(reportUrl(w.ids.nurse), { reason: 'scam' })).statusCode).toBe(202);
    expect((await anon.post(reportUrl(w.ids.barista), { reason: 'scam' })).statusCode).toBe(202);
  });
});
