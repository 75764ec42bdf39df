import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { applications, applicationStatusHistory } from '../../db/schema/applications';
import { files } from '../../db/schema/platform';
import { seekerDocuments } from '../../db/schema/seekers';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addConsultant, addLiveJob } from '../../test/jobs';
import { client, employer1, site1, type Client } from '../../test/client';
import { addApplication, addSeeker, addSeekerFile, tinyPdf } from '../../test/applications';
import { addFeedback } from './application-tests.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let app: Awaited<ReturnType<typeof addApplication>>;
let seeker: Awaited<ReturnType<typeof addSeeker>>;
let consultant: { id: string; name: string };
let resume: string;
let letter: string;
let portfolio: string;
const cv = tinyPdf('Ann Archer');

const answers = [
  { question_id: 'q1', label: 'Do you hold a forklift licence?', type: 'yes_no' as const, answer: 'no', knocked_out: true },
  { question_id: 'q2', label: 'Shifts?', type: 'multiple_choice' as const, answer: ['Day', 'Night'], knocked_out: false },
  { question_id: 'q3', label: 'Expected salary', type: 'number' as const, answer: 52000, knocked_out: false },
];

/** One application with a resume, two listed documents of its candidate, answers and a cover letter. */
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  consultant = await addConsultant(t, a, { name: 'Carla Consultant' });
  const job = await addLiveJob(t, a, { title: 'Forklift Driver', consultantId: consultant.id });
  seeker = await addSeeker(t, a, { name: 'Ann Archer', email: 'ann@detail.test', phone: '+61 400 000 000', visaType: 'work_visa', desiredWorkType: 'full_time', location: 'Leeds' });
  resume = await addSeekerFile(t, seeker, { purpose: 'resume', name: 'Ann CV.pdf', bytes: cv });
  letter = await addSeekerFile(t, seeker, { purpose: 'document', name: 'Référence letter.txt', mime: 'text/plain', bytes: Buffer.from('To whom it may concern'), listed: true });
  portfolio = await addSeekerFile(t, seeker, { purpose: 'document', name: 'portfolio.html', mime: 'text/html', bytes: Buffer.from('<script>x</script>'), listed: true });
  app = await addApplication(t, job, seeker, { status: 'screening', answers, knockedOut: true, resumeFileId: resume, tags: ['top-pick'] });
  await t.deps.db.update(applications).set({ coverLetter: 'I would love to drive.' }).where(eq(applications.id, app.id));
});
afterAll(() => t.close());

const url = (path = '') => `/v1/applications/${app.id}${path}`;

describe('GET /v1/applications/:uuid/overview', () => {
  it('answers the candidate, job, consultant, resume and the actions allowed now', async () => {
    const res = await admin.get(url('/overview'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: app.id,
      status: 'screening',
      status_changed_at: expect.any(String),
      enabled: true,
      knocked_out: true,
      source: 'board',
      candidate: {
        id: seeker.id,
        name: 'Ann Archer',
        email: 'ann@detail.test',
        phone: '+61 400 000 000',
        profile_id: seeker.profileId,
        visa_type: 'work_visa',
        desired_work_type: 'full_time',
        location: 'Leeds',
        erased: false,
      },
      job: { id: app.jobId, title: 'Forklift Driver', reference_number: null },
      employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
      consultant: { id: consultant.id, name: 'Carla Consultant' },
      tags: ['top-pick'],
      cover_letter: 'I would love to drive.',
      resume: { id: resume, name: 'Ann CV.pdf', mime: 'application/pdf', size: cv.length, kind: 'resume', created_at: expect.any(String) },
      withdrawn_at: null,
      created_at: app.createdAt.toISOString(),
      updated_at: expect.any(String),
      // `status`: any staff status but its own (applied, registered, new, invited, shortlisted, interviewed, offered,
      // unsuccessful); not `enable`, as it is enabled.
      allowed_actions: ['status', 'disable', 'delete', 'update_tags'],
    });
  });

  it("offers an employer admin only what their role holds, and nothing to move once withdrawn", async () => {
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    const res = await employer.get(url('/overview'));
    expect(res.json().allowed_actions).toEqual(['status']);
    const gone = await addApplication(t, await addLiveJob(t, a), await addSeeker(t, a), { status: 'withdrawn' });
    await t.deps.db.update(applications).set({ withdrawnAt: new Date('2020-01-02T00:00:00Z') }).where(eq(applications.id, gone.id));
    const withdrawn = (await admin.get(`/v1/applications/${gone.id}/overview`)).json();
    expect(withdrawn.withdrawn_at).toBe('2020-01-02T00:00:00.000Z');
    expect(withdrawn.allowed_actions).toEqual(['disable', 'delete', 'update_tags']);
  });
});

