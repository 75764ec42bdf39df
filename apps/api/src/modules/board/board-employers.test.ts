import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { employerRegistrationMessages } from '@hireline/contract/board-employers';
import { messageCatalog } from '@hireline/contract/message-codes';
import { messages } from '@hireline/contract/messages';
import { defaultSiteSettings, type SiteSettings } from '../../db/defaults';
import { employers } from '../../db/schema/employers';
import { memberships, roles, users } from '../../db/schema/identity';
import { notifications } from '../../db/schema/notifications';
import { auditLogs, emailOutbox } from '../../db/schema/platform';
import { sites } from '../../db/schema/tenancy';
import { verifyPassword } from '../../platform/crypto';
import { PASSWORD } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { eventMailTo } from '../../test/mail';
import { REGISTRATION_RATE_LIMIT, userLocaleOf } from './board-employers.service';
import { createBoardWorld, type BoardWorld } from './board.fixtures';
import { coded } from '../../test/errors';

let t: TestApp;
let w: BoardWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createBoardWorld(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const URL = '/portal/v1/board/employers/register';
const REG_PASSWORD = 'Register-Pass-1';
let ipSeq = 0;
/** Each test its own client address, so the per-IP registration limit is only met where a test means to. */
const nextIp = () => `10.20.0.${++ipSeq}`;

function register(payload: unknown, opts: { host?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: URL,
    payload: payload as object,
    headers: { 'x-af-eid': 'test', host: opts.host ?? w.host },
    remoteAddress: opts.ip ?? nextIp(),
  });
}

const body = (tag: string, extra: Record<string, unknown> = {}) => ({
  type: 'business',
  business_name: `${tag} Pty Ltd`,
  registration_number: 'ABN 51 824 753 556',
  website: 'https://example.com',
  phone: '+61 2 9999 0000',
  address: { city: 'Sydney', country: 'AU' },
  user: { name: 'Robin Owner', email: `Robin.${tag}@Example.test`, password: REG_PASSWORD },
  ...extra,
});

async function setSettings(patch: Partial<SiteSettings>, siteId = w.a.sites[0].id) {
  await t.deps.db.update(sites).set({ settings: { ...defaultSiteSettings, ...patch } }).where(eq(sites.id, siteId));
}

const employerByName = async (name: string) => (await t.deps.db.select().from(employers).where(eq(employers.businessName, name)))[0];
const userByEmail = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];
const signIn = (email: string, password = REG_PASSWORD) =>
  call(t.app, {}, { method: 'POST', url: '/portal/auth/login', payload: { email, password } });
