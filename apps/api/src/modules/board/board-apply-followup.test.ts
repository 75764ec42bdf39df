import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seekers } from '../../db/schema/seekers';
import { addResume, signedInCandidate } from '../../test/candidates';
import { createTestApp, type TestApp } from '../../test/harness';
import { eventMailTo } from '../../test/mail';
import { boardClient, forkliftQuestions, goodAnswers, type ForkliftQuestions } from './board-applications.fixtures';
import { createBoardWorld, type BoardWorld } from './board.fixtures';

/* What follows an application on the board: the candidate's receipt, the resume they uploaded, the job page knowing. */

let t: TestApp;
let w: BoardWorld;
let q: ForkliftQuestions;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
  q = await forkliftQuestions(t, w);
});
afterAll(() => t.close());

const applyUrl = (jobId: string) => `/v1/board/jobs/${jobId}/apply`;
const candidate = async (opts: Parameters<typeof signedInCandidate>[2] = {}) => {
  const c = await signedInCandidate(t, w.a, opts);
  return { ...c, board: boardClient(t, w.host, c.token) };
};

describe('after applying', () => {
  it('sends the candidate an "application received" email that links to their applications on the board', async () => {
    const c = await candidate({ name: 'Rita Receipt' });
    const res = await c.board.post(applyUrl(w.ids.forklift), { answers: goodAnswers(q) });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await eventMailTo(t, c.seeker.email, 'application.received');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Forklift Driver');
    expect(mails[0]!.text).toContain(`${w.host}`);
    expect(mails[0]!.text).toContain('/me/applications');
    expect(mails[0]!.dedupeKey).toBe(`application.received:${res.json().application.id}`);
  });

  it('sends the same receipt after a knock-out answer, which it does not mention', async () => {
    const c = await candidate();
    const answers = goodAnswers(q).map((a) => (a.question_id === q.licence ? { ...a, answer: 'no' } : a));
    expect((await c.board.post(applyUrl(w.ids.forklift), { answers })).statusCode).toBe(201);
    const [mail] = await eventMailTo(t, c.seeker.email, 'application.received');
    expect(mail).toBeDefined();
    expect(mail!.text.toLowerCase()).not.toContain('knock');
    expect(mail!.text.toLowerCase()).not.toContain('unsuccessful');
  });

  it("does not name the knock-out answer in the candidate's data export (docs/board.md)", async () => {
    const c = await candidate();
    const answers = goodAnswers(q).map((a) => (a.question_id === q.skills ? { ...a, answer: ['Counterbalance', 'None'] } : a));
    expect((await c.board.post(applyUrl(w.ids.forklift), { answers })).statusCode).toBe(201);
    const res = await c.board.get('/v1/board/candidates/me/export');
    expect(res.statusCode, res.body).toBe(200);
    const [app] = res.json().applications;
    expect(app.answers).toHaveLength(5);
    expect(app.answers.find((a: { question_id: string }) => a.question_id === q.skills)).toMatchObject({ answer: ['Counterbalance', 'None'] });
    for (const a of app.answers) expect(Object.keys(a)).not.toContain('knocked_out');
  });

  it('keeps a resume uploaded while applying on the profile, for the next application', async () => {
    const c = await candidate({ withResume: false });
    const uploaded = await addResume(t, c.seeker);
    const first = await c.board.post(applyUrl(w.ids.forklift), { answers: goodAnswers(q), resume_file_id: uploaded });
    expect(first.statusCode, first.body).toBe(201);
    const [row] = await t.deps.db.select({ resume: seekers.resumeFileId }).from(seekers).where(eq(seekers.id, c.seeker.id));
    expect(row!.resume).toBe(uploaded);
    const profile = await c.board.get('/v1/board/candidates/me');
    expect(profile.json().resume?.id).toBe(uploaded);
    // The next application needs no upload.
    const second = await c.board.post(applyUrl(w.ids.barista), { answers: [] });
    expect(second.statusCode, second.body).toBe(201);
  });

  it("lists the candidate's application for one job, so the job's page can say when they applied", async () => {
    const c = await candidate();
    const res = await c.board.post(applyUrl(w.ids.barista), { answers: [] });
    expect(res.statusCode, res.body).toBe(201);
    const mine = await c.board.get('/v1/board/candidates/me/applications', { job_id: w.ids.barista });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((a: { id: string }) => a.id)).toEqual([res.json().application.id]);
    const none = await c.board.get('/v1/board/candidates/me/applications', { job_id: w.ids.forklift });
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const bad = await c.board.get('/v1/board/candidates/me/applications', { job_id: 'nope' });
    expect(bad.statusCode).toBe(422);
  });
});
