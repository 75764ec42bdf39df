import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { messages } from '@hireline/contract/messages';
import { applications, applicationStatusHistory } from '../../db/schema/applications';
import { notificationPreferences } from '../../db/schema/notifications';
import { auditLogs } from '../../db/schema/platform';
import { sessions } from '../../db/schema/identity';
import { seekers } from '../../db/schema/seekers';
import { sha256 } from '../../platform/crypto';
import { startSeekerImpersonation } from '../../platform/seeker-sessions';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { boardClient, forkliftQuestions, goodAnswers, noticesFor, setForm, type ForkliftQuestions } from './board-applications.fixtures';
import { addResume, signedInCandidate } from '../../test/candidates';
import { mailsFor } from '../../test/mail';
import { createBoardWorld, hiddenKeys, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let w: BoardWorld;
let q: ForkliftQuestions;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
  q = await forkliftQuestions(t, w);
  // The site manager reads application notices by email only: no inbox row for them, but a mail.
  await t.deps.db.insert(notificationPreferences).values({ userId: w.a.users.siteManager.id, event: 'application.created', channel: 'email' });
});
afterAll(() => t.close());

const applyUrl = (jobId: string) => `/v1/board/jobs/${jobId}/apply`;
const candidate = async (opts: Parameters<typeof signedInCandidate>[2] = {}) => {
  const c = await signedInCandidate(t, w.a, opts);
  return { ...c, board: boardClient(t, w.host, c.token) };
};
const appRow = async (id: string) => (await t.deps.db.select().from(applications).where(eq(applications.id, id)))[0]!;
const history = (id: string) =>
  t.deps.db
    .select({ from: applicationStatusHistory.fromStatus, to: applicationStatusHistory.toStatus, seeker: applicationStatusHistory.actorSeekerId })
    .from(applicationStatusHistory)
    .where(eq(applicationStatusHistory.applicationId, id))
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
const portalLink = (id: string) => `/${w.a.account.slug}/main/applications/${id}/overview`;