const counts = async () => {
  const db = t.deps.db;
  const [[e], [u], [m]] = await Promise.all([
    db.select({ n: count() }).from(employers),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(memberships),
  ]);
  return { employers: e!.n, users: u!.n, memberships: m!.n };
};
const staffClient = async (email: string, accountId: string, siteId: string) => {
  const token = await login(t.app, email, PASSWORD);
  return (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    call(t.app, { token, accountId, siteId }, { method, url: `/portal${url}`, ...(payload ? { payload } : {}) });
};

describe('POST /v1/board/employers/register on a site that reviews registrations', () => {
  it('puts the employer on hold with its first user as Employer admin, tells the staff and the registrant', async () => {
    await setSettings({ employer_approval_required: true });
    const res = await register(body('Pending'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'pending', message: employerRegistrationMessages.pending, login_url: `http://${w.a.account.domain}/login` });

    const e = (await employerByName('Pending Pty Ltd'))!;
    expect(e).toMatchObject({
      accountId: w.a.account.id,
      siteId: w.a.sites[0].id,
      status: 'pending',
      approvedAt: null,
      type: 'business',
      registrationNumber: 'ABN 51 824 753 556',
      website: 'https://example.com',
      address: { city: 'Sydney', country: 'AU' },
      contactName: 'Robin Owner',
      contactEmail: 'robin.pending@example.test',
    });
    const user = (await userByEmail('robin.pending@example.test'))!;
    expect(user).toMatchObject({ enterpriseId: w.a.enterpriseId, name: 'Robin Owner', locale: 'en', enabled: true });
    expect(await verifyPassword(user.passwordHash, REG_PASSWORD)).toBe(true);
    const ms = await t.deps.db
      .select({ scopeType: memberships.scopeType, siteId: memberships.siteId, employerId: memberships.employerId, role: roles.key })
      .from(memberships)
      .innerJoin(roles, eq(roles.id, memberships.roleId))
      .where(eq(memberships.userId, user.id));
    expect(ms).toEqual([{ scopeType: 'employer', siteId: w.a.sites[0].id, employerId: e.id, role: 'employer_admin' }]);

    // The membership of an employer on hold does not count yet: with the right password the registrant is told why.
    const held = await signIn(user.email);
    expect([held.statusCode, held.json()]).toEqual([403, coded({ message: messageCatalog['auth.registration_pending'] })]);
    // A wrong password learns nothing about the registration.
    const guess = await signIn(user.email, 'Wrong-password-1');
    expect([guess.statusCode, guess.json().code]).toEqual([422, 'invalid_credentials']);

    const notices = await t.deps.db.select().from(notifications).where(like(notifications.dedupeKey, `employer.pending:${e.id}:%`));
    expect(notices.map((n) => n.userId).sort()).toEqual([w.a.users.accountAdmin.id, w.a.users.siteManager.id].sort());
    const link = `/${w.a.account.slug}/main/employers/hold`;
    for (const n of notices) expect(n).toMatchObject({ event: 'employer.pending', link, siteId: w.a.sites[0].id });
    expect(notices[0]!.subject).toContain('Pending Pty Ltd');
    expect(await eventMailTo(t, w.a.users.siteManager.email, 'employer.pending')).toHaveLength(1);

    const [mail, ...more] = await eventMailTo(t, user.email, 'employer.registered');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('We received your employer registration on Alpha Jobs');
    expect(mail!.text).toContain('email you the outcome');

    const [entry] = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.subjectId, e.id), eq(auditLogs.action, 'employer.register')));
    expect(entry).toMatchObject({ actorUserId: user.id, accountId: w.a.account.id, subjectType: 'employer' });
    expect(entry!.data).toMatchObject({ site_id: w.a.sites[0].id, status: 'pending' });
  });

  it("is on hold in the site's staff list only, not on another site or tenant", async () => {
    await setSettings({ employer_approval_required: true });
    expect((await register(body('Listed'))).statusCode).toBe(201);
    const id = (await employerByName('Listed Pty Ltd'))!.id;
    const onHold = async (get: Awaited<ReturnType<typeof staffClient>>) => {
      const res = await get('/v1/employers/on-hold?per_page=100');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: { id: string }) => r.id) as string[];
    };
    const manager = await staffClient(w.a.users.siteManager.email, w.a.account.id, w.a.sites[0].id);
    expect(await onHold(manager)).toContain(id);
    const secondSite = await staffClient(w.a.users.accountAdmin.email, w.a.account.id, w.a.sites[1].id);
    expect(await onHold(secondSite)).not.toContain(id);
    const beta = await staffClient(w.b.users.accountAdmin.email, w.b.account.id, w.b.sites[0].id);
    expect(await onHold(beta)).not.toContain(id);
    expect((await beta(`/v1/employers/${id}`)).statusCode).toBe(404);
  });

  it('emails the registrant the approval, after which they sign in', async () => {
    await setSettings({ employer_approval_required: true });
    expect((await register(body('Approved'))).statusCode).toBe(201);
    const e = (await employerByName('Approved Pty Ltd'))!;
    const manager = await staffClient(w.a.users.siteManager.email, w.a.account.id, w.a.sites[0].id);
    const res = await manager(`/v1/employers/${e.id}/approve`, 'POST');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', users_count: 1 });

    const [mail, ...more] = await eventMailTo(t, 'robin.approved@example.test', 'employer.approve');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Your employer registration on Alpha Jobs is approved');
    expect(mail!.text).toContain(`http://${w.a.account.domain}/login`);
    const signedIn = await signIn('robin.approved@example.test');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('emails the registrant a rejection with its reason, and keeps them out', async () => {
    await setSettings({ employer_approval_required: true });
    expect((await register(body('Rejected'))).statusCode).toBe(201);
    const e = (await employerByName('Rejected Pty Ltd'))!;
    const manager = await staffClient(w.a.users.siteManager.email, w.a.account.id, w.a.sites[0].id);
    const res = await manager(`/v1/employers/${e.id}/reject`, 'POST', { reason: 'We could not verify the ABN.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected' });

    const [mail] = await eventMailTo(t, 'robin.rejected@example.test', 'employer.declined');
    expect(mail!.text).toContain('We could not verify the ABN.');
    const refused = await signIn('robin.rejected@example.test');
    expect([refused.statusCode, refused.json()]).toEqual([403, coded({ message: messageCatalog['auth.registration_declined'] })]);
    const guess = await signIn('robin.rejected@example.test', 'Wrong-password-1');
    expect([guess.statusCode, guess.json().code]).toEqual([422, 'invalid_credentials']);
  });
});

