import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../../db/schema/applications';
import { jobFeedbacks, jobs } from '../../db/schema/jobs';
import { notifications } from '../../db/schema/notifications';
import { auditLogs, emailOutbox } from '../../db/schema/platform';
import { applicationStages } from '../../db/schema/settings';
import { defaultApplicationStages } from '../../db/defaults';
import { queueWithdrawal } from '../applications/application-withdrawn-notify';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, site1, type Client } from '../../test/client';
import { boardClient, setForm } from './board-applications.fixtures';
import { signedInCandidate, type Candidate, type Seeker } from '../../test/candidates';
import { createBoardWorld, daysFromNow, type BoardWorld, type JobKey } from './board.fixtures';
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

/** An application written as the board (or an earlier import) would have, at a chosen time and status. */
async function insertApp(key: JobKey, seeker: Seeker, status: ApplicationStatus, daysAgo: number, extra: Partial<typeof applications.$inferInsert> = {}) {
  const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.id, w.ids[key]));
  const [row] = await t.deps.db
    .insert(applications)
    .values({
      ...{ accountId: job!.accountId, siteId: job!.siteId, jobId: job!.id, employerId: job!.employerId, seekerId: seeker.id },
      ...{ candidateName: seeker.name, candidateEmail: seeker.email, jobTitle: job!.title, status, createdAt: daysFromNow(-daysAgo) },
      ...extra,
    })
    .returning();
  return row!;
}

const mine = (c: Candidate, query: Record<string, string> = {}) => boardClient(t, w.host, c.token).get('/v1/board/candidates/me/applications', query);
const withdraw = (c: Candidate, id: string) => boardClient(t, w.host, c.token).post(`/v1/board/candidates/me/applications/${id}/withdraw`);
const feedback = (c: Candidate, id: string, body: unknown) => boardClient(t, w.host, c.token).put(`/v1/board/candidates/me/applications/${id}/feedback`, body);

