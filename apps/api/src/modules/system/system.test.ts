import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db);
  const q = (to: string, subject: string, key: string, accountId: string | null) =>
    t.deps.mailer.queue(t.deps.db, { to, subject, html: '<p>x</p>', text: 'x', event: 'test', dedupeKey: key, accountId });
  await q(a.users.siteManager.email, 'For the manager', 'm1', null);
  await q('someone@example.test', 'Account news 100%', 'm2', a.account.id);
  await q('other@example.test', 'Elsewhere', 'm3', null);
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
    expect(adminList.data.map((m: { subject: string }) => m.subject)).toEqual(['Account news 100%']);
    expect((await call(t.app, { token: admin }, { method: 'GET', url: `/portal/v1/dev/mail/${foreign}` })).statusCode).toBe(404);
  });

  it('searches literally: % and _ are text, not wildcards', async () => {
    const admin = await login(t.app, a.users.accountAdmin.email);
    expect((await list(admin, '100%')).json().meta.total).toBe(1);
    expect((await list(admin, '%')).json().meta.total).toBe(1);
    expect((await list(admin, '_ews')).json().meta.total).toBe(0);
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