describe('the answers and documents tabs', () => {
  it('answers the screening answers as asked, with knock-outs', async () => {
    const res = await admin.get(url('/answers'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ knocked_out: true, answers });
  });

  it('lists the resume first, then the candidate’s documents newest first, each once', async () => {
    await t.deps.db.insert(seekerDocuments).values({ accountId: a.account.id, seekerId: seeker.id, fileId: resume, kind: 'resume' });
    const res = await admin.get(url('/documents'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().documents.map((d: { id: string; kind: string }) => [d.id, d.kind])).toEqual([
      [resume, 'resume'],
      [portfolio, 'document'],
      [letter, 'document'],
    ]);
    expect(res.json().documents[2]).toEqual({ id: letter, name: 'Référence letter.txt', mime: 'text/plain', size: 22, kind: 'document', created_at: expect.any(String) });
    await t.deps.db.delete(seekerDocuments).where(eq(seekerDocuments.fileId, resume));
  });
});

describe('GET /v1/applications/:uuid/files/:file', () => {
  it('sends the resume as a download by default, or inline when asked', async () => {
    const res = await admin.get(url(`/files/${resume}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Ann CV.pdf"; filename*=UTF-8''Ann%20CV.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(cv)).toBe(true);
    const inline = await admin.get(url(`/files/${resume}`), { disposition: 'inline' });
    expect(inline.headers['content-disposition']).toBe(`inline; filename="Ann CV.pdf"; filename*=UTF-8''Ann%20CV.pdf`);
  });

  it('names a document safely and never shows active content inline', async () => {
    const res = await admin.get(url(`/files/${letter}`), { disposition: 'inline' });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toBe(`inline; filename="R_f_rence letter.txt"; filename*=UTF-8''R%C3%A9f%C3%A9rence%20letter.txt`);
    expect(res.body).toBe('To whom it may concern');
    const html = await admin.get(url(`/files/${portfolio}`), { disposition: 'inline' });
    expect(html.headers['content-disposition']).toMatch(/^attachment; /);
    expect((await admin.get(url(`/files/${resume}`), { disposition: 'open' })).statusCode).toBe(422);
  });

  it("is 404 for any file that is not this application's, or whose bytes are gone", async () => {
    const other = await addSeeker(t, a);
    const theirs = await addSeekerFile(t, other, { purpose: 'resume' });
    const unlisted = await addSeekerFile(t, seeker, { purpose: 'document', listed: false });
    await addApplication(t, await addLiveJob(t, a), other, { resumeFileId: theirs });
    for (const id of [theirs, unlisted, crypto.randomUUID()]) expect((await admin.get(url(`/files/${id}`))).statusCode).toBe(404);
    const beta = await addSeeker(t, b);
    const betaFile = await addSeekerFile(t, beta, { purpose: 'resume' });
    const betaApp = await addApplication(t, await addLiveJob(t, b), beta, { resumeFileId: betaFile });
    expect((await admin.get(`/v1/applications/${betaApp.id}/files/${betaFile}`)).statusCode).toBe(404);
    const lost = await addSeekerFile(t, seeker, { purpose: 'document', listed: true });
    const [row] = await t.deps.db.select().from(files).where(eq(files.id, lost));
    await t.deps.storage.delete(row!.storageKey);
    expect((await admin.get(url(`/files/${lost}`))).statusCode).toBe(404);
  });
});

describe('history, tags and feedback', () => {
  it('lists every status change oldest first, with who acted', async () => {
    const other = await addSeeker(t, a, { name: 'Erased Person', erasedAt: new Date() });
    const target = await addApplication(t, await addLiveJob(t, a), seeker, { status: 'applied' });
    const base = { accountId: a.account.id, applicationId: target.id };
    await t.deps.db.insert(applicationStatusHistory).values([
      { ...base, fromStatus: null, toStatus: 'applied', actorSeekerId: seeker.id, createdAt: new Date('2020-01-01T00:00:00Z') },
      { ...base, fromStatus: 'applied', toStatus: 'unsuccessful', createdAt: new Date('2020-01-02T00:00:00Z') },
      { ...base, fromStatus: 'unsuccessful', toStatus: 'applied', actorSeekerId: other.id, createdAt: new Date('2020-01-03T00:00:00Z') },
    ]);
    const notify = { admin: true, consultants: false, candidate: true };
    expect((await admin.post(`/v1/applications/${target.id}/status`, { status: 'new', notify })).statusCode).toBe(200);
    const res = await admin.get(`/v1/applications/${target.id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const none = { admin: false, consultants: false, candidate: false };
    expect(res.json().history).toEqual([
      { id: expect.any(String), from_status: null, to_status: 'applied', actor: { type: 'candidate', name: 'Ann Archer' }, notify: none, created_at: '2020-01-01T00:00:00.000Z' },
      { id: expect.any(String), from_status: 'applied', to_status: 'unsuccessful', actor: { type: 'system', name: null }, notify: none, created_at: '2020-01-02T00:00:00.000Z' },
      { id: expect.any(String), from_status: 'unsuccessful', to_status: 'applied', actor: { type: 'candidate', name: null }, notify: none, created_at: '2020-01-03T00:00:00.000Z' },
      { id: expect.any(String), from_status: 'applied', to_status: 'new', actor: { type: 'user', name: expect.stringMatching(/^admin /) }, notify, created_at: expect.any(String) },
    ]);
  });

  it('reads and replaces tags, lower-cased and without duplicates', async () => {
    expect((await admin.get(url('/tags'))).json()).toEqual({ tags: ['top-pick'] });
    const res = await admin.put(url('/tags'), { tags: ['Follow-Up', 'follow-up', ' Phone-Screened '] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tags: ['follow-up', 'phone-screened'] });
    expect((await admin.get(url('/tags'))).json()).toEqual({ tags: ['follow-up', 'phone-screened'] });
    expect((await admin.get('/v1/applications', { tags: 'phone-screened' })).json().meta.total).toBe(1);
    const tooMany = await admin.put(url('/tags'), { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(tooMany.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { tags: ['At most 20 tags.'] } }));
    const employer = client(t, await login(t.app, a.users.employerAdmin.email), employer1(a));
    expect((await employer.put(url('/tags'), { tags: [] })).statusCode).toBe(403);
    expect((await employer.get(url('/tags'))).statusCode).toBe(200);
    expect((await admin.put(url('/tags'), { tags: [] })).json()).toEqual({ tags: [] });
  });

  it("answers the candidate's feedback, or null until they give it", async () => {
    expect((await admin.get(url('/seeker-application-feedback'))).json()).toEqual({ feedback: null });
    await addFeedback(t, app, { rating: 4, employerRecommended: true, additionalFeedback: 'Quick replies.' });
    const res = await admin.get(url('/seeker-application-feedback'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      feedback: { rating: 4, employer_recommended: true, additional_feedback: 'Quick replies.', created_at: expect.any(String), updated_at: expect.any(String) },
    });
  });
});
