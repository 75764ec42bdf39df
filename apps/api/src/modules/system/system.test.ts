import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, roles, users } from '../../db/schema/identity';
import { accounts } from '../../db/schema/tenancy';
import { hashPassword } from '../../platform/crypto';
import { createTenant, PASSWORD, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Acme' });
  const q = (to: string, subject: string, key: string, accountId: string | null) =>
    t.deps.mailer.queue(t.deps.db, { to, subject, html: '<p>x</p>', text: 'x', event: 'test', dedupeKey: key, accountId });
  await q(a.users.siteManager.email, 'For the manager', 'm1', null);
  await q('someone@example.test', 'Account news 100%', 'm2', a.account.id);
  await q('other@example.test', 'Elsewhere', 'm3', null);
  // Credential-bearing mail of the account: an invitation and a reset, each with its secret in the link.
  const link = (path: string) => `http://portal.test${path}`;
  const secret = (to: string, subject: string, key: string, url: string) =>
    t.deps.mailer.queue(t.deps.db, { to, subject, html: `<p><a href="${url}">Open</a></p>`, text: `Open: ${url}`, event: 'test', dedupeKey: key, accountId: a.account.id });
  await secret('new.person@example.test', 'You are invited', 'c1', link('/auth/profile/password?token=INVITE-SECRET-1'));
  await secret(a.users.accountAdmin.email, 'Reset your password', 'c2', link('/reset-password?email=x&amp;token=RESET-SECRET-2'));
});
afterAll(() => t.close());

const list = (token: string, q?: string) =>
  call(t.app, { token }, { method: 'GET', url: `/portal/v1/dev/mail${q ? `?q=${encodeURIComponent(q)}` : ''}` });

describe('development mail viewer', () => {
  it('shows a user only mail addressed to them', async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const body = (await list(token)).json();
    expect(body.data.map((m: { subject: string }) => m.subject)).toEqual(['For the manager']);
    const foreign = body.data[0].id;
    const admin = await login(t.app, a.users.accountAdmin.email);
    // The account admin sees their account's mail and their own, not the manager's personal mail.
    const adminList = (await list(admin)).json();
    expect(adminList.data.map((m: { subject: string }) => m.subject).sort()).toEqual(['Account news 100%', 'Reset your password', 'You are invited']);
    expect((await call(t.app, { token: admin }, { method: 'GET', url: `/portal/v1/dev/mail/${foreign}` })).statusCode).toBe(404);
  });

  it('shows who each email is from and where replies go: the account’s name and own sender, else the deployment’s', async () => {
    await t.deps.db.update(accounts).set({ mailFromAddress: 'jobs@tenant.test', mailReplyTo: 'hr@tenant.test' }).where(eq(accounts.id, a.account.id));
    await t.deps.mailer.queue(t.deps.db, { to: 'x@example.test', subject: 'With its sender', html: '<p>x</p>', text: 'x', event: 'test', dedupeKey: 'm4', accountId: a.account.id });
    const admin = await login(t.app, a.users.accountAdmin.email);
    const row = async (subject: string) => (await list(admin, subject)).json().data[0] as { id: string; from: string; reply_to: string | null };
    const own = await row('With its sender');
    expect(own).toMatchObject({ from: `Acme <jobs@tenant.test>`, reply_to: 'hr@tenant.test' });
    // Queued before the account set its sender: sent as it was decided then.
    expect(await row('Account news 100%')).toMatchObject({ from: `Acme <no-reply@hireline.test>`, reply_to: null });
    const one = (await call(t.app, { token: admin }, { method: 'GET', url: `/portal/v1/dev/mail/${own.id}` })).json();
    expect(one).toMatchObject({ from: `Acme <jobs@tenant.test>`, reply_to: 'hr@tenant.test' });
    await t.deps.db.update(accounts).set({ mailFromAddress: null, mailReplyTo: null }).where(eq(accounts.id, a.account.id));
  });

  it('searches literally: % and _ are text, not wildcards', async () => {
    const admin = await login(t.app, a.users.accountAdmin.email);
    expect((await list(admin, '100%')).json().meta.total).toBe(1);
    expect((await list(admin, '%')).json().meta.total).toBe(1);
    expect((await list(admin, '_ews')).json().meta.total).toBe(0);
  });

  it('hides the secret of every credential link from account staff, even in their own mail', async () => {
    const admin = await login(t.app, a.users.accountAdmin.email);
    const read = async (subject: string) => {
      const id = (await list(admin, subject)).json().data[0].id;
      return (await call(t.app, { token: admin }, { method: 'GET', url: `/portal/v1/dev/mail/${id}` })).json();
    };
    for (const [subject, secret] of [['You are invited', 'INVITE-SECRET-1'], ['Reset your password', 'RESET-SECRET-2']]) {
      const mail = await read(subject!);
      expect(mail.html).not.toContain(secret);
      expect(mail.text).not.toContain(secret);
      expect(mail.text).toContain('token=hidden-in-the-mail-viewer');
      expect(mail.links_hidden).toBe(true);
    }
  });

  it('shows credential links whole to enterprise staff only', async () => {
    const db = t.deps.db;
    await db.insert(roles).values({ enterpriseId: a.enterpriseId, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] }).onConflictDoNothing();
    const [role] = await db.select().from(roles).where(and(eq(roles.key, 'enterprise_admin'), isNull(roles.accountId)));
    const [boss] = await db.insert(users).values({ enterpriseId: a.enterpriseId, email: 'boss.mail@enterprise.test', name: 'Boss', passwordHash: await hashPassword(PASSWORD) }).returning();
    await db.insert(memberships).values({ userId: boss!.id, enterpriseId: a.enterpriseId, scopeType: 'enterprise', roleId: role!.id });
    const token = await login(t.app, boss!.email);
    const id = (await list(token, 'You are invited')).json().data[0].id;
    const mail = (await call(t.app, { token }, { method: 'GET', url: `/portal/v1/dev/mail/${id}` })).json();
    expect(mail.text).toContain('token=INVITE-SECRET-1');
    expect(mail.links_hidden).toBe(false);
  });

  it('is off when MAIL_VIEWER=0, even on the embedded database', async () => {
    const off = await createTestApp({ MAIL_VIEWER: '0' });
    try {
      const tenant = await createTenant(off.deps.db);
      const token = await login(off.app, tenant.users.accountAdmin.email);
      expect((await call(off.app, { token }, { method: 'GET', url: '/portal/v1/dev/mail' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('does not exist when mail is really delivered over SMTP', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const tenant = await createTenant(smtp.deps.db);
      const token = await login(smtp.app, tenant.users.accountAdmin.email);
      expect((await call(smtp.app, { token }, { method: 'GET', url: '/portal/v1/dev/mail' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});
