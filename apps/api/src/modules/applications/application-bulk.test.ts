import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { applicationFeedbacks, applicationStatusHistory } from '../../db/schema/applications';
import { auditLogs, emailOutbox } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, site1, type Client } from '../../test/client';
import { userWith } from '../../test/people';
import { addApplication, addSeeker, type ApplicationOpts, addMailableConsultant } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { addFeedback, historyRows, rowOf } from './application-tests.fixtures';
import { mailMark, newMail } from '../../test/mail';
import { coded } from '../../test/errors';
import { auditOf } from '../../test/audit';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
const all = { admin: true, consultants: true, candidate: true };
const none = { admin: false, consultants: false, candidate: false };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
});
afterAll(() => t.close());

/** Three applications on two consultants' jobs, plus a withdrawn, an unchanged, another tenant's and another site's. */
async function scene() {
  const c1 = await addMailableConsultant(t, a, { name: 'Carla' });
  const c2 = await addMailableConsultant(t, a, { name: 'Dmitri' });
  const j1 = await addLiveJob(t, a, { title: 'Forklift Driver', consultantId: c1.id });
  const j2 = await addLiveJob(t, a, { title: 'Night Nurse', consultantId: c2.id });
  const app = async (job: typeof j1, opts: ApplicationOpts, name: string) => addApplication(t, job, await addSeeker(t, a, { name }), opts);
  return {
    c1,
    c2,
    one: await app(j1, { status: 'applied' }, 'Ann One'),
    two: await app(j1, { status: 'screening' }, 'Ben Two'),
    three: await app(j2, { status: 'applied' }, 'Cat Three'),
    withdrawn: await app(j2, { status: 'withdrawn' }, 'Dan Gone'),
    same: await app(j2, { status: 'interviewed' }, 'Eve Same'),
    foreign: await addApplication(t, await addLiveJob(t, b), await addSeeker(t, b), { status: 'applied' }),
    otherSite: await addApplication(t, await addLiveJob(t, a, { site: 1 }), await addSeeker(t, a), { status: 'applied' }),
  };
}

const totalRows = async () => ({
  history: (await t.deps.db.select({ n: count() }).from(applicationStatusHistory))[0]!.n,
  outbox: (await t.deps.db.select({ n: count() }).from(emailOutbox))[0]!.n,
  audit: (await t.deps.db.select({ n: count() }).from(auditLogs))[0]!.n,
});

/** The stage counts of site 1 as the portal reads them, by status. */
async function stageCounts(query: Record<string, string> = {}) {
  const res = await admin.get('/v1/applications/counts', query);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json().by_status.map((c: { status: string; count: number }) => [c.status, c.count])) as Record<string, number>;
}

