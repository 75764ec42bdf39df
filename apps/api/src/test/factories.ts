import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { defaultRoles } from '@hireline/access/roles';
import type { Db } from '../db/client';
import { employers } from '../db/schema/employers';
import { memberships, roles, users } from '../db/schema/identity';
import { accounts, enterprises, sites } from '../db/schema/tenancy';
import { hashPassword } from '../platform/crypto';

export const PASSWORD = 'Factory-Pass-1';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

/** The enterprise every test tenant lives in (key `test`, the harness's default `X-AF-EID`). */
export async function ensureEnterprise(db: Db, key = 'test') {
  await db.insert(enterprises).values({ key, name: `Enterprise ${key}` }).onConflictDoNothing();
  const [row] = await db.select().from(enterprises).where(eq(enterprises.key, key));
  return row!;
}

export interface Tenant {
  enterpriseId: string;
  account: { id: string; slug: string; domain: string };
  sites: [{ id: string; slug: string }, { id: string; slug: string }];
  employers: [{ id: string; siteId: string }, { id: string; siteId: string }];
  users: { accountAdmin: TenantUser; siteManager: TenantUser; employerAdmin: TenantUser; noRole: TenantUser };
}
export interface TenantUser {
  id: string;
  email: string;
}

/**
 * A fresh account with two sites, an employer on each and one user per
 * common role, all with password {@link PASSWORD}. Unique names let many
 * tenants share one database, which is how the isolation tests work.
 */
export async function createTenant(db: Db, opts: { enterpriseKey?: string; name?: string } = {}): Promise<Tenant> {
  const enterprise = await ensureEnterprise(db, opts.enterpriseKey);
  const tag = uuidv7().slice(-8);
  const name = opts.name ?? `Tenant ${tag}`;
  const domain = `t${tag}.test`;
  const [account] = await db
    .insert(accounts)
    .values({
      enterpriseId: enterprise.id,
      slug: `t-${tag}`,
      name,
      title: `${name} Careers`,
      domain,
      branding: { colors: { primary_color: '#123456', primary_darken_color: '#0a1b2c' }, login: { title: `Welcome to ${name}` } },
    })
    .returning();
  const siteRows = await db
    .insert(sites)
    .values([
      { accountId: account!.id, slug: 'main', name: `${name} Jobs`, domain: `jobs.${domain}`, boardEnabled: true, domainVerifiedAt: new Date() },
      { accountId: account!.id, slug: 'second', name: `${name} Second` },
    ])
    .returning();
  const employerRows = await db
    .insert(employers)
    .values(
      siteRows.map((s, i) => ({
        accountId: account!.id,
        siteId: s.id,
        type: 'business' as const,
        businessName: `${name} Employer ${i + 1}`,
        status: 'active' as const,
      })),
    )
    .returning();
  const roleRows = await db
    .insert(roles)
    .values(defaultRoles.filter((r) => r.level !== 'enterprise').map((r) => ({ ...r, enterpriseId: enterprise.id, accountId: account!.id })))
    .returning();
  const role = (key: string) => roleRows.find((r) => r.key === key)!.id;

  const hash = await hashed();
  const makeUser = async (label: string) => {
    const [u] = await db
      .insert(users)
      .values({ enterpriseId: enterprise.id, email: `${label}.${tag}@example.test`, name: `${label} ${tag}`, passwordHash: hash })
      .returning();
    return { id: u!.id, email: u!.email };
  };
  const accountAdmin = await makeUser('admin');
  const siteManager = await makeUser('manager');
  const employerAdmin = await makeUser('employer');
  const noRole = await makeUser('norole');
  const [s1, s2] = siteRows as [(typeof siteRows)[0], (typeof siteRows)[0]];
  const [e1, e2] = employerRows as [(typeof employerRows)[0], (typeof employerRows)[0]];
  await db.insert(memberships).values([
    { userId: accountAdmin.id, enterpriseId: enterprise.id, scopeType: 'account', accountId: account!.id, roleId: role('account_admin') },
    { userId: siteManager.id, enterpriseId: enterprise.id, scopeType: 'site', accountId: account!.id, siteId: s1.id, roleId: role('site_manager') },
    {
      userId: employerAdmin.id,
      enterpriseId: enterprise.id,
      scopeType: 'employer',
      accountId: account!.id,
      siteId: s1.id,
      employerId: e1.id,
      roleId: role('employer_admin'),
    },
  ]);
  return {
    enterpriseId: enterprise.id,
    account: { id: account!.id, slug: account!.slug, domain },
    sites: [
      { id: s1.id, slug: s1.slug },
      { id: s2.id, slug: s2.slug },
    ],
    employers: [
      { id: e1.id, siteId: s1.id },
      { id: e2.id, siteId: s2.id },
    ],
    users: { accountAdmin, siteManager, employerAdmin, noRole },
  };
}
