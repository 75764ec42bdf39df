import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { auditLogs } from '../../db/schema/platform';
import { users } from '../../db/schema/identity';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { coded } from '../../test/errors';

// The signed-in user's own profile: /v1/user-account (name, language, avatar). Password change is in auth.test.ts.

// A real 1×1 PNG: the API decides types from bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let t: TestApp;
let tenant: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.deps.db);
});
afterAll(() => t.close());

const get = (token?: string) => call(t.app, { token }, { method: 'GET', url: '/portal/v1/user-account' });
const patch = (payload: unknown, token?: string) =>
  call(t.app, { token }, { method: 'PATCH', url: '/portal/v1/user-account', payload: payload as object });

describe('GET /v1/user-account', () => {
  it('answers the profile with the language /auth/me does not carry', async () => {
    const token = await login(t.app, tenant.users.siteManager.email);
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: tenant.users.siteManager.id,
      name: expect.any(String),
      email: tenant.users.siteManager.email,
      avatar: null,
      locale: 'en',
    });
  });

  it('answers a stored language the portal does not know as English', async () => {
    const user = tenant.users.employerAdmin;
    await t.deps.db.update(users).set({ locale: 'de' }).where(eq(users.id, user.id));
    const res = await get(await login(t.app, user.email));
    await t.deps.db.update(users).set({ locale: 'en' }).where(eq(users.id, user.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().locale).toBe('en');
  });
});

describe('PATCH /v1/user-account', () => {
  it('updates the trimmed name and the language, shown by /auth/me and audited', async () => {
    const user = tenant.users.accountAdmin;
    const token = await login(t.app, user.email);
    const res = await patch({ name: '  Ada Lovelace  ', locale: 'fr' }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Ada Lovelace', email: user.email, locale: 'fr' });
    expect((await get(token)).json()).toMatchObject({ name: 'Ada Lovelace', locale: 'fr' });
    const me = (await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).json();
    expect(me.name).toBe('Ada Lovelace');

    const [entry] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'auth.profile_updated'));
    expect(entry).toMatchObject({ actorUserId: user.id, data: { fields: ['name', 'locale'] } });
  });

  it('changes only the fields sent', async () => {
    const token = await login(t.app, tenant.users.accountAdmin.email);
    const before = (await get(token)).json();
    const res = await patch({ locale: 'ar' }, token);
    expect(res.json()).toEqual({ ...before, locale: 'ar' });
    expect((await patch({}, token)).json()).toEqual({ ...before, locale: 'ar' });
  });

  it('validates with the spec messages: empty name, unknown language, unknown field', async () => {
    const token = await login(t.app, tenant.users.accountAdmin.email);
    const before = (await get(token)).json();

    const empty = await patch({ name: '   ' }, token);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual(coded({ message: messages.givenDataInvalid, errors: { name: [messages.required] } }));

    const tooLong = await patch({ name: 'x'.repeat(121) }, token);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.name).toEqual(['This value may not be greater than 120 characters.']);

    const locale = await patch({ locale: 'de' }, token);
    expect(locale.statusCode).toBe(422);
    expect(locale.json().errors.locale).toEqual([messages.invalid]);

    const unknown = await patch({ email: 'new@example.test', name: 'Someone' }, token);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.email).toEqual(['This field is not allowed.']);

    const types = await patch({ name: null, locale: 3 }, token);
    expect(types.statusCode).toBe(422);
    expect(types.json().errors.name).toEqual([messages.required]);

    // Nothing was changed by any refused request.
    expect((await get(token)).json()).toEqual(before);
  });
});

describe('DELETE /v1/user-account/avatar', () => {
  it('removes the avatar: /auth/me and the profile fall back to none', async () => {
    const token = await login(t.app, tenant.users.siteManager.email);
    const boundary = '----hireline-avatar';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await call(t.app, { token }, {
      method: 'POST',
      url: '/portal/v1/user-account/avatar',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await get(token)).json().avatar).toMatch(/^\/portal\/v1\/files\//);

    const removed = await call(t.app, { token }, { method: 'DELETE', url: '/portal/v1/user-account/avatar' });
    expect(removed.statusCode).toBe(204);
    expect((await get(token)).json().avatar).toBeNull();
    const me = (await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' })).json();
    expect(me.avatar).toBeNull();
    // Removing it again is harmless.
    expect((await call(t.app, { token }, { method: 'DELETE', url: '/portal/v1/user-account/avatar' })).statusCode).toBe(204);
  });
});

describe('anonymous callers', () => {
  it('get 401 Unauthenticated from every user-account endpoint, before any validation', async () => {
    const answers = await Promise.all([
      get(),
      patch({ name: '' }),
      call(t.app, {}, { method: 'DELETE', url: '/portal/v1/user-account/avatar' }),
      call(t.app, {}, { method: 'POST', url: '/portal/v1/user-account/change-password', payload: {} }),
      call(t.app, {}, { method: 'POST', url: '/portal/v1/user-account/avatar', payload: {} }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(coded({ message: messages.unauthenticated }));
    }
  });
});
