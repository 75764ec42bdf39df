import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages } from '@hireline/contract/admin-messages';
import type { ApplicationStage } from '@hireline/contract/applications';
import type { ApplicationStatus } from '@hireline/contract/enums';
import { messages } from '@hireline/contract/messages';
import { applicationStatusHistory } from '../../db/schema/applications';
import { auditLogs, emailOutbox } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { client, site1, type Client } from '../../test/client';
import { addApplication, addSeeker } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { historyRows, rowOf } from './application-tests.fixtures';
import { coded } from '../../test/errors';

/*
 * A stage the site hides: staff cannot move an application into it (single, bulk or preview), an application
 * already there stays readable and may stay or leave, and the hidden set is the caller's site's alone.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let job: Awaited<ReturnType<typeof addLiveJob>>;
const all = { admin: true, consultants: true, candidate: true };
const HIDDEN = applicationMessages.stageHidden;

/** Hides `statuses` (and shows every other) through the site settings, as an admin does. */
async function hide(c: Client, statuses: ApplicationStatus[]) {
  const stages = (await c.get('/v1/site/application-stages')).json() as ApplicationStage[];
  const body = stages.map((s) => ({
    status: s.status,
    label: s.label,
    color: s.color,
    visible: !statuses.includes(s.status),
    email_admin: s.email_admin,
    email_consultants: s.email_consultants,
    email_candidate: s.email_candidate,
  }));
  const res = await c.put('/v1/site/application-stages', body);
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  job = await addLiveJob(t, a, { title: 'Forklift Driver' });
  await hide(admin, ['shortlisted']);
  // Offered is hidden on the other tenant's site and on this tenant's second site, never on site 1.
  await hide(client(t, await login(t.app, b.users.accountAdmin.email), site1(b)), ['offered']);
  await hide(client(t, await login(t.app, a.users.accountAdmin.email), { accountId: a.account.id, siteId: a.sites[1].id }), ['offered']);
});
afterAll(() => t.close());

const applicationIn = async (status: ApplicationStatus) => addApplication(t, job, await addSeeker(t, a), { status });
const move = (id: string, status: string) => admin.post(`/v1/applications/${id}/status`, { status, notify: all });
const written = async () => ({
  history: (await t.deps.db.select({ n: count() }).from(applicationStatusHistory))[0]!.n,
  outbox: (await t.deps.db.select({ n: count() }).from(emailOutbox))[0]!.n,
  audit: (await t.deps.db.select({ n: count() }).from(auditLogs))[0]!.n,
});

describe('moving an application to a hidden stage', () => {
  it('is refused for one application with a 422 on the status, and nothing is written or sent', async () => {
    const app = await applicationIn('applied');
    const before = await written();
    const res = await move(app.id, 'shortlisted');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { status: [HIDDEN] } }));
    expect(res.json().error_codes).toEqual({ status: [{ code: 'applications.stage_hidden' }] });
    expect((await rowOf(t, app.id))!.status).toBe('applied');
    expect(await written()).toEqual(before);
  });

  it('still moves one to a shown stage, even one another site or tenant hides', async () => {
    const app = await applicationIn('applied');
    const res = await move(app.id, 'offered');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('offered');
    expect((await historyRows(t, app.id)).map((h) => h.toStatus)).toEqual(['offered']);
  });

  it('leaves an application already in the hidden stage readable, where it is, and free to leave', async () => {
    const app = await applicationIn('shortlisted');
    const overview = await admin.get(`/v1/applications/${app.id}/overview`);
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({ status: 'shortlisted', allowed_actions: expect.arrayContaining(['status']) });
    const stay = await move(app.id, 'shortlisted');
    expect(stay.statusCode, stay.body).toBe(200);
    expect(await historyRows(t, app.id)).toEqual([]);
    expect((await move(app.id, 'interviewed')).json().status).toBe('interviewed');
  });

  it("answers 404 for another tenant's application, whatever the stage", async () => {
    const foreign = await addApplication(t, await addLiveJob(t, b), await addSeeker(t, b));
    expect((await move(foreign.id, 'shortlisted')).statusCode).toBe(404);
    expect((await move(foreign.id, 'offered')).statusCode).toBe(404);
    expect((await rowOf(t, foreign.id))!.status).toBe('applied');
  });

  it('in bulk, reports each application it would have moved as refused, beside the other outcomes, writing nothing', async () => {
    const one = await applicationIn('applied');
    const two = await applicationIn('screening');
    const there = await applicationIn('shortlisted');
    const withdrawn = await applicationIn('withdrawn');
    const foreign = await addApplication(t, await addLiveJob(t, b), await addSeeker(t, b));
    const ids = [one.id, there.id, withdrawn.id, foreign.id, two.id];
    const before = await written();
    const res = await admin.post('/v1/applications/bulk', { action: 'status', ids, status: 'shortlisted', notify: all });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: one.id, ok: false, status: 'applied', message: HIDDEN },
      { id: there.id, ok: true, status: 'shortlisted', message: 'Unchanged.' },
      { id: withdrawn.id, ok: false, status: 'withdrawn', message: 'A withdrawn application cannot be changed.' },
      { id: foreign.id, ok: false, status: null, message: messages.notFound },
      { id: two.id, ok: false, status: 'screening', message: HIDDEN },
    ]);
    expect((await rowOf(t, one.id))!.status).toBe('applied');
    expect((await rowOf(t, two.id))!.status).toBe('screening');
    expect(await written()).toEqual(before);

    // The preview says the same before anything is asked: nobody changes, nobody is emailed.
    const preview = await admin.post('/v1/applications/status/preview', { ids, status: 'shortlisted', notify: all });
    expect(preview.json()).toMatchObject({
      changing: 0,
      skipped: [
        { id: one.id, message: HIDDEN },
        { id: there.id, message: 'Unchanged.' },
        { id: withdrawn.id, message: 'A withdrawn application cannot be changed.' },
        { id: foreign.id, message: messages.notFound },
        { id: two.id, message: HIDDEN },
      ],
      recipients: { admin: [], consultants: [], candidates: 0 },
      email: null,
    });

    // The same selection to a shown stage moves every one it may.
    const shown = await admin.post('/v1/applications/bulk', { action: 'status', ids, status: 'offered', notify: all });
    expect(shown.json().results.map((r: { ok: boolean; status: string | null }) => [r.ok, r.status])).toEqual([
      [true, 'offered'],
      [true, 'offered'],
      [false, 'withdrawn'],
      [false, null],
      [true, 'offered'],
    ]);
  });
});

describe('the stage counts beside the list, with applications in a hidden stage', () => {
  it('count every application the list shows: the total is the unfiltered list, each status its filtered list', async () => {
    await applicationIn('shortlisted');
    const counts = (await admin.get('/v1/applications/counts')).json() as { total: number; by_status: { status: ApplicationStatus; count: number }[] };
    const listTotal = async (query: Record<string, string | string[]> = {}) =>
      (await admin.get('/v1/applications', { per_page: '1', ...query })).json().meta.total as number;
    expect(counts.by_status.find((c) => c.status === 'shortlisted')!.count).toBeGreaterThan(0);
    expect(await listTotal()).toBe(counts.total);
    expect(await listTotal({ status: 'shortlisted' })).toBe(counts.by_status.find((c) => c.status === 'shortlisted')!.count);
    // The portal's "All" asks for the shown stages: the list and the sum of their counts agree.
    const shown = counts.by_status.filter((c) => c.status !== 'shortlisted');
    expect(await listTotal({ status: shown.map((c) => c.status) })).toBe(shown.reduce((n, c) => n + c.count, 0));
  });
});
