import type { RoleLevel } from '@hireline/contract/enums';
import { consultants, consultantSites } from '../schema/consultants';
import { memberships, users } from '../schema/identity';
import { addDays, insertMany, type SeedContext } from './context';
import type { SeedEmployer } from './employers';
import type { SeedAccount, SeedSite } from './tenancy';

export interface SeedUser {
  id: string;
  email: string;
  name: string;
  /** Where the user works, for notifications: their account and (for site/employer staff) site. */
  accountId: string | null;
  site: SeedSite | null;
  level: RoleLevel;
  employerId: string | null;
}

export interface SeedConsultant {
  id: string;
  userId: string | null;
  siteIds: string[];
}

export interface SeedPeople {
  users: SeedUser[];
  /** Staff who act on a site's jobs and applications (site managers and consultants). */
  staffBySite: Map<string, string[]>;
  consultantsBySite: Map<string, SeedConsultant[]>;
  /** The employer admin's user id per employer, where the employer has a portal login. */
  employerUsers: Map<string, string>;
}

/** A staff member: one membership per entry of `at` (`acme/jobs` = a site, `acme` = the account). */
interface StaffPlan {
  email: string;
  name: string;
  role: string;
  at: string[];
  consultant?: { title: string; phone: string };
  enabled?: boolean;
}

const staff: StaffPlan[] = [
  { email: 'enterprise@demo.test', name: 'Morgan Reyes', role: 'enterprise_admin', at: [] },
  { email: 'admin@acme.test', name: 'Priya Natarajan', role: 'account_admin', at: ['acme'] },
  { email: 'manager@acme.test', name: 'Daniel Okafor', role: 'site_manager', at: ['acme/jobs'] },
  {
    email: 'consultant@acme.test',
    name: 'Sofia Martinez',
    role: 'consultant',
    at: ['acme/jobs'],
    consultant: { title: 'Senior Recruitment Consultant', phone: '+1 (212) 555-0142' },
  },
  { email: 'executive@acme.test', name: 'Oliver Bennett', role: 'site_manager', at: ['acme/executive'] },
  {
    email: 'grace.kim@acme.test',
    name: 'Grace Kim',
    role: 'consultant',
    at: ['acme/jobs', 'acme/executive'],
    consultant: { title: 'Executive Search Consultant', phone: '+1 (212) 555-0178' },
  },
  { email: 'ryan.cooper@acme.test', name: 'Ryan Cooper', role: 'site_manager', at: ['acme/jobs'], enabled: false },
  { email: 'admin@globex.test', name: 'Hannah Schmidt', role: 'account_admin', at: ['globex'] },
  { email: 'manager@globex.test', name: 'Marcus Johnson', role: 'site_manager', at: ['globex/jobs'] },
  { email: 'healthcare@globex.test', name: 'Aisha Haddad', role: 'site_manager', at: ['globex/healthcare'] },
  {
    email: 'consultant@globex.test',
    name: 'Lucas Silva',
    role: 'consultant',
    at: ['globex/jobs'],
    consultant: { title: 'Recruitment Consultant', phone: '+1 (312) 555-0119' },
  },
];

/** Consultants without a portal login: shown on jobs, managed by staff. */
const unlinkedConsultants = [
  { account: 'acme', name: 'Ben Carter', email: 'ben.carter@acme.test', title: 'Talent Partner', sites: ['executive'] },
  {
    account: 'acme',
    name: 'Nina Alvarez',
    email: 'nina.alvarez@acme.test',
    title: 'Recruitment Coordinator',
    sites: ['jobs'],
  },
  {
    account: 'globex',
    name: 'Ingrid Larsen',
    email: 'ingrid.larsen@globex.test',
    title: 'Clinical Recruitment Lead',
    sites: ['healthcare'],
  },
  {
    account: 'globex',
    name: 'Tom Becker',
    email: 'tom.becker@globex.test',
    title: 'Recruitment Consultant',
    sites: ['jobs', 'healthcare'],
  },
];

/** Employer logins: the first employer of each primary site gets an admin; Northwind also a second user. */
const employerLogins = [
  { email: 'employer@acme.test', name: 'James Whitfield', site: 'acme/jobs', index: 0, role: 'employer_admin' },
  { email: 'emma.wilson@acme.test', name: 'Emma Wilson', site: 'acme/jobs', index: 0, role: 'employer_user' },
  { email: 'hr@acme.test', name: 'Kenji Tanaka', site: 'acme/jobs', index: 1, role: 'employer_admin' },
  { email: 'talent@acme.test', name: 'Amara Mensah', site: 'acme/executive', index: 0, role: 'employer_admin' },
  { email: 'employer@globex.test', name: 'Chloe Nguyen', site: 'globex/jobs', index: 0, role: 'employer_admin' },
  { email: 'clinic@globex.test', name: 'Declan Murphy', site: 'globex/healthcare', index: 0, role: 'employer_admin' },
];

