import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateMessages } from '@hireline/contract/board-candidates';
import { impersonationMessages } from '@hireline/contract/impersonation';
import { messages } from '@hireline/contract/messages';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../../db/schema/applications';
import { flaggedJobReports, jobFeedbacks, jobs } from '../../db/schema/jobs';
import { files } from '../../db/schema/platform';
import { seekerDocuments, seekers } from '../../db/schema/seekers';
import { createTestApp, type TestApp } from '../../test/harness';
import { addApplication } from '../../test/applications';
import { addVisaTypes, auditFor, seekerById } from './board-candidates.fixtures';
import { candidateClient, impersonate, nextIp, PASSWORD, signUp, type SignedUp } from '../../test/candidates';
import { createBoardWorld, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

// A real 1×1 PNG and the start of a real PDF: types are decided from the bytes, never the name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// A Windows executable's headers (MZ, then PE at offset 0x80).
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

let t: TestApp;
let w: BoardWorld;
let betaHost: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
  betaHost = `jobs.${w.b.account.domain}`;
  await addVisaTypes(t, w.a);
});
afterAll(() => t.close());

const ME = '/v1/board/candidates/me';
const upload = (c: SignedUp, purpose: string, name: string, bytes: Buffer) => c.client.upload(`${ME}/files`, { purpose }, { name, bytes });
const fileRow = async (id: string) => (await t.deps.db.select().from(files).where(eq(files.id, id)))[0] ?? null;

describe('GET /v1/board/candidates/me', () => {
  it("answers the profile with the site's enabled options in order, and no banner", async () => {
    const c = await signUp(t, w.host, { name: 'Olive Options' });
    const res = await c.client.get(ME);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: c.id,
      profile_id: expect.stringMatching(/^SK-\d{6,}$/),
      name: 'Olive Options',
      email: c.email,
      phone: null,
      location: null,
      visa_type: null,
      desired_work_type: null,
      resume: null,
      documents: [],
      options: {
        visa_types: [
          { value: 'citizen', label: 'Citizen' },
          { value: 'work_visa', label: 'Work visa' },
        ],
        work_types: [
          { value: 'full_time', label: 'Full time' },
          { value: 'part_time', label: 'Part time' },
        ],
      },
    });
  });

  it('names the staff member acting as the candidate', async () => {
    const c = await signUp(t, w.host);
    const { token } = await impersonate(t, w.a, c.id, 'Fixing a typo');
    const res = await candidateClient(t, w.host, token).get(ME);
    expect(res.statusCode, res.body).toBe(200);
    const by = { name: expect.stringContaining('admin') };
    expect(res.json().impersonating).toEqual({ by, reason: 'Fixing a typo', expires_at: expect.any(String) });
  });
});

