import { and, eq } from 'drizzle-orm';
import { memberships, roles } from '../../db/schema/identity';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { login } from '../../test/login';
import { acceptWith, newestInvitationToken } from '../../test/people';

/* What only the account users tests need: employer memberships, accepting signed in, roles, direct memberships. */

export const employerAccess = (siteId: string, employerId: string, role: string) => ({
  scope: 'employer',
  site_id: siteId,
  employer_id: employerId,
  role,
});

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