describe('GET /v1/board/candidates/me/applications', () => {
  it("lists the candidate's applications on this board only, newest first, in the candidate's statuses", async () => {
    const c = await signedInCandidate(t, w.a);
    const applied = await boardClient(t, w.host, c.token).post(`/v1/board/jobs/${w.ids.barista}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(201);
    const shortlisted = await insertApp('forklift', c.seeker, 'shortlisted', 1);
    const offered = await insertApp('expired', c.seeker, 'offered', 2);
    const withdrawn = await insertApp('pastEnd', c.seeker, 'withdrawn', 3, { withdrawnAt: daysFromNow(-1) });
    // Set aside by staff: still the candidate's own history.
    const disabled = await insertApp('draft', c.seeker, 'new', 4, { enabled: false });
    const unsuccessful = await insertApp('unlisted', c.seeker, 'unsuccessful', 5);
    await insertApp('secondSite', c.seeker, 'applied', 0);
    const other = await signedInCandidate(t, w.a);
    await insertApp('forklift', other.seeker, 'applied', 0);

    const res = await mine(c);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ page: 1, per_page: 20, total: 6 });
    const brief = data.map((r: { id: string; status: string; can_withdraw: boolean; job: { live: boolean } }) => [r.id, r.status, r.can_withdraw, r.job.live]);
    expect(brief).toEqual([
      [applied.json().application.id, 'received', true, true],
      [shortlisted.id, 'in_progress', true, true],
      [offered.id, 'offered', true, false],
      [withdrawn.id, 'withdrawn', false, false],
      [disabled.id, 'received', true, false],
      [unsuccessful.id, 'unsuccessful', false, false],
    ]);
    expect(data[3]).toMatchObject({ job: { id: w.ids.pastEnd, title: 'Lapsed Forklift Driver', employer_name: 'Alpha Employer 1' } });
    expect(data[3].withdrawn_at).toEqual(expect.any(String));

    const page2 = (await mine(c, { page: '2', per_page: '4' })).json();
    expect(page2.meta).toEqual({ page: 2, per_page: 4, total: 6 });
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([disabled.id, unsuccessful.id]);
    expect((await mine(c, { per_page: '51' })).statusCode).toBe(422);
  });

  it('shows the feedback given and the rating of the job', async () => {
    const c = await signedInCandidate(t, w.a);
    const app = await insertApp('forklift', c.seeker, 'screening', 0);
    await t.deps.db.insert(applicationFeedbacks).values({ accountId: w.a.account.id, applicationId: app.id, rating: 4, employerRecommended: true });
    await t.deps.db.insert(jobFeedbacks).values({ accountId: w.a.account.id, siteId: w.a.sites[0].id, jobId: w.ids.forklift, seekerId: c.seeker.id, rating: 2 });
    const [row] = (await mine(c)).json().data;
    expect(row).toMatchObject({ id: app.id, feedback: { rating: 4, employer_recommended: true, additional_feedback: null }, job_rating: 2 });
  });

  it('needs a candidate session', async () => {
    expect((await boardClient(t, w.host).get('/v1/board/candidates/me/applications')).statusCode).toBe(401);
  });
});

describe('POST /v1/board/candidates/me/applications/:uuid/withdraw', () => {
  it('withdraws for good: history, audit, and staff can no longer move it', async () => {
    const c = await signedInCandidate(t, w.a);
    const app = await insertApp('forklift', c.seeker, 'interviewed', 1);
    const res = await withdraw(c, app.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: app.id, status: 'withdrawn', can_withdraw: false, withdrawn_at: expect.any(String) });
    const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, app.id));
    expect(row).toMatchObject({ status: 'withdrawn', withdrawnAt: expect.any(Date) });
    expect(row!.statusChangedAt.getTime()).toBeGreaterThan(app.statusChangedAt.getTime());
    const history = await t.deps.db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, app.id)).orderBy(asc(applicationStatusHistory.createdAt));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorSeekerId, h.actorUserId])).toEqual([['interviewed', 'withdrawn', c.seeker.id, null]]);
    const audits = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, app.id), eq(auditLogs.action, 'application.withdraw')));
    expect(audits).toHaveLength(1);

    const overview = await admin.get(`/v1/applications/${app.id}/overview`);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toMatchObject({ status: 'withdrawn', withdrawn_at: expect.any(String) });
    expect(overview.json().allowed_actions).not.toContain('status');
    const move = await admin.post(`/v1/applications/${app.id}/status`, { status: 'shortlisted', notify: { admin: false, consultants: false, candidate: false } });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe('A withdrawn application cannot be changed.');

    const again = await withdraw(c, app.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(candidateMessages.cannotWithdraw);
  });

  it('confirms to the candidate on the board and tells the staff on the portal when the Withdrawn stage asks, once', async () => {
    // The site's Withdrawn stage emails its admins.
    const s = { accountId: w.a.account.id, siteId: w.a.sites[0].id };
    await t.deps.db.delete(applicationStages).where(eq(applicationStages.siteId, s.siteId));
    await t.deps.db
      .insert(applicationStages)
      .values(defaultApplicationStages.map((d, position) => ({ ...s, ...d, position, visible: true, ...(d.status === 'withdrawn' ? { emailAdmin: true } : {}) })));
    const c = await signedInCandidate(t, w.a);
    const app = await insertApp('forklift', c.seeker, 'shortlisted', 1);
    expect((await withdraw(c, app.id)).statusCode).toBe(200);
    const [history] = await t.deps.db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, app.id));
    const sent = await t.deps.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `%:${history!.id}:%`));
    expect(sent.map((m) => [m.event, m.toEmail]).sort()).toEqual(
      [
        ['application.status.withdrawn', c.seeker.email],
        ['application.withdrawn', w.a.users.accountAdmin.email],
        ['application.withdrawn', w.a.users.siteManager.email],
      ].sort(),
    );
    const confirmation = sent.find((m) => m.event === 'application.status.withdrawn')!;
    expect(confirmation.text).toContain(`http://${w.host}/me/applications`);
    const told = sent.find((m) => m.event === 'application.withdrawn')!;
    expect(told.subject).toBe(`Application withdrawn: ${c.seeker.name}`);
    expect(told.text).toContain(`http://${w.a.account.domain}/${w.a.account.slug}/${w.a.sites[0].slug}/applications/${app.id}/overview`);
    // The same staff see it in the portal's notifications.
    const inbox = () => t.deps.db.select().from(notifications).where(like(notifications.dedupeKey, `application.withdrawn:${history!.id}:%`));
    const notices = await inbox();
    expect(notices.map((n) => n.userId).sort()).toEqual([w.a.users.accountAdmin.id, w.a.users.siteManager.id].sort());
    for (const n of notices)
      expect(n).toMatchObject({
        event: 'application.withdrawn',
        accountId: s.accountId,
        siteId: s.siteId,
        subject: `Application withdrawn: ${c.seeker.name}`,
        link: `/${w.a.account.slug}/${w.a.sites[0].slug}/applications/${app.id}/overview`,
      });
    expect(notices[0]!.content).toContain(c.seeker.name);
    // Reported again (a retry), nothing more is sent.
    await t.deps.db.transaction((tx) => queueWithdrawal(t.deps, tx, s, { applicationId: app.id, historyId: history!.id, seeker: c.seeker }));
    expect(await t.deps.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `%:${history!.id}:%`))).toHaveLength(3);
    expect(await inbox()).toHaveLength(2);
  });

  it('tells no staff member when the Withdrawn stage asks for no email, only confirms to the candidate', async () => {
    const s = { accountId: w.a.account.id, siteId: w.a.sites[0].id };
    await t.deps.db.delete(applicationStages).where(eq(applicationStages.siteId, s.siteId));
    await t.deps.db
      .insert(applicationStages)
      .values(defaultApplicationStages.map((d, position) => ({ ...s, ...d, position, visible: true, emailAdmin: false, emailConsultants: false })));
    const c = await signedInCandidate(t, w.a);
    const app = await insertApp('forklift', c.seeker, 'shortlisted', 1);
    expect((await withdraw(c, app.id)).statusCode).toBe(200);
    const [history] = await t.deps.db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, app.id));
    const sent = await t.deps.db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `%:${history!.id}:%`));
    expect(sent.map((m) => [m.event, m.toEmail])).toEqual([['application.status.withdrawn', c.seeker.email]]);
    expect(await t.deps.db.select().from(notifications).where(like(notifications.dedupeKey, `%:${history!.id}:%`))).toEqual([]);
  });

  it('refuses an unsuccessful application, and lets an offer be declined', async () => {
    const c = await signedInCandidate(t, w.a);
    const closed = await insertApp('forklift', c.seeker, 'unsuccessful', 1);
    expect((await withdraw(c, closed.id)).json()).toEqual(coded({ message: candidateMessages.cannotWithdraw }));
    const offer = await insertApp('barista', c.seeker, 'offered', 1);
    expect((await withdraw(c, offer.id)).json().status).toBe('withdrawn');
  });

  it("answers 404 for another candidate's application or one of another site", async () => {
    const c = await signedInCandidate(t, w.a);
    const other = await signedInCandidate(t, w.a);
    const theirs = await insertApp('forklift', other.seeker, 'applied', 1);
    const elsewhere = await insertApp('secondSite', c.seeker, 'applied', 1);
    for (const id of [theirs.id, elsewhere.id, crypto.randomUUID()]) expect((await withdraw(c, id)).statusCode).toBe(404);
    const rows = await t.deps.db.select({ status: applications.status }).from(applications).where(eq(applications.id, theirs.id));
    expect(rows[0]!.status).toBe('applied');
  });
});

