import { and, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { memberships, roles, sessions, users } from '../../db/schema/identity';
import { newToken, sha256 } from '../../platform/crypto';
import type { Tenant } from '../../test/factories';
import { call, type TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { mailTo, tokenFromMail } from '../employers/employers.fixtures';

/* A client at the account alone (no site), and what the tests look up: /auth/me, roles, live sessions. */

/** A client for one caller with only `X-AF-AID` (plus any other scope header given). */
export function accountClient(t: TestApp, token: string, accountId: string, extra: { siteId?: string; employerId?: string } = {}) {
  const send = (opts: InjectOptions) => call(t.app, { token, accountId, ...extra }, opts);
  return {
    get: (url: string, query?: Record<string, string | string[]>, headers?: Record<string, string>) =>
      send({ method: 'GET', url: `/portal${url}`, query, headers }),
    post: (url: string, payload?: unknown) =>
      send({ method: 'POST', url: `/portal${url}`, ...(payload === undefined ? {} : { payload: payload as object }) }),
    put: (url: string, payload: unknown) => send({ method: 'PUT', url: `/portal${url}`, payload: payload as object }),
    patch: (url: string, payload: unknown) => send({ method: 'PATCH', url: `/portal${url}`, payload: payload as object }),
    del: (url: string) => send({ method: 'DELETE', url: `/portal${url}` }),
  };
}
export type AccountClient = ReturnType<typeof accountClient>;

/** Memberships as the invite and replace bodies spell them. */
export const accountAccess = (role: string) => ({ scope: 'account', role });
export const siteAccess = (siteId: string, role: string) => ({ scope: 'site', site_id: siteId, role });
export const employerAccess = (siteId: string, employerId: string, role: string) => ({
  scope: 'employer',
  site_id: siteId,
  employer_id: employerId,
  role,
});

export const invite = (c: AccountClient, email: string, memberships: unknown[], name = 'Invited Person') =>
  c.post('/v1/accounts/users', { email, name, memberships });

/** `/auth/me` for a token: the status and, when signed in, the permissions map. */
export async function me(t: TestApp, token: string) {
  const res = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
  return { status: res.statusCode, permissions: res.statusCode === 200 ? (res.json().permissions as Record<string, string[]>) : {} };
}

/** The newest invitation email's token for this address. */
export async function newestInvitationToken(t: TestApp, email: string) {
  const mail = (await mailTo(t, email, 'user.invited')).at(-1)!;
  return tokenFromMail(mail.text);
}

/** Accepts an invitation: with a first password (`password`), or signed in as the person (`session`). */
export const acceptWith = (t: TestApp, token: string, how: { password?: string; session?: string }) =>
  call(t.app, how.session ? { token: how.session } : {}, {
    method: 'POST',
    url: '/portal/auth/invitation/accept',
    payload: { token, ...(how.password ? { password: how.password, password_confirmation: how.password } : {}) },
  });

/** Follows the newest invitation email's link as someone new: chooses the password, then signs in. */
export async function acceptInvitation(t: TestApp, email: string, password = 'Welcome-aboard-1') {
  const res = await acceptWith(t, await newestInvitationToken(t, email), { password });
  if (res.statusCode !== 200) throw new Error(res.body);
  return login(t.app, email, password);
}

/** Follows the newest invitation email's link signed in as the person (someone who already signs in). */
export async function acceptSignedIn(t: TestApp, email: string) {
  const session = await login(t.app, email);
  const res = await acceptWith(t, await newestInvitationToken(t, email), { session });
  if (res.statusCode !== 200) throw new Error(res.body);
  return session;
}

export async function roleOf(t: TestApp, tenant: Tenant, key: string) {
  const [row] = await t.deps.db.select().from(roles).where(and(eq(roles.accountId, tenant.account.id), eq(roles.key, key)));
  return row!;
}

/** Gives a user a membership of another tenant's account or site directly, as another account's admin would. */
export async function addMembership(t: TestApp, tenant: Tenant, userId: string, opts: { key?: string; site?: boolean } = {}) {
  const role = await roleOf(t, tenant, opts.key ?? (opts.site ? 'consultant' : 'account_admin'));
  await t.deps.db.insert(memberships).values({
    userId,
    enterpriseId: tenant.enterpriseId,
    scopeType: opts.site ? 'site' : 'account',
    accountId: tenant.account.id,
    siteId: opts.site ? tenant.sites[0].id : null,
    roleId: role.id,
  });
}

/** A user's own name, as they set it (what another account must not see before they accept). */
export async function realName(t: TestApp, userId: string) {
  const [row] = await t.deps.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row!.name;
}

export async function liveSessions(t: TestApp, userId: string) {
  return t.deps.db.select().from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** A session acting as `userId`, started by `impersonatorUserId` (as an impersonation would leave it); its token. */
export async function impersonationToken(t: TestApp, impersonatorUserId: string, userId: string) {
  const token = newToken();
  const later = new Date(Date.now() + 3_600_000);
  const [parent] = await t.deps.db
    .insert(sessions)
    .values({ userId: impersonatorUserId, tokenHash: sha256(newToken()), idleExpiresAt: later, expiresAt: later })
    .returning();
  await t.deps.db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    idleExpiresAt: later,
    expiresAt: later,
    parentSessionId: parent!.id,
    impersonatorUserId,
    impersonationType: 'user',
    reason: 'test',
  });
  return token;
}
