import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { seekerSessions } from '../../db/schema/identity';
import { jobs } from '../../db/schema/jobs';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addApplication, addSeeker } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { userWith } from '../../test/people';
import { account, addImpersonation, addProfileFiles, auditOf, seekerClient, seekerRow, site, type SeekerClient } from './seekers.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let admin: SeekerClient;
let accountWide: SeekerClient;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  const token = await login(t.app, a.users.accountAdmin.email);
  admin = seekerClient(t, token, site(a));
  accountWide = seekerClient(t, token, account(a));
});
afterAll(() => t.close());

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('GET /v1/seekers/:uuid/profile', () => {
  it('shows contact, resume, documents, types, profile id, counts and the allowed actions', async () => {
    const s = await addSeeker(t, a, {
      name: 'Anna Smith',
      phone: '+44 20',
      visaType: 'Citizen',
      desiredWorkType: 'Full time',
      tags: ['night'],
      emailVerifiedAt: at('2030-01-02'),
    });
    const { resume, document } = await addProfileFiles(t, s);
    await addApplication(t, await addLiveJob(t, a), s);
    await addApplication(t, await addLiveJob(t, a, { site: 1 }), s);
    const res = await admin.get(`/v1/seekers/${s.id}/profile`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: s.id,
      profile_id: s.profileId,
      name: 'Anna Smith',
      email: s.email,
      phone: '+44 20',
      visa_type: 'Citizen',
      desired_work_type: 'Full time',
      tags: ['night'],
      enabled: true,
      erased: false,
      email_verified_at: '2030-01-02T12:00:00.000Z',
      disabled_at: null,
      erased_at: null,
      allowed_actions: ['disable', 'delete', 'export', 'erase', 'update_tags'],
    });
    const created_at = expect.any(String);
    expect(body.resume).toEqual({ id: resume, name: 'resume.pdf', mime: 'application/pdf', size: expect.any(Number), kind: 'resume', created_at });
    const size = 'Forklift licence of Anna Smith'.length;
    expect(body.documents).toEqual([{ id: document, name: 'licence.txt', mime: 'text/plain', size, kind: 'document', created_at }]);
    // Counted on the selected site, like the applications tab; the whole account when no site is selected.
    expect(body.applications_count).toBe(1);
    expect((await accountWide.get(`/v1/seekers/${s.id}/profile`)).json().applications_count).toBe(2);
  });

  it('offers only what the caller may do', async () => {
    const s = await addSeeker(t, a);
    const consultant = await userWith(t, a, ['seekers.view', 'seekers.update']);
    const res = await seekerClient(t, consultant.token, site(a)).get(`/v1/seekers/${s.id}/profile`);
    expect(res.json().allowed_actions).toEqual(['disable', 'update_tags']);
    const viewer = await userWith(t, a, ['seekers.view']);
    const viewed = await seekerClient(t, viewer.token, site(a)).get(`/v1/seekers/${s.id}/profile`);
    expect(viewed.json().allowed_actions).toEqual([]);
  });

  it('is 404 for an unknown id and 422 for a malformed one', async () => {
    expect((await admin.get(`/v1/seekers/${crypto.randomUUID()}/profile`)).json()).toEqual(coded({ message: messages.notFound }));
    expect((await admin.get('/v1/seekers/nope/profile')).statusCode).toBe(422);
  });
});

