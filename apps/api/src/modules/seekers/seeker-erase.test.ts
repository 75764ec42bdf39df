import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { applicationFeedbacks } from '../../db/schema/applications';
import { seekerSessions } from '../../db/schema/identity';
import { emailOutbox, files } from '../../db/schema/platform';
import { flaggedJobReports, jobFeedbacks } from '../../db/schema/jobs';
import { seekerDocuments } from '../../db/schema/seekers';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addSeeker } from '../../test/applications';
import { userWith } from '../../test/people';
import { addRichSeeker, applicationRows, auditOf, seekerClient, seekerRow, site, type SeekerClient } from './seekers.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let admin: SeekerClient;
const reason = 'Privacy request #42 by email';

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  admin = seekerClient(t, await login(t.app, a.users.accountAdmin.email), site(a));
});
afterAll(() => t.close());

describe('POST /v1/seekers/:uuid/erase', () => {
  it('removes every piece of personal data and keeps the anonymised record', async () => {
    const rich = await addRichSeeker(t, a);
    const { seeker } = rich;
    const kept = await addRichSeeker(t, a, { name: 'Bob Jones' });
    const db = t.deps.db;
    const res = await admin.post(`/v1/seekers/${seeker.id}/erase`, { reason });
    expect(res.statusCode, res.body).toBe(200);
    const erasedEmail = `erased-${seeker.id}@erased.invalid`;
    expect(res.json()).toMatchObject({
      id: seeker.id,
      profile_id: seeker.profileId,
      name: 'Erased candidate',
      email: erasedEmail,
      phone: null,
      location: null,
      visa_type: null,
      desired_work_type: null,
      tags: [],
      enabled: false,
      erased: true,
      erased_at: expect.any(String),
      disabled_at: expect.any(String),
      email_verified_at: null,
      resume: null,
      documents: [],
      applications_count: 1,
      allowed_actions: ['delete', 'export'],
    });

    const row = (await seekerRow(t, seeker.id))!;
    expect(row).toMatchObject({ name: 'Erased candidate', email: erasedEmail, phone: null, location: null, visaType: null, desiredWorkType: null });
    expect(row).toMatchObject({ passwordHash: null, resumeFileId: null, tags: [], enabled: false, emailVerifiedAt: null });
    expect(row.erasedAt).toBeInstanceOf(Date);
    expect(row.disabledAt).toBeInstanceOf(Date);

    // Applications stay, with their status, but hold nothing of the person.
    const apps = await applicationRows(t, seeker.id);
    expect(apps).toHaveLength(2);
    for (const x of apps) {
      expect(x).toMatchObject({ candidateName: 'Erased candidate', candidateEmail: erasedEmail, answers: [], coverLetter: null, resumeFileId: null });
    }
    expect(apps.find((x) => x.id === rich.applications.first.id)!.status).toBe('shortlisted');
    const [feedback] = await db.select().from(applicationFeedbacks).where(eq(applicationFeedbacks.applicationId, rich.applications.first.id));
    expect(feedback).toMatchObject({ additionalFeedback: null, rating: 4 });
    const [jobFeedback] = await db.select().from(jobFeedbacks).where(eq(jobFeedbacks.id, rich.board.feedback.id));
    // The rating and the yes/no stay, as on application feedback: only the free text can hold personal data.
    expect(jobFeedback).toMatchObject({ comment: null, rating: 2, employerRecommended: false });
    const [report] = await db.select().from(flaggedJobReports).where(eq(flaggedJobReports.id, rich.board.report.id));
    expect(report).toMatchObject({ reporterEmail: null, additionalComments: null, reason: 'scam' });
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.id, rich.board.mail.id))).toEqual([]);

    // Files: rows and bytes.
    expect(await db.select().from(seekerDocuments).where(eq(seekerDocuments.seekerId, seeker.id))).toEqual([]);
    expect(await db.select().from(files).where(inArray(files.id, Object.values(rich.files)))).toEqual([]);
    for (const key of rich.keys) expect(await t.deps.storage.get(key)).toBeNull();
    const [session] = await db.select().from(seekerSessions).where(eq(seekerSessions.id, rich.session.id));
    expect(session!.revokedAt).toBeInstanceOf(Date);

    // Nothing of the person is left anywhere in what the API answers about them.
    const everything = JSON.stringify([
      (await admin.get(`/v1/seekers/${seeker.id}/export`)).json(),
      (await admin.get(`/v1/seekers/${seeker.id}/job-applications`)).json(),
      row,
      apps,
    ]);
    for (const personal of ['Anna', seeker.email, '7946', 'Leeds', 'Citizen', 'LIC-42', 'Dear hiring', 'argon2', 'relocating']) {
      expect(everything).not.toContain(personal);
    }

    // The other candidate keeps everything.
    expect(await seekerRow(t, kept.seeker.id)).toMatchObject({ name: 'Bob Jones', phone: '+44 20 7946 0000' });
    for (const key of kept.keys) expect(await t.deps.storage.get(key)).not.toBeNull();
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.id, kept.board.mail.id))).toHaveLength(1);
  });

  it('is audited with the reason and no personal data', async () => {
    const { seeker } = await addRichSeeker(t, a, { name: 'Quinn Erase' });
    await admin.post(`/v1/seekers/${seeker.id}/erase`, { reason });
    const entries = await auditOf(t, seeker.id);
    expect(entries.map((e) => [e.action, e.actorUserId, e.accountId, e.data])).toEqual([
      ['seeker.erase', a.users.accountAdmin.id, a.account.id, { reason, files: 4 }],
    ]);
    expect(JSON.stringify(entries)).not.toContain('Quinn');
  });

  it('is final: a second erase, enabling and tagging are 409', async () => {
    const s = await addSeeker(t, a);
    expect((await admin.post(`/v1/seekers/${s.id}/erase`, { reason })).statusCode).toBe(200);
    const again = await admin.post(`/v1/seekers/${s.id}/erase`, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(coded({ message: "This seeker's personal data was already erased." }));
    expect((await admin.post(`/v1/seekers/${s.id}/enable`)).json()).toEqual(coded({ message: 'A disabled seeker cannot be enabled again.' }));
    expect((await admin.post(`/v1/seekers/${s.id}/disable`)).statusCode).toBe(409);
    expect((await admin.put(`/v1/seekers/${s.id}/tags`, { tags: ['x'] })).statusCode).toBe(409);
    expect(await auditOf(t, s.id)).toHaveLength(1);
  });

  it('keeps an earlier disabled_at and still counts the seeker in the list', async () => {
    const disabledAt = new Date('2030-01-01T00:00:00Z');
    const s = await addSeeker(t, a, { name: 'Uma Counted', enabled: false, disabledAt });
    const before = (await admin.get('/v1/seekers')).json().meta.total;
    await admin.post(`/v1/seekers/${s.id}/erase`, { reason });
    expect((await seekerRow(t, s.id))!.disabledAt).toEqual(disabledAt);
    const list = (await admin.get('/v1/seekers')).json();
    expect(list.meta.total).toBe(before);
    expect(list.data.find((x: { id: string }) => x.id === s.id)).toMatchObject({ name: 'Erased candidate', erased: true });
    expect((await admin.get('/v1/seekers', { q: 'Uma' })).json().meta.total).toBe(0);
  });

  it('needs a reason and seekers.delete', async () => {
    const s = await addSeeker(t, a);
    const missing = await admin.post(`/v1/seekers/${s.id}/erase`, {});
    expect(missing.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { reason: [messages.required] } }));
    expect((await admin.post(`/v1/seekers/${s.id}/erase`, { reason: '  ' })).json().errors).toEqual({ reason: [messages.required] });
    const consultant = await userWith(t, a, ['seekers.view', 'seekers.update', 'seekers.export']);
    expect((await seekerClient(t, consultant.token, site(a)).post(`/v1/seekers/${s.id}/erase`, { reason })).statusCode).toBe(403);
    expect((await seekerRow(t, s.id))!.erasedAt).toBeNull();
  });
});