export async function seedPeople(
  ctx: SeedContext,
  enterpriseId: string,
  enterpriseRoleIds: Record<string, string>,
  accounts: SeedAccount[],
  employers: SeedEmployer[],
): Promise<SeedPeople> {
  const { rng, passwordHash } = ctx;
  const accountBySlug = new Map(accounts.map((a) => [a.slug, a]));
  const siteByPath = new Map<string, SeedSite>(
    accounts.flatMap((a) => a.sites.map((s) => [`${a.slug}/${s.slug}`, s] as const)),
  );
  const userRows: (typeof users.$inferInsert)[] = [];
  const membershipRows: (typeof memberships.$inferInsert)[] = [];
  const consultantRows: (typeof consultants.$inferInsert)[] = [];
  const consultantSiteRows: (typeof consultantSites.$inferInsert)[] = [];
  const people: SeedPeople = {
    users: [],
    staffBySite: new Map(),
    consultantsBySite: new Map(),
    employerUsers: new Map(),
  };
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => map.set(key, [...(map.get(key) ?? []), value]);

  const addUser = (
    email: string,
    name: string,
    level: RoleLevel,
    accountSlug: string | null,
    site: SeedSite | null,
    enabled = true,
    after?: Date,
  ) => {
    const account = accountSlug ? accountBySlug.get(accountSlug)! : null;
    const createdAt = addDays(after ?? account?.createdAt ?? accounts[0]!.createdAt, rng.int(1, after ? 3 : 120));
    const id = rng.uuidAt(createdAt);
    userRows.push({
      id,
      enterpriseId,
      email,
      name,
      passwordHash,
      locale: 'en',
      enabled,
      createdAt,
      updatedAt: createdAt,
    });
    people.users.push({ id, email, name, accountId: account?.id ?? null, site, level, employerId: null });
    return { id, createdAt };
  };

  for (const p of staff) {
    const accountSlug = p.at[0]?.split('/')[0] ?? null;
    const firstSite = p.at[0]?.includes('/') ? siteByPath.get(p.at[0])! : null;
    const level: RoleLevel =
      p.role === 'enterprise_admin' ? 'enterprise' : p.role === 'account_admin' ? 'account' : 'site';
    const user = addUser(p.email, p.name, level, accountSlug, firstSite, p.enabled ?? true);
    if (p.role === 'enterprise_admin') {
      membershipRows.push({
        id: rng.uuidAt(user.createdAt),
        userId: user.id,
        enterpriseId,
        scopeType: 'enterprise',
        roleId: enterpriseRoleIds.enterprise_admin!,
        createdAt: user.createdAt,
      });
    }
    for (const path of p.at) {
      const account = accountBySlug.get(path.split('/')[0]!)!;
      const site = path.includes('/') ? siteByPath.get(path)! : null;
      membershipRows.push({
        id: rng.uuidAt(user.createdAt),
        userId: user.id,
        enterpriseId,
        scopeType: site ? 'site' : 'account',
        accountId: account.id,
        siteId: site?.id ?? null,
        roleId: account.roles[p.role]!,
        createdAt: user.createdAt,
      });
      if (site && p.enabled !== false) push(people.staffBySite, site.id, user.id);
    }
    if (p.consultant) {
      const account = accountBySlug.get(accountSlug!)!;
      const sitesOf = p.at.map((path) => siteByPath.get(path)!);
      const id = rng.uuidAt(user.createdAt);
      consultantRows.push({
        id,
        accountId: account.id,
        userId: user.id,
        name: p.name,
        email: p.email,
        phone: p.consultant.phone,
        title: p.consultant.title,
        createdAt: user.createdAt,
      });
      for (const s of sitesOf) {
        consultantSiteRows.push({ consultantId: id, siteId: s.id, accountId: account.id });
        push(people.consultantsBySite, s.id, { id, userId: user.id, siteIds: sitesOf.map((x) => x.id) });
      }
    }
  }

  for (const c of unlinkedConsultants) {
    const account = accountBySlug.get(c.account)!;
    const createdAt = addDays(account.createdAt, rng.int(10, 200));
    const id = rng.uuidAt(createdAt);
    consultantRows.push({
      id,
      accountId: account.id,
      userId: null,
      name: c.name,
      email: c.email,
      phone: `+1 (646) 555-0${rng.int(100, 199)}`,
      title: c.title,
      createdAt,
    });
    for (const slug of c.sites) {
      const site = siteByPath.get(`${c.account}/${slug}`)!;
      consultantSiteRows.push({ consultantId: id, siteId: site.id, accountId: account.id });
      push(people.consultantsBySite, site.id, { id, userId: null, siteIds: [site.id] });
    }
  }

  for (const e of employerLogins) {
    const site = siteByPath.get(e.site)!;
    const employer = employers.filter((x) => x.siteId === site.id && x.status === 'active')[e.index]!;
    const account = accounts.find((a) => a.id === site.accountId)!;
    const user = addUser(e.email, e.name, 'employer', account.slug, site, true, employer.createdAt);
    people.users.at(-1)!.employerId = employer.id;
    membershipRows.push({
      id: rng.uuidAt(user.createdAt),
      userId: user.id,
      enterpriseId,
      scopeType: 'employer',
      accountId: account.id,
      siteId: site.id,
      employerId: employer.id,
      roleId: account.roles[e.role]!,
      createdAt: user.createdAt,
    });
    if (e.role === 'employer_admin') people.employerUsers.set(employer.id, user.id);
  }

  await insertMany(ctx.tx, users, userRows);
  await insertMany(ctx.tx, memberships, membershipRows);
  await insertMany(ctx.tx, consultants, consultantRows);
  await insertMany(ctx.tx, consultantSites, consultantSiteRows);
  return people;
}