describe('POST /v1/board/jobs/:uuid/apply', () => {
  it('stores the application with its answers and history, and tells the staff', async () => {
    const c = await candidate({ name: 'Ann Applicant' });
    const res = await c.board.post(applyUrl(w.ids.forklift), { answers: goodAnswers(q), cover_letter: '  I drive well.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      application: {
        id: expect.any(String),
        job: { id: w.ids.forklift, title: 'Forklift Driver', employer_name: 'Alpha Employer 1', live: true },
        status: 'received',
        applied_at: expect.any(String),
        withdrawn_at: null,
        can_withdraw: true,
        feedback: null,
        job_rating: null,
      },
      message: candidateMessages.applied,
    });
    const id = body.application.id as string;
    const row = await appRow(id);
    expect(row).toMatchObject({
      accountId: w.a.account.id,
      siteId: w.a.sites[0].id,
      jobId: w.ids.forklift,
      employerId: w.a.employers[0].id,
      seekerId: c.seeker.id,
      status: 'applied',
      source: 'board',
      knockedOut: false,
      resumeFileId: c.resume,
      coverLetter: 'I drive well.',
      candidateName: 'Ann Applicant',
      candidateEmail: c.seeker.email,
      jobTitle: 'Forklift Driver',
    });
    expect(row.answers).toEqual([
      { question_id: q.licence, label: 'Do you hold a forklift licence?', type: 'yes_no', answer: 'yes', knocked_out: false },
      { question_id: q.shift, label: 'Preferred shift?', type: 'single_choice', answer: 'Night', knocked_out: false },
      { question_id: q.skills, label: 'Which can you drive?', type: 'multiple_choice', answer: ['Counterbalance', 'Reach truck'], knocked_out: false },
      { question_id: q.years, label: 'Years of experience', type: 'number', answer: 4, knocked_out: false },
      { question_id: q.note, label: 'Anything else?', type: 'long_text', answer: null, knocked_out: false },
    ]);
    expect(await history(id)).toEqual([{ from: null, to: 'applied', seeker: c.seeker.id }]);
    const [seeker] = await t.deps.db.select({ at: seekers.lastActiveAt }).from(seekers).where(eq(seekers.id, c.seeker.id));
    expect(seeker!.at).not.toBeNull();
    const [entry] = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, id), eq(auditLogs.action, 'application.create')));
    expect(entry).toMatchObject({ accountId: w.a.account.id, actorUserId: null, impersonatorUserId: null, subjectType: 'application' });
    expect(entry!.data).toMatchObject({ seeker_id: c.seeker.id, job_id: w.ids.forklift, status: 'applied' });

    // Admin (site staff), the employer's user and the job's consultant in-app; the manager chose email only.
    const { accountAdmin, siteManager, employerAdmin, noRole } = w.a.users;
    const notices = await noticesFor(t, 'application.created', portalLink(id));
    expect(notices.map((n) => n.userId).sort()).toEqual([accountAdmin.id, employerAdmin.id, noRole.id].sort());
    expect(notices[0]!.subject).toContain('Forklift Driver');
    expect(await mailsFor(t, 'application.created', id)).toEqual([accountAdmin.email, siteManager.email, employerAdmin.email, noRole.email].sort());
  });

  it('takes a knock-out answer: Unsuccessful on arrival, told politely without naming the answer', async () => {
    const c = await candidate();
    const answers = goodAnswers(q).map((a) => (a.question_id === q.licence ? { ...a, answer: false } : a));
    const res = await c.board.post(applyUrl(w.ids.forklift), { answers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(candidateMessages.knockedOut);
    expect(res.json().application).toMatchObject({ status: 'unsuccessful', can_withdraw: false });
    for (const leak of ['licence', 'knock', q.licence, 'Do you hold']) expect(res.body).not.toContain(leak);
    const id = res.json().application.id as string;
    const row = await appRow(id);
    expect(row).toMatchObject({ status: 'unsuccessful', knockedOut: true });
    expect(row.answers.find((a) => a.question_id === q.licence)).toMatchObject({ answer: 'no', knocked_out: true });
    expect(await history(id)).toEqual([
      { from: null, to: 'applied', seeker: c.seeker.id },
      { from: 'applied', to: 'unsuccessful', seeker: c.seeker.id },
    ]);
    // The manager's email-only choice was for application.created: this event reaches all four in-app.
    expect((await noticesFor(t, 'application.knocked_out', portalLink(id))).length).toBe(4);
    expect(await noticesFor(t, 'application.created', portalLink(id))).toEqual([]);
  });

  it('knocks out on any knock-out option of a multiple choice', async () => {
    const c = await candidate();
    const answers = goodAnswers(q).map((a) => (a.question_id === q.skills ? { ...a, answer: ['Counterbalance', 'None'] } : a));
    const res = await c.board.post(applyUrl(w.ids.forklift), { answers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(candidateMessages.knockedOut);
  });

  it('answers 422 per question for missing, invalid and unknown answers, writing nothing', async () => {
    const c = await candidate();
    const unknown = crypto.randomUUID();
    const res = await c.board.post(applyUrl(w.ids.forklift), {
      answers: [
        { question_id: q.licence, answer: '  ' },
        { question_id: q.shift, answer: 'Evening' },
        { question_id: q.skills, answer: ['Crane'] },
        { question_id: q.years, answer: 'many' },
        { question_id: unknown, answer: 'x' },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual(coded({
      message: messages.givenDataInvalid,
      errors: {
        [`answers.${q.licence}`]: [candidateMessages.answerRequired],
        [`answers.${q.shift}`]: [candidateMessages.answerInvalid],
        [`answers.${q.skills}`]: [candidateMessages.answerInvalid],
        [`answers.${q.years}`]: [candidateMessages.answerNumber],
        [`answers.${unknown}`]: [messages.invalid],
      },
    }));
    const missing = await c.board.post(applyUrl(w.ids.forklift), { answers: [] });
    expect(Object.keys(missing.json().errors).sort()).toEqual([`answers.${q.licence}`, `answers.${q.shift}`, `answers.${q.years}`].sort());
    const text = await c.board.post(applyUrl(w.ids.forklift), { answers: [...goodAnswers(q), { question_id: q.note, answer: 12 }] });
    expect(text.json().errors).toEqual({ [`answers.${q.note}`]: [messages.invalid] });
    expect(await t.deps.db.select().from(applications).where(eq(applications.seekerId, c.seeker.id))).toEqual([]);
  });

  it('accepts a number typed as text, and rejects a malformed body', async () => {
    const c = await candidate();
    const bad = await c.board.post(applyUrl(w.ids.forklift), { answers: [{ question_id: 'nope', answer: 1 }], extra: true });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ extra: expect.any(Array), 'answers.0.question_id': expect.any(Array) });
    const answers = goodAnswers(q).map((a) => (a.question_id === q.years ? { ...a, answer: ' 2.5 ' } : a));
    const res = await c.board.post(applyUrl(w.ids.forklift), { answers });
    expect(res.statusCode, res.body).toBe(201);
    expect((await appRow(res.json().application.id)).answers.find((a) => a.question_id === q.years)!.answer).toBe(2.5);
  });

  it('needs a resume: the profile one, or one the candidate uploaded', async () => {
    const c = await candidate({ withResume: false });
    const none = await c.board.post(applyUrl(w.ids.forklift), { answers: goodAnswers(q) });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ resume_file_id: [candidateMessages.resumeRequired] });

    const other = await candidate();
    const foreign = await c.board.post(applyUrl(w.ids.forklift), { answers: goodAnswers(q), resume_file_id: other.resume });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ resume_file_id: [messages.invalid] });
    const document = await addResume(t, c.seeker, 'document');
    expect((await c.board.post(applyUrl(w.ids.forklift), { answers: goodAnswers(q), resume_file_id: document })).statusCode).toBe(422);

    const mine = await addResume(t, c.seeker);
    const ok = await c.board.post(applyUrl(w.ids.forklift), { answers: goodAnswers(q), resume_file_id: mine });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await appRow(ok.json().application.id)).resumeFileId).toBe(mine);
  });

  it('refuses a second application for the same job, also when two arrive at once', async () => {
    const c = await candidate();
    expect((await c.board.post(applyUrl(w.ids.barista), {})).statusCode).toBe(201);
    const again = await c.board.post(applyUrl(w.ids.barista), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(candidateMessages.alreadyApplied);

    const d = await candidate();
    const both = await Promise.all([d.board.post(applyUrl(w.ids.barista), {}), d.board.post(applyUrl(w.ids.barista), {})]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(candidateMessages.alreadyApplied);
    const rows = await t.deps.db.select().from(applications).where(and(eq(applications.seekerId, d.seeker.id), eq(applications.jobId, w.ids.barista)));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for anything not live on this board, another tenant’s job included', async () => {
    const c = await candidate();
    for (const key of hiddenKeys) {
      const res = await c.board.post(applyUrl(w.ids[key]), {});
      expect(res.statusCode, key).toBe(404);
    }
    expect((await c.board.post(applyUrl(crypto.randomUUID()), {})).statusCode).toBe(404);
    expect(await t.deps.db.select().from(applications).where(eq(applications.seekerId, c.seeker.id))).toEqual([]);
  });

  it('answers 401 without a session, and for a candidate of another account', async () => {
    expect((await boardClient(t, w.host).post(applyUrl(w.ids.barista), {})).statusCode).toBe(401);
    const beta = await signedInCandidate(t, w.b);
    expect((await boardClient(t, w.host, beta.token).post(applyUrl(w.ids.barista), {})).statusCode).toBe(401);
  });

  it('sends applications for url and email adverts elsewhere (409)', async () => {
    const c = await candidate();
    for (const job of [w.ids.developer, w.ids.nurse]) {
      const res = await c.board.post(applyUrl(job), {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(candidateMessages.applyElsewhere);
    }
  });

  it('answers the form errors when the site turned the application form off or misconfigured it', async () => {
    const c = await candidate();
    const site = w.a.sites[0].id;
    try {
      await setForm(t, site, 'application', { enabled: false, handler: 'internal' });
      const off = await c.board.post(applyUrl(w.ids.barista), {});
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe('Form not available.');
      await setForm(t, site, 'application', { enabled: true, handler: 'webhook', url: null });
      expect((await c.board.post(applyUrl(w.ids.barista), {})).json().message).toBe(messages.noFormUrl);
    } finally {
      await setForm(t, site, 'application', { enabled: true, handler: 'internal' });
    }
    expect(await t.deps.db.select().from(applications).where(eq(applications.seekerId, c.seeker.id))).toEqual([]);
  });

  it('asks a candidate without a confirmed email to confirm it first', async () => {
    const c = await candidate({ verified: false });
    const res = await c.board.post(applyUrl(w.ids.barista), {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(candidateMessages.verifyFirst);
  });

  it('audits an application made by staff acting as the candidate with the staff member', async () => {
    const c = await candidate();
    const staffToken = await login(t.app, w.a.users.accountAdmin.email);
    const [parent] = await t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, sha256(staffToken)));
    const acting = await startSeekerImpersonation(t.deps.db, {
      ...{ accountId: w.a.account.id, seekerId: c.seeker.id, parentSessionId: parent!.id, impersonatorUserId: w.a.users.accountAdmin.id },
      ...{ type: 'seeker', reason: 'Phone support', expiresAt: new Date(Date.now() + 600_000), client: { ip: '127.0.0.1', userAgent: null } },
    });
    const res = await boardClient(t, w.host, acting.token).post(applyUrl(w.ids.barista), {});
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, res.json().application.id), eq(auditLogs.action, 'application.create')));
    expect(entry).toMatchObject({ actorUserId: null, impersonatorUserId: w.a.users.accountAdmin.id });
    expect((await appRow(res.json().application.id)).seekerId).toBe(c.seeker.id);
  });

  it('also posts the application, signed, to a webhook form after storing it', async () => {
    const c = await candidate();
    const site = w.a.sites[0].id;
    const fetcher = vi.spyOn(t.deps.outbound, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    try {
      await setForm(t, site, 'application', { enabled: true, handler: 'webhook', url: 'https://hooks.example/apply', secret: 's3cret' });
      const res = await c.board.post(applyUrl(w.ids.barista), { cover_letter: 'Coffee!' });
      expect(res.statusCode, res.body).toBe(201);
      await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
      const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('https://hooks.example/apply');
      expect((init.headers as Record<string, string>)['x-hireline-signature']).toMatch(/^t=\d+,v1=[\w-]+$/);
      const sent = JSON.parse(init.body as string);
      expect(sent).toMatchObject({ event: 'application.submitted', data: { application_id: res.json().application.id, cover_letter: 'Coffee!' } });
    } finally {
      fetcher.mockRestore();
      await setForm(t, site, 'application', { enabled: true, handler: 'internal' });
    }
  });
});
