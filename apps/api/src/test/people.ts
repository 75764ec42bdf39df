import { and, eq, isNull } from 'drizzle-orm';
import type { RoleLevel } from '@hireline/contract/enums';
import { memberships, roles, sessions, users } from '../db/schema/identity';
import { hashPassword, newToken, sha256 } from '../platform/crypto';
import type { AccountClient } from './client';
import { PASSWORD, type Tenant } from './factories';
import { call, type TestApp } from './harness';
import { login } from './login';
import { eventMailTo, tokenFromMail } from './mail';

/* Staff for API tests: users with exactly the permissions a test needs, enterprise staff, invitations, sessions. */

let seq = 0;

/** A user holding a custom role with exactly these permissions, signed in; site-level on site 1 by default. */
export async function userWith(t: TestApp, tenant: Tenant, permissions: string[], level: RoleLevel = 'site') {
  const label = `custom${++seq}`;
  const db = t.deps.db;
  const [role] = await db
    .insert(roles)
    .values({ enterpriseId: tenant.enterpriseId, accountId: tenant.account.id, key: label, name: label, level, permissions })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ enterpriseId: tenant.enterpriseId, email: `${label}.${tenant.account.slug}@example.test`, name: `User ${label}`, passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await db.insert(memberships).values({
    userId: user!.id,
    enterpriseId: tenant.enterpriseId,
    scopeType: level,
    accountId: tenant.account.id,
    siteId: level === 'account' ? null : tenant.sites[0].id,
    employerId: level === 'employer' ? tenant.employers[0].id : null,
    roleId: role!.id,
  });
  return { id: user!.id, email: user!.email, token: await login(t.app, user!.email) };
}

/** Enterprise staff of the tenant's enterprise (the enterprise-wide admin role at the enterprise scope), signed in. */
export async function addEnterpriseAdmin(t: TestApp, tenant: Tenant, email: string) {
  const db = t.deps.db;
  await db
    .insert(roles)
    .values({ enterpriseId: tenant.enterpriseId, key: 'enterprise_admin', name: 'Enterprise admin', level: 'enterprise', permissions: ['all'] })
    .onConflictDoNothing();
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.enterpriseId, tenant.enterpriseId), eq(roles.key, 'enterprise_admin'), isNull(roles.accountId)));
  const [user] = await db
    .insert(users)
    .values({ enterpriseId: tenant.enterpriseId, email, name: 'Erin Enterprise', passwordHash: await hashPassword(PASSWORD) })
    .returning();
  await db.insert(memberships).values({ userId: user!.id, enterpriseId: tenant.enterpriseId, scopeType: 'enterprise', roleId: role!.id });
  return { id: user!.id, email, token: await login(t.app, email) };
}

/** Memberships as the invite and replace bodies spell them. */
export const accountAccess = (role: string) => ({ scope: 'account', role });

export const siteAccess = (siteId: string, role: string) => ({ scope: 'site', site_id: siteId, role });

export const invite = (c: AccountClient, email: string, memberships: unknown[], name = 'Invited Person') =>
  c.post('/v1/accounts/users', { email, name, memberships });

/** `/auth/me` for a token: the status and, when signed in, the permissions map. */
export async function me(t: TestApp, token: string) {
  const res = await call(t.app, { token }, { method: 'GET', url: '/portal/auth/me' });
  return { status: res.statusCode, permissions: res.statusCode === 200 ? (res.json().permissions as Record<string, string[]>) : {} };
}

/** The newest invitation email's token for this address. */
export async function newestInvitationToken(t: TestApp, email: string) {
  const mail = (await eventMailTo(t, email, 'user.invited')).at(-1)!;
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