describe('PUT /v1/board/candidates/me/applications/:uuid/feedback', () => {
  it('gives feedback, changes it by sending again, and staff read it', async () => {
    const c = await signedInCandidate(t, w.a);
    const app = await insertApp('forklift', c.seeker, 'screening', 1);
    const first = await feedback(c, app.id, { rating: 5, employer_recommended: true, additional_feedback: 'Quick and kind.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: app.id, feedback: { rating: 5, employer_recommended: true, additional_feedback: 'Quick and kind.' } });
    const second = await feedback(c, app.id, { rating: 2, employer_recommended: false });
    expect(second.json().feedback).toEqual({ rating: 2, employer_recommended: false, additional_feedback: null });
    const rows = await t.deps.db.select().from(applicationFeedbacks).where(eq(applicationFeedbacks.applicationId, app.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdByUserId).toBeNull();

    const staff = await admin.get(`/v1/applications/${app.id}/seeker-application-feedback`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().feedback).toMatchObject({ rating: 2, employer_recommended: false, additional_feedback: null });
  });

  it('checks the body, the owner and the feedback form', async () => {
    const c = await signedInCandidate(t, w.a);
    const app = await insertApp('forklift', c.seeker, 'applied', 1);
    const bad = await feedback(c, app.id, { rating: 6, employer_recommended: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ rating: [messages.invalid], employer_recommended: [messages.invalid] });
    const other = await signedInCandidate(t, w.a);
    expect((await feedback(other, app.id, { rating: 3, employer_recommended: false })).statusCode).toBe(404);
    try {
      await setForm(t, w.a.sites[0].id, 'feedback', { enabled: false, handler: 'internal' });
      const off = await feedback(c, app.id, { rating: 3, employer_recommended: false });
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe(messages.formNotAvailable);
    } finally {
      await setForm(t, w.a.sites[0].id, 'feedback', { enabled: true, handler: 'internal' });
    }
    expect(await t.deps.db.select().from(applicationFeedbacks).where(eq(applicationFeedbacks.applicationId, app.id))).toEqual([]);
  });
});
