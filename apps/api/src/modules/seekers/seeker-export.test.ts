import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addSeeker } from '../../test/applications';
import { userWith } from '../../test/people';
import { account, addRichSeeker, auditOf, seekerClient, site, type SeekerClient } from './seekers.fixtures';

let t: TestApp;
let a: Tenant;
let admin: SeekerClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  admin = seekerClient(t, await login(t.app, a.users.accountAdmin.email), site(a));
});
afterAll(() => t.close());

describe('GET /v1/seekers/:uuid/export', () => {
  it('answers everything held: profile, documents, applications on every site with answers, history and feedback', async () => {
    const rich = await addRichSeeker(t, a);
    const { seeker, files } = rich;
    const res = await admin.get(`/v1/seekers/${seeker.id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Date.now() - Date.parse(body.exported_at)).toBeLessThan(60_000);
    expect(body.seeker).toEqual({
      id: seeker.id,
      profile_id: seeker.profileId,
      name: 'Anna Smith',
      email: seeker.email,
      phone: '+44 20 7946 0000',
      location: 'Leeds',
      visa_type: 'Citizen',
      desired_work_type: 'Full time',
      tags: ['relocating'],
      enabled: true,
      erased: false,
      created_at: seeker.createdAt.toISOString(),
      last_active_at: null,
      email_verified_at: '2030-01-02T12:00:00.000Z',
      disabled_at: null,
    });
    // Never the password hash, whatever else is held.
    expect(res.body).not.toContain('argon2-hash');
    expect(body.documents.map((d: { id: string; kind: string }) => [d.id, d.kind])).toEqual([
      [files.resume, 'resume'],
      [files.document, 'document'],
    ]);

    expect(body.applications.map((x: { id: string }) => x.id)).toEqual([rich.applications.second.id, rich.applications.first.id]);
    expect(body.applications[1]).toEqual({
      id: rich.applications.first.id,
      site: { id: a.sites[0].id, name: 'Alpha Jobs' },
      job: { id: rich.job.id, title: 'Forklift Driver', reference_number: null },
      employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
      status: 'shortlisted',
      status_changed_at: expect.any(String),
      source: 'board',
      knocked_out: false,
      enabled: true,
      tags: [],
      candidate_name: 'Anna Smith',
      candidate_email: seeker.email,
      cover_letter: 'Dear hiring manager, I am Anna.',
      resume: { id: files.sent, name: 'cv-sent.pdf', mime: 'application/pdf', size: expect.any(Number), kind: 'resume', created_at: expect.any(String) },
      // Which answer knocked an application out is never told to the candidate, to whom this document goes.
      answers: [{ question_id: 'q1', label: 'Licence number?', type: 'text', answer: 'LIC-42 Anna Smith' }],
      withdrawn_at: null,
      created_at: '2030-01-05T12:00:00.000Z',
      updated_at: expect.any(String),
      status_history: [
        { from_status: null, to_status: 'applied', actor: 'candidate', created_at: '2030-01-05T12:00:00.000Z' },
        { from_status: 'applied', to_status: 'shortlisted', actor: 'user', created_at: '2030-01-06T12:00:00.000Z' },
      ],
      feedback: {
        rating: 4,
        employer_recommended: true,
        additional_feedback: 'Anna here: great process.',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(body.job_feedback).toEqual([
      {
        id: rich.board.feedback.id,
        job: { id: rich.job.id, title: rich.job.title },
        rating: 2,
        employer_recommended: false,
        comment: 'Signed, Anna Smith',
        created_at: expect.any(String),
      },
    ]);
    expect(body.reports).toMatchObject([{ id: rich.board.report.id, job: { id: rich.job.id }, reason: 'scam', additional_comments: 'Call Anna Smith' }]);
    expect(body.applications[0]).toMatchObject({
      site: { id: a.sites[1].id },
      job: { title: 'Night Nurse' },
      status_history: [],
      feedback: null,
      resume: null,
    });
  });

  it('is audited, without personal data', async () => {
    const { seeker } = await addRichSeeker(t, a, { name: 'Quinn Export' });
    await admin.get(`/v1/seekers/${seeker.id}/export`);
    const entries = await auditOf(t, seeker.id);
    expect(entries.map((e) => [e.action, e.actorUserId, e.accountId, e.data])).toEqual([
      ['seeker.export', a.users.accountAdmin.id, a.account.id, { applications: 2, documents: 2 }],
    ]);
    expect(JSON.stringify(entries)).not.toContain('Quinn');
  });

  it('works without a selected site and for a seeker holding nothing', async () => {
    const s = await addSeeker(t, a);
    const res = await seekerClient(t, await login(t.app, a.users.accountAdmin.email), account(a)).get(`/v1/seekers/${s.id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ seeker: { id: s.id }, documents: [], applications: [] });
  });

  it('needs seekers.export', async () => {
    const s = await addSeeker(t, a);
    const consultant = await userWith(t, a, ['seekers.view', 'seekers.update', 'seekers.delete']);
    expect((await seekerClient(t, consultant.token, site(a)).get(`/v1/seekers/${s.id}/export`)).statusCode).toBe(403);
    expect(await auditOf(t, s.id)).toEqual([]);
  });
});