describe('PATCH /v1/board/candidates/me', () => {
  it('changes the profile; choices are stored as values and answered with labels; audited', async () => {
    const c = await signUp(t, w.host);
    const patch = { name: 'Pia Patched', phone: '0411 111 111', location: 'Perth', visa_type: 'work_visa', desired_work_type: 'part_time' };
    const res = await c.client.patch(ME, patch);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Pia Patched',
      phone: '0411 111 111',
      location: 'Perth',
      visa_type: { value: 'work_visa', label: 'Work visa' },
      desired_work_type: { value: 'part_time', label: 'Part time' },
    });
    expect(await seekerById(t, c.id)).toMatchObject({ name: 'Pia Patched', visaType: 'work_visa', desiredWorkType: 'part_time' });
    const [entry] = await auditFor(t, c.id, 'seeker.update');
    expect(entry).toMatchObject({ actorUserId: null, impersonatorUserId: null, accountId: w.a.account.id });
    expect((entry!.data as { fields: string[] }).fields.sort()).toEqual(['desired_work_type', 'location', 'name', 'phone', 'visa_type']);

    // Empty text clears; a partial patch leaves the rest.
    const cleared = await c.client.patch(ME, { phone: '', visa_type: null });
    expect(cleared.json()).toMatchObject({ name: 'Pia Patched', phone: null, visa_type: null, desired_work_type: { value: 'part_time' } });
  });

  it('refuses options the site does not offer, and an empty name', async () => {
    const c = await signUp(t, w.host);
    const res = await c.client.patch(ME, { visa_type: 'student', desired_work_type: 'casual' });
    expect(res.statusCode).toBe(422);
    const errors = { visa_type: [messages.invalid], desired_work_type: [messages.invalid] };
    expect(res.json()).toEqual(coded({ message: messages.givenDataInvalid, errors }));
    expect((await c.client.patch(ME, { desired_work_type: 'astronaut' })).json().errors).toEqual({ desired_work_type: [messages.invalid] });
    expect((await c.client.patch(ME, { name: '  ' })).json().errors).toEqual({ name: [messages.required] });
    expect((await c.client.patch(ME, { email: 'x@example.test' })).statusCode).toBe(422);
    expect(await auditFor(t, c.id, 'seeker.update')).toEqual([]);
  });

  it('keeps a value whose option the site switched off since, and shows its label', async () => {
    const c = await signUp(t, w.host);
    await t.deps.db.update(seekers).set({ visaType: 'student' }).where(eq(seekers.id, c.id));
    const res = await c.client.patch(ME, { visa_type: 'student', location: 'Hobart' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().visa_type).toEqual({ value: 'student', label: 'Student visa' });
  });

  it('attaches only a resume the candidate uploaded', async () => {
    const c = await signUp(t, w.host);
    const other = await signUp(t, w.host);
    const mine = (await upload(c, 'resume', 'cv.pdf', PDF)).json();
    const theirs = (await upload(other, 'resume', 'cv.pdf', PDF)).json();
    const doc = (await upload(c, 'document', 'letter.pdf', PDF)).json();
    for (const id of [theirs.id, doc.id, crypto.randomUUID()]) {
      const res = await c.client.patch(ME, { resume_file_id: id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ resume_file_id: [messages.invalid] });
    }
    expect((await c.client.patch(ME, { resume_file_id: 'not-a-uuid' })).statusCode).toBe(422);

    const res = await c.client.patch(ME, { resume_file_id: mine.id });
    expect(res.statusCode, res.body).toBe(200);
    const signed = expect.stringMatching(/signature=/);
    expect(res.json().resume).toMatchObject({ id: mine.id, purpose: 'resume', name: 'cv.pdf', mime: 'application/pdf', url: signed });
    const served = await t.app.inject({ method: 'GET', url: res.json().resume.url });
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect((await c.client.patch(ME, { resume_file_id: null })).json().resume).toBeNull();
  });

  it('records the staff member when they change the profile as the candidate', async () => {
    const c = await signUp(t, w.host);
    const { token } = await impersonate(t, w.a, c.id);
    expect((await candidateClient(t, w.host, token).patch(ME, { location: 'Darwin' })).statusCode).toBe(200);
    const [entry] = await auditFor(t, c.id, 'seeker.update');
    expect(entry).toMatchObject({ impersonatorUserId: w.a.users.accountAdmin.id, actorUserId: null });
  });
});

