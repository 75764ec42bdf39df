import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hireline/contract/messages';
import { notifications } from '../../db/schema/notifications';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { coded } from '../../test/errors';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adminToken: string;
const MINUTE = 60_000;

/** `count` notices for a user, the first `unread` of them (the newest) unread; notice i is i minutes old. */
async function notify(userId: string, accountId: string | null, count: number, unread: number, label = 'Notice') {
  const rows = await t.deps.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        accountId,
        event: 'application.created',
        subject: `${label} ${i}`,
        content: `Content ${i}`,
        link: '/somewhere',
        notifiedAt: new Date(Date.now() - (i + 1) * MINUTE),
        readAt: i < unread ? null : new Date(),
      })),
    )
    .returning();
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  adminToken = await login(t.app, a.users.accountAdmin.email);
});
afterAll(() => t.close());

const asAdmin = (opts: Parameters<typeof call>[2], token = adminToken) =>
  call(t.app, { token, accountId: a.account.id }, opts);
const inbox = (query = '', token = adminToken) => asAdmin({ method: 'GET', url: `/portal/v1/notifications/inbox${query}` }, token);

/** Every test starts from an empty inbox for the users it touches. */
async function clear(...userIds: string[]) {
  for (const id of userIds) await t.deps.db.delete(notifications).where(eq(notifications.userId, id));
}

