import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationMessages } from '@hireline/contract/impersonation';
import { seekers } from '../../db/schema/seekers';
import { auditLogs } from '../../db/schema/platform';
import { sites } from '../../db/schema/tenancy';
import { authenticateSeeker } from '../../platform/seeker-sessions';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { addApplication, addSeeker } from '../../test/applications';
import { addLiveJob } from '../../test/jobs';
import { userWith } from '../../test/people';
import { boardOrigin } from './candidate-impersonation.service';

/*
 * Acting as a candidate: the board opens signed in as them, with a session that hangs from the staff session and
 * ends with it; who may (the impersonate permission in the selected scope), and every refusal audited.
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adminToken: string;
let enterpriseId: string;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'http://localhost:3100' });
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  adminToken = await login(t.app, a.users.accountAdmin.email);
  enterpriseId = a.enterpriseId;
});
afterAll(() => t.close());

const reason = 'Candidate cannot see their application';
const impersonate = (token: string, scope: { accountId?: string; siteId?: string; employerId?: string }, body: object) =>
  call(t.app, { token, ...scope }, { method: 'POST', url: '/portal/auth/impersonate', payload: { reason, ...body } });
const fragmentOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1));
const refusals = (subjectId: string) =>
  t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'auth.impersonation_refused'), eq(auditLogs.subjectId, subjectId)));

describe('acting as a seeker', () => {
  it("opens the board of the candidate's account on this deployment's scheme and port, the token in the fragment", async () => {
    const seeker = await addSeeker(t, a);
    const res = await impersonate(adminToken, { accountId: a.account.id, siteId: a.sites[0].id }, { type: 'seeker', id: seeker.id });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const url = new URL(body.board_url);
    expect(url.origin).toBe(`http://jobs.${a.account.domain}:3100`);
    expect(url.pathname).toBe('/impersonate');
    expect(url.search).toBe('');
    expect(fragmentOf(body.board_url).get('token')).toBe(body.access_token);
    expect(body.parent).toBe(adminToken);
    expect(new Date(body.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000 + 1000);

    const session = await authenticateSeeker(t.deps.db, body.access_token, enterpriseId, 60_000);
    expect(session.seeker.id).toBe(seeker.id);
    expect(session.impersonation).toMatchObject({ impersonatorUserId: a.users.accountAdmin.id, reason });
    // The staff member's own portal session carries on.
    expect((await call(t.app, { token: adminToken }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(200);
    const [started] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.impersonation_start'), eq(auditLogs.subjectId, seeker.id)));
    expect(started).toMatchObject({ actorUserId: a.users.accountAdmin.id, subjectType: 'seeker', data: expect.objectContaining({ type: 'seeker', reason }) });
  });

  it("ends the moment the staff session does, and a candidate token is never a staff token", async () => {
    const staffToken = await login(t.app, a.users.accountAdmin.email);
    const seeker = await addSeeker(t, a);
    const res = await impersonate(staffToken, { accountId: a.account.id }, { type: 'seeker', id: seeker.id });
    const token = res.json().access_token as string;
    expect((await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).statusCode).toBe(401);
    expect((await call(t.app, { token: staffToken }, { method: 'DELETE', url: '/portal/auth/logout' })).statusCode).toBeLessThan(300);
    await expect(authenticateSeeker(t.deps.db, token, enterpriseId, 60_000)).rejects.toMatchObject({ statusCode: 401 });
  });

  it("is 404 for another tenant's candidate, 409 for a disabled or erased one, each refusal audited", async () => {
    const other = await addSeeker(t, b);
    const res = await impersonate(adminToken, { accountId: a.account.id }, { type: 'seeker', id: other.id });
    expect(res.statusCode).toBe(404);
    expect(await refusals(other.id)).toHaveLength(1);

    const disabled = await addSeeker(t, a, { enabled: false });
    const off = await impersonate(adminToken, { accountId: a.account.id }, { type: 'seeker', id: disabled.id });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(impersonationMessages.candidateDisabled);
    const erased = await addSeeker(t, a, { erasedAt: new Date() });
    expect((await impersonate(adminToken, { accountId: a.account.id }, { type: 'seeker', id: erased.id })).statusCode).toBe(409);
  });

  it('needs seekers.impersonate (or seekers.all): seeing candidates is not enough; employer staff never', async () => {
    const seeker = await addSeeker(t, a);
    const scope = { accountId: a.account.id, siteId: a.sites[0].id };
    const { token: viewer } = await userWith(t, a, ['seekers.view', 'applications.view'], 'site');
    expect((await impersonate(viewer, scope, { type: 'seeker', id: seeker.id })).statusCode).toBe(403);
    expect(await refusals(seeker.id)).toHaveLength(1);
    const { token: allowed } = await userWith(t, a, ['seekers.view', 'seekers.impersonate'], 'site');
    expect((await impersonate(allowed, scope, { type: 'seeker', id: seeker.id })).statusCode).toBe(201);
    const employer = await login(t.app, a.users.employerAdmin.email);
    const res = await impersonate(employer, { ...scope, employerId: a.employers[0].id }, { type: 'seeker', id: seeker.id });
    expect(res.statusCode).toBe(403);
  });

  it('is 409 when the account has no board to open', async () => {
    const c = await createTenant(t.deps.db, { name: 'Gamma' });
    await t.deps.db.update(sites).set({ boardEnabled: false }).where(eq(sites.accountId, c.account.id));
    const seeker = await addSeeker(t, c);
    const token = await login(t.app, c.users.accountAdmin.email);
    const res = await impersonate(token, { accountId: c.account.id }, { type: 'seeker', id: seeker.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(impersonationMessages.noBoard);
  });
});

describe('acting as an applicant', () => {
  it("opens the application's candidate on the board of the application's site", async () => {
    const seeker = await addSeeker(t, a);
    const job = await addLiveJob(t, a);
    const application = await addApplication(t, job, seeker);
    const res = await impersonate(adminToken, { accountId: a.account.id, siteId: a.sites[0].id }, { type: 'applicant', id: application.id });
    expect(res.statusCode, res.body).toBe(201);
    const session = await authenticateSeeker(t.deps.db, res.json().access_token, enterpriseId, 60_000);
    expect(session.seeker.id).toBe(seeker.id);
  });

  it("is 404 for an application of another site than the selected one, or another tenant's", async () => {
    const seeker = await addSeeker(t, a);
    const elsewhere = await addApplication(t, await addLiveJob(t, a, { site: 1 }), seeker);
    const res = await impersonate(adminToken, { accountId: a.account.id, siteId: a.sites[0].id }, { type: 'applicant', id: elsewhere.id });
    expect(res.statusCode).toBe(404);
    const theirs = await addApplication(t, await addLiveJob(t, b), await addSeeker(t, b));
    expect((await impersonate(adminToken, { accountId: a.account.id }, { type: 'applicant', id: theirs.id })).statusCode).toBe(404);
    // The candidate behind it is untouched.
    expect((await t.deps.db.select().from(seekers).where(eq(seekers.id, seeker.id)))[0]?.enabled).toBe(true);
  });
});

describe('boardOrigin', () => {
  it("keeps the deployment's scheme and port, drops its host", () => {
    expect(boardOrigin('http://localhost:3100', 'jobs.acme.localhost')).toBe('http://jobs.acme.localhost:3100');
    expect(boardOrigin('https://portal.example.com', 'jobs.example.com')).toBe('https://jobs.example.com');
  });
});