describe('POST /v1/applications/bulk: status', () => {
  it('changes each application it may, reports every other one beside it, and emails each person once', async () => {
    const s = await scene();
    const missing = crypto.randomUUID();
    const ids = [s.one.id, s.withdrawn.id, s.foreign.id, s.same.id, missing, s.two.id, s.otherSite.id, s.three.id];
    const mark = await mailMark(t);
    const tabs = await stageCounts();
    const res = await admin.post('/v1/applications/bulk', { action: 'status', ids, status: 'interviewed', notify: all });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: s.one.id, ok: true, status: 'interviewed', message: null },
      { id: s.withdrawn.id, ok: false, status: 'withdrawn', message: 'A withdrawn application cannot be changed.' },
      { id: s.foreign.id, ok: false, status: null, message: messages.notFound },
      { id: s.same.id, ok: true, status: 'interviewed', message: 'Unchanged.' },
      { id: missing, ok: false, status: null, message: messages.notFound },
      { id: s.two.id, ok: true, status: 'interviewed', message: null },
      { id: s.otherSite.id, ok: false, status: null, message: messages.notFound },
      { id: s.three.id, ok: true, status: 'interviewed', message: null },
    ]);
    expect((await rowOf(t, s.foreign.id))!.status).toBe('applied');
    expect((await rowOf(t, s.otherSite.id))!.status).toBe('applied');
    expect(await historyRows(t, s.same.id)).toEqual([]);
    expect((await historyRows(t, s.two.id))[0]).toMatchObject({ fromStatus: 'screening', toStatus: 'interviewed', notify: all });
    expect((await auditOf(t, s.three.id)).map((r) => r.action)).toEqual(['application.status']);
    // The stage tabs follow: the stored counters and a real count (a filter that matches everything) agree.
    const after = await stageCounts();
    expect(['applied', 'screening', 'interviewed'].map((k) => after[k]! - tabs[k]!)).toEqual([-2, -1, 3]);
    expect(after).toEqual(await stageCounts({ created_from: '2000-01-01' }));

    const mail = await newMail(t, mark);
    expect(mail.map((m) => [m.event, m.toEmail])).toEqual([
      ['application.status.admin', a.users.accountAdmin.email],
      ['application.status.admin', a.users.siteManager.email],
      // newMail sorts by event, then address: the consultants' addresses carry a counter that other files advance.
      ...[s.c1.email, s.c2.email].sort().map((email) => ['application.status.consultant', email]),
      ...[s.one, s.two, s.three].map((x) => ['application.status.interviewed', x.candidateEmail]).sort((x, y) => x[1]!.localeCompare(y[1]!)),
    ]);
    const summary = mail[0]!;
    expect(summary.subject).toBe(`Applications moved to Interviewed on ${summary.text.split('\n')[0]}`);
    for (const line of ['Ann One – Forklift Driver (Applied → Interviewed)', 'Ben Two – Forklift Driver (Screening → Interviewed)', 'Cat Three – Night Nurse (Applied → Interviewed)'])
      expect(summary.text).toContain(line);
    expect(summary.text).not.toContain('Eve Same');
    const carla = mail.find((m) => m.toEmail === s.c1.email)!;
    expect(carla.subject).toBe('Applications for your jobs moved to Interviewed');
    expect(carla.text).toContain('Ann One');
    expect(carla.text).not.toContain('Cat Three');
    expect(mail.find((m) => m.toEmail === s.c2.email)!.text).toContain('Cat Three');

    // The same request again changes nothing, so nothing more is written or sent.
    const before = await totalRows();
    const again = await admin.post('/v1/applications/bulk', { action: 'status', ids, status: 'interviewed', notify: all });
    expect(again.json().results.filter((r: { ok: boolean }) => r.ok).map((r: { message: string }) => r.message)).toEqual(['Unchanged.', 'Unchanged.', 'Unchanged.', 'Unchanged.']);
    expect(await totalRows()).toEqual(before);
  });

  it('reports every item as unauthorized for a caller without applications.status, touching none', async () => {
    const s = await scene();
    const viewer = await userWith(t, a, ['applications.view']);
    const res = await client(t, viewer.token, site1(a)).post('/v1/applications/bulk', { action: 'status', ids: [s.one.id, s.foreign.id], status: 'new', notify: none });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: s.one.id, ok: false, status: 'applied', message: messages.unauthorized },
      { id: s.foreign.id, ok: false, status: null, message: messages.notFound },
    ]);
    expect((await rowOf(t, s.one.id))!.status).toBe('applied');
  });

  it('validates the body', async () => {
    const id = crypto.randomUUID();
    const noStatus = await admin.post('/v1/applications/bulk', { action: 'status', ids: [id] });
    expect(noStatus.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { status: [messages.required], notify: [messages.required] } }));
    expect((await admin.post('/v1/applications/bulk', { action: 'status', ids: [id], status: 'withdrawn', notify: none })).statusCode).toBe(422);
    expect((await admin.post('/v1/applications/bulk', { action: 'enable', ids: [] })).json().errors).toEqual({ ids: [messages.required] });
    const many = Array.from({ length: 501 }, () => crypto.randomUUID());
    expect((await admin.post('/v1/applications/bulk', { action: 'enable', ids: many })).json().errors).toEqual({ ids: ['At most 500 applications at once.'] });
  });
});

describe('POST /v1/applications/status/preview', () => {
  it('says what the change would do and writes nothing', async () => {
    const s = await scene();
    const ids = [s.one.id, s.two.id, s.three.id, s.withdrawn.id, s.same.id, s.foreign.id];
    const before = await totalRows();
    const res = await admin.post('/v1/applications/status/preview', { ids, status: 'interviewed', notify: all });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      to: 'interviewed',
      changing: 3,
      from: [
        { status: 'applied', count: 2 },
        { status: 'screening', count: 1 },
      ],
      skipped: [
        { id: s.withdrawn.id, message: 'A withdrawn application cannot be changed.' },
        { id: s.same.id, message: 'Unchanged.' },
        { id: s.foreign.id, message: messages.notFound },
      ],
      recipients: {
        // By name: the factory calls them `admin …` and `manager …`.
        admin: [
          { name: expect.stringMatching(/^admin /), email: a.users.accountAdmin.email },
          { name: expect.stringMatching(/^manager /), email: a.users.siteManager.email },
        ],
        consultants: [
          { name: 'Carla', email: s.c1.email },
          { name: 'Dmitri', email: s.c2.email },
        ],
        candidates: 3,
      },
    });
    expect(body.email.subject).toBe('Your application for Forklift Driver: Interviewed');
    expect(body.email.text).toContain('Hello Ann One,');
    expect(body.email.html).toContain('<!doctype html>');
    expect(await totalRows()).toEqual(before);
    expect((await rowOf(t, s.one.id))!.status).toBe('applied');

    const quiet = await admin.post('/v1/applications/status/preview', { ids, status: 'interviewed', notify: none });
    expect(quiet.json()).toMatchObject({ changing: 3, recipients: { admin: [], consultants: [], candidates: 0 }, email: null });
  });

  it('needs applications.status', async () => {
    const viewer = await userWith(t, a, ['applications.view']);
    const res = await client(t, viewer.token, site1(a)).post('/v1/applications/status/preview', { ids: [crypto.randomUUID()], status: 'new', notify: none });
    expect(res.statusCode).toBe(403);
  });
});