describe('POST /v1/board/employers/register on a site that does not review registrations', () => {
  it('makes the employer active at once; the registrant signs in to the portal', async () => {
    await setSettings({ employer_approval_required: false, locale: 'fr-CA' });
    const res = await register(body('Active', { contact_name: 'Front Desk', type: 'household' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'active', message: employerRegistrationMessages.active, login_url: `http://${w.a.account.domain}/login` });

    const e = (await employerByName('Active Pty Ltd'))!;
    expect(e).toMatchObject({ status: 'active', type: 'household', contactName: 'Front Desk', contactEmail: 'robin.active@example.test' });
    expect(e.approvedAt).toBeInstanceOf(Date);
    expect((await userByEmail('robin.active@example.test'))!.locale).toBe('fr');

    const token = (await signIn('robin.active@example.test')).json().access_token as string;
    const me = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().permissions[`employer:${e.id}`]).toContain('jobs.create');

    const [mail] = await eventMailTo(t, 'robin.active@example.test', 'employer.welcome');
    // The registrant's language is the site's (fr-CA here), so is the email.
    expect(mail!.subject).toBe('Votre compte employeur sur Alpha Jobs est prêt');
    expect(mail!.text).toContain(`http://${w.a.account.domain}/login`);
    expect(await t.deps.db.select().from(notifications).where(like(notifications.dedupeKey, `employer.pending:${e.id}:%`))).toEqual([]);
  });

  it('reads the portal language from the site locale, English when the portal lacks it', () => {
    const locales = ['fr-FR', 'ar', 'en-US', 'de-DE', null].map(userLocaleOf);
    expect(locales).toEqual(['fr', 'ar', 'en', 'en', 'en']);
  });

  it('posts the registration, signed and without the password, to a webhook form after storing it', async () => {
    const hook = { enabled: true, handler: 'webhook' as const, url: 'https://hooks.example/reg', secret: 's3cret' };
    await setSettings({ forms: { ...defaultSiteSettings.forms, employer_registration: hook } });
    const fetcher = vi.spyOn(t.deps.outbound, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    expect((await register(body('Hooked'))).statusCode).toBe(201);
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe('https://hooks.example/reg');
    expect((init!.headers as Record<string, string>)['x-hireline-signature']).toMatch(/^t=\d+,v1=/);
    const sent = JSON.parse(init!.body as string);
    expect(sent).toMatchObject({
      event: 'employer_registration.submitted',
      data: { employer: { business_name: 'Hooked Pty Ltd', status: 'active' }, user: { email: 'robin.hooked@example.test' } },
    });
    expect(init!.body as string).not.toContain(REG_PASSWORD);
    expect(await employerByName('Hooked Pty Ltd')).toBeDefined();
  });
});

describe('POST /v1/board/employers/register refusals', () => {
  it('answers an email that already has an account as any registration, creating and attaching nothing, and tells its owner', async () => {
    await setSettings({ employer_approval_required: true });
    const fresh = await register(body('Fresh'));
    expect(fresh.statusCode, fresh.body).toBe(201);
    const before = await counts();
    // Another tenant's staff user counts too: users live at the enterprise.
    for (const email of [w.a.users.employerAdmin.email.toUpperCase(), w.b.users.accountAdmin.email]) {
      const res = await register(body('Taken', { user: { name: 'Someone', email, password: REG_PASSWORD } }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual(fresh.json());
    }
    expect(await counts()).toEqual(before);
    expect(await employerByName('Taken Pty Ltd')).toBeUndefined();
    // The owner hears of it (once an hour at most), with nothing the registrant typed; their password is unchanged.
    await register(body('Taken', { user: { name: 'Someone', email: w.b.users.accountAdmin.email, password: REG_PASSWORD } }));
    const mails = await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, w.b.users.accountAdmin.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Someone tried to register an employer on .+ with your email address$/);
    expect(mails[0]!.text).not.toContain('Taken Pty Ltd');
    expect(mails[0]!.accountId).toBeNull();
    await login(t.app, w.b.users.accountAdmin.email, PASSWORD);
  });

  it('lets only one of two simultaneous registrations with the same email through, answering both alike', async () => {
    await setSettings({ employer_approval_required: true });
    const before = await counts();
    const user = { name: 'Twin', email: 'twin@example.test', password: REG_PASSWORD };
    const results = await Promise.all([register(body('Twin One', { user })), register(body('Twin Two', { user }))]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(results[0]!.json()).toEqual(results[1]!.json());
    expect(await counts()).toEqual({ employers: before.employers + 1, users: before.users + 1, memberships: before.memberships + 1 });
  });

  it("answers the contract's messages for missing or weak fields", async () => {
    const res = await register({ type: 'business', contact_email: 'x@example.test', user: { name: 'No Email', password: 'short' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      business_name: [messages.required],
      'user.email': [messages.required],
      'user.password': [messages.passwordTooWeak],
      contact_email: ['This field is not allowed.'],
    });
    const bad = await register(body('Bad', { type: 'charity', user: { name: ' ', email: 'not-an-email', password: 'longenoughbutnodigit' } }));
    expect(bad.json().errors).toMatchObject({
      type: [messages.invalid],
      'user.name': [messages.required],
      'user.email': [messages.invalid],
      'user.password': [messages.passwordTooWeak],
    });
  });

  it("answers the forms' messages when the site switched the form off or misconfigured it, writing nothing", async () => {
    const before = await counts();
    const forms = defaultSiteSettings.forms;
    await setSettings({ forms: { ...forms, employer_registration: { enabled: false, handler: 'internal' } } });
    const off = await register(body('Off'));
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('Form not available.');
    await setSettings({ forms: { ...forms, employer_registration: { enabled: true, handler: 'webhook', url: null } } });
    expect((await register(body('NoUrl'))).json()).toEqual(coded({ message: 'No form URL set.' }));
    expect(await counts()).toEqual(before);
  });

  it('is not found on a host that is no board', async () => {
    for (const host of ['nowhere.example', w.a.account.domain]) {
      const res = await register(body('Nowhere'), { host });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.notFound);
    }
    expect(await employerByName('Nowhere Pty Ltd')).toBeUndefined();
  });

  it('limits registrations per client address, existing emails included', async () => {
    await setSettings({ employer_approval_required: true });
    const ip = nextIp();
    const taken = body('Probe', { user: { name: 'Probe', email: w.a.users.noRole.email, password: REG_PASSWORD } });
    for (let i = 0; i < REGISTRATION_RATE_LIMIT; i++) expect((await register(taken, { ip })).statusCode).toBe(201);
    const limited = await register(body('Limited'), { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await employerByName('Limited Pty Ltd')).toBeUndefined();
    expect((await register(body('Limited'), { ip: nextIp() })).statusCode).toBe(201);
  });
});