describe('GET /v1/seekers/:uuid/job-applications', () => {
  it("pages the seeker's applications on the selected site, newest first", async () => {
    const s = await addSeeker(t, a, { name: 'Bob Jones' });
    const other = await addSeeker(t, a);
    const jobA = await addLiveJob(t, a, { title: 'Forklift Driver' });
    await t.deps.db.update(jobs).set({ referenceNumber: 'WH-1' }).where(eq(jobs.id, jobA.id));
    const first = await addApplication(t, jobA, s, { createdAt: at('2030-01-01'), tags: ['keen'] });
    const second = await addApplication(t, await addLiveJob(t, a), s, { createdAt: at('2030-01-03'), status: 'shortlisted' });
    const third = await addApplication(t, await addLiveJob(t, a), s, { createdAt: at('2030-01-02'), enabled: false, knockedOut: true });
    await addApplication(t, await addLiveJob(t, a, { site: 1 }), s, { createdAt: at('2030-01-04') });
    await addApplication(t, jobA, other);

    const res = await admin.get(`/v1/seekers/${s.id}/job-applications`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([second.id, third.id, first.id]);
    expect(body.meta).toEqual({ page: 1, per_page: 25, total: 3 });
    expect(body.data[2]).toEqual({
      id: first.id,
      status: 'applied',
      status_changed_at: expect.any(String),
      enabled: true,
      knocked_out: false,
      source: 'board',
      candidate: { id: s.id, name: 'Bob Jones', email: s.email },
      job: { id: jobA.id, title: 'Forklift Driver', reference_number: 'WH-1' },
      employer: { id: a.employers[0].id, name: 'Alpha Employer 1' },
      tags: ['keen'],
      created_at: '2030-01-01T12:00:00.000Z',
    });
    expect(body.data[1]).toMatchObject({ enabled: false, knocked_out: true });

    const p2 = (await admin.get(`/v1/seekers/${s.id}/job-applications`, { per_page: '2', page: '2' })).json();
    expect(p2.data.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect(p2.meta).toEqual({ page: 2, per_page: 2, total: 3 });
    const site2 = await seekerClient(t, await login(t.app, a.users.accountAdmin.email), site(a, 1)).get(`/v1/seekers/${s.id}/job-applications`);
    expect(site2.json().meta.total).toBe(1);
  });

  it('needs a selected site', async () => {
    const s = await addSeeker(t, a);
    expect((await accountWide.get(`/v1/seekers/${s.id}/job-applications`)).statusCode).toBe(404);
  });
});

describe('/v1/seekers/:uuid/tags', () => {
  it('reads and replaces the tags, lower-cased without duplicates', async () => {
    const s = await addSeeker(t, a, { tags: ['old'] });
    expect((await admin.get(`/v1/seekers/${s.id}/tags`)).json()).toEqual({ tags: ['old'] });
    const res = await admin.put(`/v1/seekers/${s.id}/tags`, { tags: ['Night', 'night', ' Forklift '] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tags: ['night', 'forklift'] });
    expect((await seekerRow(t, s.id))!.tags).toEqual(['night', 'forklift']);
    expect((await admin.put(`/v1/seekers/${s.id}/tags`, { tags: [] })).json()).toEqual({ tags: [] });
  });

  it('validates the body', async () => {
    const s = await addSeeker(t, a);
    expect((await admin.put(`/v1/seekers/${s.id}/tags`, { tags: [''] })).json().errors).toEqual({ 'tags.0': [messages.required] });
    // A tag over the limit, or past the 20th, is refused with the limit in words.
    expect((await admin.put(`/v1/seekers/${s.id}/tags`, { tags: ['ok', 'x'.repeat(41)] })).json().errors).toEqual({ 'tags.1': [messages.maxLength(40)] });
    const many = Array.from({ length: 21 }, (_, i) => `tag${i}`);
    expect((await admin.put(`/v1/seekers/${s.id}/tags`, { tags: many })).json().errors).toEqual({ tags: ['At most 20 tags.'] });
    expect((await admin.put(`/v1/seekers/${s.id}/tags`, {})).statusCode).toBe(422);
    expect((await admin.put(`/v1/seekers/${s.id}/tags`, { tags: [], extra: 1 })).json().errors).toEqual({ extra: ['This field is not allowed.'] });
  });

  it('needs seekers.update to change them', async () => {
    const s = await addSeeker(t, a, { tags: ['old'] });
    const viewer = await userWith(t, a, ['seekers.view']);
    const c = seekerClient(t, viewer.token, site(a));
    expect((await c.get(`/v1/seekers/${s.id}/tags`)).statusCode).toBe(200);
    expect((await c.put(`/v1/seekers/${s.id}/tags`, { tags: ['new'] })).statusCode).toBe(403);
    expect((await seekerRow(t, s.id))!.tags).toEqual(['old']);
  });
});

describe('enable and disable', () => {
  it('disables for good: enabled false, disabled_at set, audited, sessions acting as them revoked', async () => {
    const s = await addSeeker(t, a);
    const impersonation = await addImpersonation(t, a.users.accountAdmin.id, s);
    const res = await admin.post(`/v1/seekers/${s.id}/disable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, disabled_at: expect.any(String) });
    expect(res.json().allowed_actions).not.toContain('enable');
    expect(res.json().allowed_actions).not.toContain('disable');
    const row = await seekerRow(t, s.id);
    expect(row!.enabled).toBe(false);
    expect(row!.disabledAt).toBeInstanceOf(Date);
    const [session] = await t.deps.db.select().from(seekerSessions).where(eq(seekerSessions.id, impersonation.id));
    expect(session!.revokedAt).toBeInstanceOf(Date);
    expect((await auditOf(t, s.id)).map((e) => [e.action, e.actorUserId, e.accountId])).toEqual([['seeker.disable', a.users.accountAdmin.id, a.account.id]]);

    const again = await admin.post(`/v1/seekers/${s.id}/disable`);
    expect(again.statusCode).toBe(409);
    const enable = await admin.post(`/v1/seekers/${s.id}/enable`);
    expect(enable.statusCode).toBe(409);
    expect(enable.json()).toEqual(coded({ message: 'A disabled seeker cannot be enabled again.' }));
    expect((await seekerRow(t, s.id))!.enabled).toBe(false);
    expect(await auditOf(t, s.id)).toHaveLength(1);
  });

  it('enables a seeker who was never disabled, audited; enabling an enabled one changes nothing', async () => {
    const s = await addSeeker(t, a, { enabled: false });
    expect((await admin.get(`/v1/seekers/${s.id}/profile`)).json().allowed_actions).toEqual(expect.arrayContaining(['enable', 'disable']));
    const res = await admin.post(`/v1/seekers/${s.id}/enable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, disabled_at: null, allowed_actions: expect.arrayContaining(['disable']) });
    expect(res.json().allowed_actions).not.toContain('enable');
    expect((await seekerRow(t, s.id))!.enabled).toBe(true);
    expect((await auditOf(t, s.id)).map((e) => e.action)).toEqual(['seeker.enable']);
    expect((await admin.post(`/v1/seekers/${s.id}/enable`)).statusCode).toBe(200);
    expect(await auditOf(t, s.id)).toHaveLength(1);
  });

  it('needs seekers.update', async () => {
    const s = await addSeeker(t, a);
    const viewer = await userWith(t, a, ['seekers.view']);
    const res = await seekerClient(t, viewer.token, site(a)).post(`/v1/seekers/${s.id}/disable`);
    expect(res.statusCode).toBe(403);
    expect((await seekerRow(t, s.id))!.enabled).toBe(true);
  });
});