describe('GET /v1/notifications/inbox', () => {
  it('lists the caller’s notifications newest first, paged, with the unread count', async () => {
    await clear(a.users.accountAdmin.id);
    await notify(a.users.accountAdmin.id, a.account.id, 7, 3);
    const res = await inbox('?per_page=5');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 5, total: 7, unread: 3 });
    expect(body.data.map((n: { subject: string }) => n.subject)).toEqual(['Notice 0', 'Notice 1', 'Notice 2', 'Notice 3', 'Notice 4']);
    expect(body.data[0]).toMatchObject({ event: 'application.created', content: 'Content 0', link: '/somewhere', read: false, read_at: null });
    expect(body.data[3].read).toBe(true);
    expect(body.data[3].read_at).toEqual(expect.any(String));

    const second = (await inbox('?per_page=5&page=2')).json();
    expect(second.meta).toMatchObject({ page: 2, total: 7, unread: 3 });
    expect(second.data.map((n: { subject: string }) => n.subject)).toEqual(['Notice 5', 'Notice 6']);
  });

  it('filters unread and read notifications; the badge count stays the whole inbox’s', async () => {
    await clear(a.users.accountAdmin.id);
    await notify(a.users.accountAdmin.id, a.account.id, 6, 2);
    const unread = (await inbox('?unread=true')).json();
    expect(unread.meta).toMatchObject({ total: 2, unread: 2 });
    expect(unread.data.every((n: { read: boolean }) => !n.read)).toBe(true);
    const read = (await inbox('?unread=false')).json();
    expect(read.meta).toMatchObject({ total: 4, unread: 2 });
    expect(read.data.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('shows the selected account’s notifications and account-less ones, never another user’s', async () => {
    await clear(a.users.accountAdmin.id, a.users.siteManager.id);
    await notify(a.users.accountAdmin.id, a.account.id, 2, 1, 'Mine');
    await notify(a.users.accountAdmin.id, null, 1, 1, 'Enterprise');
    await notify(a.users.accountAdmin.id, b.account.id, 1, 1, 'Other account');
    await notify(a.users.siteManager.id, a.account.id, 3, 3, 'Manager');
    const body = (await inbox()).json();
    expect(body.data.map((n: { subject: string }) => n.subject).sort()).toEqual(['Enterprise 0', 'Mine 0', 'Mine 1']);
    expect(body.meta).toMatchObject({ total: 3, unread: 2 });
  });

  it('validates paging and the filter, and needs a signed-in caller', async () => {
    const bad = await inbox('?per_page=101&unread=maybe&page=0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(messages.givenDataInvalid);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'per_page', 'unread']);
    expect(bad.json().errors.unread).toEqual([messages.invalid]);
    const anonymous = await call(t.app, {}, { method: 'GET', url: '/portal/v1/notifications/inbox' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(messages.unauthenticated);
  });

  it('needs the notifications permission in the selected scope', async () => {
    // An account admin's `all` only counts while their account is selected.
    const res = await call(t.app, { token: adminToken }, { method: 'GET', url: '/portal/v1/notifications/inbox' });
    expect(res.statusCode).toBe(403);
  });
});

describe('one notification', () => {
  it('reads, marks read and unread, and keeps the first read time', async () => {
    await clear(a.users.accountAdmin.id);
    const [n] = await notify(a.users.accountAdmin.id, a.account.id, 1, 1);
    const url = `/portal/v1/notifications/${n!.id}`;
    expect((await asAdmin({ method: 'GET', url })).json()).toMatchObject({ id: n!.id, subject: 'Notice 0', read: false, read_at: null });

    const read = await asAdmin({ method: 'PATCH', url, payload: { read: true } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: n!.id, read: true });
    const firstReadAt = read.json().read_at;
    expect(firstReadAt).toEqual(expect.any(String));
    expect((await asAdmin({ method: 'PATCH', url, payload: { read: true } })).json().read_at).toBe(firstReadAt);
    expect((await inbox()).json().meta.unread).toBe(0);

    const unread = await asAdmin({ method: 'PATCH', url, payload: { read: false } });
    expect(unread.json()).toMatchObject({ read: false, read_at: null });
    expect((await inbox()).json().meta.unread).toBe(1);
  });

  it('deletes permanently', async () => {
    await clear(a.users.accountAdmin.id);
    const [n] = await notify(a.users.accountAdmin.id, a.account.id, 1, 1);
    const url = `/portal/v1/notifications/${n!.id}`;
    const res = await asAdmin({ method: 'DELETE', url });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await asAdmin({ method: 'GET', url })).statusCode).toBe(404);
    expect((await asAdmin({ method: 'DELETE', url })).statusCode).toBe(404);
  });

  it('answers 404 for another user’s notification and another account’s, and changes nothing', async () => {
    await clear(a.users.accountAdmin.id, a.users.siteManager.id, b.users.accountAdmin.id);
    const [managers] = await notify(a.users.siteManager.id, a.account.id, 1, 1);
    const [otherAccount] = await notify(a.users.accountAdmin.id, b.account.id, 1, 1);
    const [otherTenant] = await notify(b.users.accountAdmin.id, b.account.id, 1, 1);
    for (const n of [managers!, otherAccount!, otherTenant!]) {
      const url = `/portal/v1/notifications/${n.id}`;
      for (const res of [
        await asAdmin({ method: 'GET', url }),
        await asAdmin({ method: 'PATCH', url, payload: { read: true } }),
        await asAdmin({ method: 'DELETE', url }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(coded({ message: messages.notFound }));
      }
    }
    const left = await t.deps.db.select().from(notifications).where(eq(notifications.id, otherTenant!.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.readAt).toBeNull();
    // Beta's admin cannot select Alpha's account to reach it either.
    const beta = await login(t.app, b.users.accountAdmin.email);
    const foreign = await call(t.app, { token: beta, accountId: a.account.id }, { method: 'GET', url: `/portal/v1/notifications/${managers!.id}` });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 422 with field errors for a bad id or body', async () => {
    const badId = await asAdmin({ method: 'GET', url: '/portal/v1/notifications/not-a-uuid' });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors.uuid).toEqual([messages.invalid]);
    const url = `/portal/v1/notifications/00000000-0000-4000-8000-000000000001`;
    const missing = await asAdmin({ method: 'PATCH', url, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ read: [messages.required] });
    const wrong = await asAdmin({ method: 'PATCH', url, payload: { read: 'yes', extra: 1 } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ read: [messages.invalid], extra: ['This field is not allowed.'] });
    expect((await call(t.app, {}, { method: 'PATCH', url, payload: { read: true } })).statusCode).toBe(401);
  });
});

describe('POST /v1/notifications/inbox/read-all', () => {
  it('marks the caller’s unread notifications in scope read and says how many', async () => {
    await clear(a.users.accountAdmin.id, a.users.siteManager.id, b.users.accountAdmin.id);
    await notify(a.users.accountAdmin.id, a.account.id, 5, 3);
    await notify(a.users.accountAdmin.id, null, 1, 1, 'Enterprise');
    await notify(a.users.accountAdmin.id, b.account.id, 2, 2, 'Other account');
    await notify(a.users.siteManager.id, a.account.id, 2, 2, 'Manager');
    const res = await asAdmin({ method: 'POST', url: '/portal/v1/notifications/inbox/read-all' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 4 });
    expect((await inbox()).json().meta.unread).toBe(0);
    expect((await asAdmin({ method: 'POST', url: '/portal/v1/notifications/inbox/read-all' })).json()).toEqual({ updated: 0 });

    const rows = await t.deps.db.select().from(notifications);
    const unreadLeft = rows.filter((r) => r.readAt === null).map((r) => r.subject.replace(/ \d+$/, ''));
    expect(unreadLeft.sort()).toEqual(['Manager', 'Manager', 'Other account', 'Other account']);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(t.app, {}, { method: 'POST', url: '/portal/v1/notifications/inbox/read-all' })).statusCode).toBe(401);
  });
});