describe('files', () => {
  it('stores a resume and lists an uploaded document on the profile', async () => {
    const c = await signUp(t, w.host);
    const resume = await upload(c, 'resume', 'My CV.pdf', PDF);
    expect(resume.statusCode, resume.body).toBe(201);
    expect(resume.json()).toMatchObject({ purpose: 'resume', name: 'My CV.pdf', mime: 'application/pdf', size: PDF.length });
    expect(await fileRow(resume.json().id)).toMatchObject({ ownerSeekerId: c.id, accountId: w.a.account.id });
    const doc = await upload(c, 'document', 'licence.txt', Buffer.from('Forklift licence\n'));
    expect(doc.statusCode, doc.body).toBe(201);
    const profile = (await c.client.get(ME)).json();
    expect(profile.documents.map((d: { id: string; mime: string }) => [d.id, d.mime])).toEqual([[doc.json().id, 'text/plain']]);
    // A resume is attached by the profile form, not by uploading.
    expect(profile.resume).toBeNull();
  });

  it('refuses renamed files, other purposes and files over the limit', async () => {
    const c = await signUp(t, w.host);
    for (const bytes of [PNG, EXE]) {
      const res = await upload(c, 'resume', 'cv.pdf', bytes);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ file: [messages.fileType(['pdf', 'doc', 'docx', 'rtf', 'txt'])] });
    }
    expect((await upload(c, 'document', 'scan.pdf', PNG)).statusCode).toBe(422);
    const banner = await upload(c, 'banner', 'b.png', PNG);
    expect(banner.json().errors).toEqual({ purpose: [messages.invalid] });
    const big = await upload(c, 'resume', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(coded({ message: messages.fileTooLarge(10), errors: { file: [messages.fileTooLarge(10)] } }));
    expect(await t.deps.db.select().from(files).where(eq(files.ownerSeekerId, c.id))).toEqual([]);
    expect((await candidateClient(t, w.host).upload(`${ME}/files`, { purpose: 'resume' }, { name: 'cv.pdf', bytes: PDF })).statusCode).toBe(401);
  });

  it('allows 30 uploads an hour per candidate', async () => {
    const c = await signUp(t, w.host);
    // Refused uploads count too: the limit is on what the candidate sends, not on what is kept.
    for (let i = 0; i < 30; i++) expect((await upload(c, 'banner', 'b.png', PNG)).statusCode).toBe(422);
    const limited = await upload(c, 'resume', 'cv.pdf', PDF);
    expect(limited.statusCode).toBe(429);
    expect((await upload(await signUp(t, w.host), 'resume', 'cv.pdf', PDF)).statusCode).toBe(201);
  });

  it('removes a document with its file and bytes; another candidate’s is 404', async () => {
    const c = await signUp(t, w.host);
    const other = await signUp(t, w.host);
    const doc = (await upload(c, 'document', 'letter.pdf', PDF)).json();
    const row = (await fileRow(doc.id))!;
    expect(await t.deps.storage.get(row.storageKey)).not.toBeNull();

    expect((await other.client.del(`${ME}/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await c.client.del(`${ME}/documents/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(await fileRow(doc.id)).not.toBeNull();

    const res = await c.client.del(`${ME}/documents/${doc.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.deps.db.select().from(seekerDocuments).where(eq(seekerDocuments.fileId, doc.id))).toEqual([]);
    expect(await fileRow(doc.id)).toBeNull();
    expect(await t.deps.storage.get(row.storageKey)).toBeNull();
    expect((await c.client.get(ME)).json().documents).toEqual([]);
    expect((await c.client.del(`${ME}/documents/${doc.id}`)).statusCode).toBe(404);
  });
});

/** An application to Alpha's forklift advert with history and feedback, and a rating and a report of the advert. */
async function boardHistory(c: SignedUp) {
  const db = t.deps.db;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, w.ids.forklift));
  const seeker = await seekerById(t, c.id);
  const answers = [{ question_id: 'q1', label: 'Licence?', type: 'text' as const, answer: 'LIC-77', knocked_out: false }];
  const app = await addApplication(t, job!, seeker, { answers });
  await db.update(applications).set({ coverLetter: 'Hello from the candidate' }).where(eq(applications.id, app.id));
  const where = { accountId: job!.accountId, siteId: job!.siteId, jobId: job!.id };
  const ofApp = { accountId: app.accountId, applicationId: app.id };
  await db.insert(applicationStatusHistory).values({ ...ofApp, toStatus: 'applied', actorSeekerId: seeker.id });
  await db.insert(applicationFeedbacks).values({ ...ofApp, rating: 5, employerRecommended: true, additionalFeedback: 'Smooth' });
  await db.insert(jobFeedbacks).values({ ...where, seekerId: seeker.id, rating: 3, comment: 'Fair advert' });
  const reporter = { reporterSeekerId: seeker.id, reporterEmail: c.email };
  await db.insert(flaggedJobReports).values({ ...where, ...reporter, reason: 'misleading', additionalComments: 'Pay is wrong' });
  return app;
}

describe('GET /v1/board/candidates/me/export', () => {
  it('answers everything held on the candidate, audited', async () => {
    const c = await signUp(t, w.host, { name: 'Erin Export' });
    const app = await boardHistory(c);
    const res = await c.client.get(`${ME}/export`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.seeker).toMatchObject({ id: c.id, name: 'Erin Export', email: c.email, email_verified_at: expect.any(String) });
    expect(res.body).not.toContain('argon2');
    expect(body.applications).toHaveLength(1);
    expect(body.applications[0]).toMatchObject({
      id: app.id,
      job: { id: w.ids.forklift, title: 'Forklift Driver' },
      status: 'applied',
      cover_letter: 'Hello from the candidate',
      answers: [{ question_id: 'q1', answer: 'LIC-77' }],
      status_history: [{ from_status: null, to_status: 'applied', actor: 'candidate' }],
      feedback: { rating: 5, employer_recommended: true, additional_feedback: 'Smooth' },
    });
    expect(body.job_feedback).toMatchObject([{ job: { id: w.ids.forklift }, rating: 3, comment: 'Fair advert' }]);
    expect(body.reports).toMatchObject([{ job: { id: w.ids.forklift }, reason: 'misleading', additional_comments: 'Pay is wrong', email: c.email }]);
    const [entry] = await auditFor(t, c.id, 'seeker.export');
    expect(entry).toMatchObject({ data: { applications: 1, documents: 0 }, actorUserId: null });
  });

  it('is 401 on another account’s board', async () => {
    const c = await signUp(t, w.host);
    expect((await candidateClient(t, betaHost, c.token).get(`${ME}/export`)).statusCode).toBe(401);
    expect(await auditFor(t, c.id, 'seeker.export')).toEqual([]);
  });
});

describe('DELETE /v1/board/candidates/me', () => {
  it('needs the password', async () => {
    const c = await signUp(t, w.host);
    const res = await c.client.del(ME, { password: 'Wrong-pass-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { password: [candidateMessages.passwordIncorrect] } }));
    expect((await c.client.del(ME, {})).json().errors).toEqual({ password: [messages.required] });
    expect((await seekerById(t, c.id)).erasedAt).toBeNull();
  });

  it('erases the personal data, keeps the anonymised applications and signs the candidate out everywhere', async () => {
    const c = await signUp(t, w.host, { name: 'Dana Delete' });
    const second = await candidateClient(t, w.host, undefined, nextIp()).post('/v1/board/candidates/login', { email: c.email, password: PASSWORD });
    const app = await boardHistory(c);
    const doc = (await upload(c, 'document', 'letter.pdf', PDF)).json();
    const key = (await fileRow(doc.id))!.storageKey;

    const res = await c.client.del(ME, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(204);
    const row = await seekerById(t, c.id);
    expect(row).toMatchObject({ name: 'Erased candidate', email: `erased-${c.id}@erased.invalid`, passwordHash: null, enabled: false });
    expect(row.erasedAt).toBeInstanceOf(Date);
    const [kept] = await t.deps.db.select().from(applications).where(eq(applications.id, app.id));
    expect(kept).toMatchObject({ status: 'applied', candidateName: 'Erased candidate', answers: [], coverLetter: null });
    expect(await fileRow(doc.id)).toBeNull();
    expect(await t.deps.storage.get(key)).toBeNull();

    expect((await c.client.get(ME)).statusCode).toBe(401);
    expect((await candidateClient(t, w.host, second.json().access_token).get(ME)).statusCode).toBe(401);
    const again = await candidateClient(t, w.host, undefined, nextIp()).post('/v1/board/candidates/login', { email: c.email, password: PASSWORD });
    expect(again.statusCode).toBe(401);
    const [entry] = await auditFor(t, c.id, 'seeker.delete_self');
    expect(entry).toMatchObject({ accountId: w.a.account.id, actorUserId: null, data: { files: 1 } });
    expect(JSON.stringify(entry)).not.toContain('Dana');
  });

  it('is refused to a staff member acting as the candidate', async () => {
    const c = await signUp(t, w.host);
    const { token } = await impersonate(t, w.a, c.id);
    const res = await candidateClient(t, w.host, token).del(ME, { password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(coded({ message: impersonationMessages.whileImpersonating }));
    expect((await seekerById(t, c.id)).erasedAt).toBeNull();
    expect((await c.client.get(ME)).statusCode).toBe(200);
  });
});