describe('enable, disable and delete', () => {
  it('one at a time, each audited, answering the overview', async () => {
    const s = await scene();
    const off = await admin.post(`/v1/applications/${s.one.id}/disable`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, allowed_actions: expect.arrayContaining(['enable']) });
    expect(off.json().allowed_actions).not.toContain('disable');
    expect((await admin.post(`/v1/applications/${s.one.id}/disable`)).json().enabled).toBe(false);
    const on = await admin.post(`/v1/applications/${s.one.id}/enable`);
    expect(on.json()).toMatchObject({ enabled: true, allowed_actions: expect.arrayContaining(['disable']) });
    expect(on.json().allowed_actions).not.toContain('enable');
    expect((await auditOf(t, s.one.id)).map((r) => r.action)).toEqual(['application.disabled', 'application.enabled']);

    await addFeedback(t, s.two, { rating: 4 });
    await admin.post(`/v1/applications/${s.two.id}/status`, { status: 'offered', notify: none });
    const del = await admin.del(`/v1/applications/${s.two.id}`);
    expect(del.statusCode).toBe(204);
    expect(await rowOf(t, s.two.id)).toBeNull();
    expect(await historyRows(t, s.two.id)).toEqual([]);
    expect(await t.deps.db.select().from(applicationFeedbacks).where(eq(applicationFeedbacks.applicationId, s.two.id))).toEqual([]);
    expect((await auditOf(t, s.two.id)).at(-1)).toMatchObject({ action: 'application.deleted', data: { candidate_name: 'Ben Two', job_title: 'Forklift Driver', status: 'offered' } });
    expect((await admin.get(`/v1/applications/${s.two.id}/overview`)).statusCode).toBe(404);
    expect((await admin.del(`/v1/applications/${s.foreign.id}`)).statusCode).toBe(404);
    expect((await admin.post(`/v1/applications/${s.foreign.id}/disable`)).statusCode).toBe(404);
    expect((await rowOf(t, s.foreign.id))!.enabled).toBe(true);
  });

  it('in bulk, item by item, with the permission of each action', async () => {
    const s = await scene();
    await admin.post(`/v1/applications/${s.two.id}/disable`);
    const off = await admin.post('/v1/applications/bulk', { action: 'disable', ids: [s.one.id, s.two.id, s.foreign.id] });
    expect(off.json().results).toEqual([
      { id: s.one.id, ok: true, status: 'applied', message: null },
      { id: s.two.id, ok: true, status: 'screening', message: 'Unchanged.' },
      { id: s.foreign.id, ok: false, status: null, message: messages.notFound },
    ]);
    expect((await rowOf(t, s.foreign.id))!.enabled).toBe(true);
    const on = await admin.post('/v1/applications/bulk', { action: 'enable', ids: [s.one.id] });
    expect(on.json().results[0]).toMatchObject({ ok: true, message: null });
    expect((await rowOf(t, s.one.id))!.enabled).toBe(true);

    const editor = await userWith(t, a, ['applications.view', 'applications.update']);
    const c = client(t, editor.token, site1(a));
    const refused = await c.post('/v1/applications/bulk', { action: 'delete', ids: [s.three.id, s.foreign.id] });
    expect(refused.json().results).toEqual([
      { id: s.three.id, ok: false, status: 'applied', message: messages.unauthorized },
      { id: s.foreign.id, ok: false, status: null, message: messages.notFound },
    ]);
    expect(await rowOf(t, s.three.id)).not.toBeNull();
    expect((await c.del(`/v1/applications/${s.three.id}`)).statusCode).toBe(403);

    const gone = await admin.post('/v1/applications/bulk', { action: 'delete', ids: [s.three.id, s.withdrawn.id, s.foreign.id] });
    expect(gone.json().results).toEqual([
      { id: s.three.id, ok: true, status: null, message: null },
      { id: s.withdrawn.id, ok: true, status: null, message: null },
      { id: s.foreign.id, ok: false, status: null, message: messages.notFound },
    ]);
    expect(await rowOf(t, s.three.id)).toBeNull();
    expect(await rowOf(t, s.foreign.id)).not.toBeNull();
  });
});
