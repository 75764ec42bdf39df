import { createHash } from 'node:crypto';
import { defaultRoles } from '@hireline/access/roles';
import { defaultProducts, type SiteSettings } from '../defaults';
import { roles } from '../schema/identity';
import { accounts, sites, type Branding } from '../schema/tenancy';
import { addDays, daysAgo, insertMany, type SeedContext } from './context';
import { auCities, usCities } from './names';
import { seedSiteDefaults } from './site-defaults';

export interface SeedProduct {
  id: string;
  name: string;
  durationDays: number;
  featured: boolean;
}

export interface SeedSite {
  id: string;
  accountId: string;
  accountSlug: string;
  slug: string;
  name: string;
  settings: SiteSettings;
  products: SeedProduct[];
  cities: readonly string[];
  /** The account's first site: the busiest demo board. */
  primary: boolean;
  createdAt: Date;
}

export interface SeedAccount {
  id: string;
  slug: string;
  name: string;
  emailDomain: string;
  sites: SeedSite[];
  /** Role ids of this account's editable copy, by role key. */
  roles: Record<string, string>;
  createdAt: Date;
}

const forms = {
  application: { enabled: true, handler: 'internal' as const },
  employer_registration: { enabled: true, handler: 'internal' as const },
  job_report: { enabled: true, handler: 'internal' as const },
  feedback: { enabled: true, handler: 'internal' as const },
};

function branding(title: string, primary: string, darker: string): Branding {
  return {
    colors: { primary_color: primary, primary_darken_color: darker },
    stylesheet: { path: null },
    favicon: null,
    logo: null,
    login: { title: `Welcome to ${title}`, subtitle: 'Sign in to manage your jobs and candidates' },
    forgot_password: {
      title: 'Forgot your password?',
      subtitle: 'Enter your email and we will send you a link to reset it',
    },
    register: { title: `Hire with ${title}`, subtitle: 'Create an employer account to post your first job' },
  };
}

/** The two demo accounts and their sites (DESIGN §3: `jobs.acme.localhost`, `jobs.globex.localhost`). */
const plan = [
  {
    slug: 'acme',
    name: 'Acme Recruitment',
    title: 'Acme Careers',
    domain: 'acme.localhost',
    // The portal on plain localhost (the default dev URL) shows Acme.
    aliases: ['localhost', '127.0.0.1'],
    emailDomain: 'acme.test',
    branding: branding('Acme Careers', '#7367F0', '#675DD8'),
    sites: [
      {
        slug: 'jobs',
        name: 'Acme Jobs',
        domain: 'jobs.acme.localhost',
        tz: 'America/New_York',
        price: 4900,
        currency: 'USD',
        jobApproval: false,
        employerApproval: false,
        cities: usCities,
      },
      {
        slug: 'executive',
        name: 'Acme Executive',
        domain: null,
        tz: 'America/New_York',
        price: 9900,
        currency: 'USD',
        jobApproval: true,
        employerApproval: true,
        cities: usCities,
      },
    ],
  },
  {
    slug: 'globex',
    name: 'Globex Talent',
    title: 'Globex Talent Portal',
    domain: 'globex.localhost',
    aliases: [],
    emailDomain: 'globex.test',
    branding: {
      ...branding('Globex Talent', '#0E7C66', '#0A5C4C'),
      login: { title: 'Globex Talent Portal', subtitle: 'Hiring made simple for Globex partners' },
    },
    sites: [
      {
        slug: 'jobs',
        name: 'Globex Jobs',
        domain: 'jobs.globex.localhost',
        tz: 'America/Chicago',
        price: 3900,
        currency: 'USD',
        jobApproval: false,
        employerApproval: false,
        cities: usCities,
      },
      {
        slug: 'healthcare',
        name: 'Globex Healthcare',
        domain: null,
        tz: 'Australia/Sydney',
        price: 5900,
        currency: 'AUD',
        jobApproval: true,
        employerApproval: true,
        cities: auCities,
      },
    ],
  },
] as const;

export async function seedTenancy(
  ctx: SeedContext,
  enterpriseId: string,
): Promise<{ accounts: SeedAccount[]; enterpriseRoles: Record<string, string> }> {
  const { tx, rng } = ctx;
  const out: SeedAccount[] = [];
  const accountRows: (typeof accounts.$inferInsert)[] = [];
  const siteRows: (typeof sites.$inferInsert)[] = [];
  const roleRows: (typeof roles.$inferInsert)[] = [];
  const setupAt = daysAgo(ctx, 420);
  const enterpriseRoles: Record<string, string> = {};
  for (const r of defaultRoles) {
    enterpriseRoles[r.key] = rng.uuidAt(setupAt);
    roleRows.push({ id: enterpriseRoles[r.key], enterpriseId, accountId: null, ...r, createdAt: setupAt });
  }

  plan.forEach((a, i) => {
    const createdAt = daysAgo(ctx, 400 - i * 30, 8);
    const id = rng.uuidAt(createdAt);
    const { domain, aliases, title, branding: b } = a;
    accountRows.push({
      id,
      enterpriseId,
      slug: a.slug,
      name: a.name,
      title,
      domain,
      domainAliases: [...aliases],
      branding: b,
      settings: { support_email: `support@${a.emailDomain}` },
      createdAt,
    });
    const accountRoles: Record<string, string> = {};
    for (const r of defaultRoles) {
      const roleId = rng.uuidAt(createdAt);
      accountRoles[r.key] = roleId;
      roleRows.push({ id: roleId, enterpriseId, accountId: id, ...r, createdAt });
    }
    const account: SeedAccount = {
      id,
      slug: a.slug,
      name: a.name,
      emailDomain: a.emailDomain,
      sites: [],
      roles: accountRoles,
      createdAt,
    };
    a.sites.forEach((s, j) => {
      const siteCreated = addDays(createdAt, 2 + j * 20);
      const settings: SiteSettings = {
        timezone: s.tz,
        locale: 'en-US',
        job_approval_required: s.jobApproval,
        employer_approval_required: s.employerApproval,
        price_per_credit_cents: s.price,
        currency: s.currency,
        forms,
      };
      const siteId = rng.uuidAt(siteCreated);
      siteRows.push({
        id: siteId,
        accountId: id,
        slug: s.slug,
        name: s.name,
        domain: s.domain,
        // The demo's domains are `*.localhost`, trusted without proof; the token is derived so the seed stays deterministic.
        domainToken: createHash('sha256').update(`domain:${siteId}`).digest('hex').slice(0, 32),
        domainVerifiedAt: s.domain ? siteCreated : null,
        boardEnabled: true,
        settings,
        createdAt: siteCreated,
      });
      const seedProducts = defaultProducts.map((p) => ({ id: rng.uuidAt(siteCreated), ...p }));
      account.sites.push({
        id: siteId,
        accountId: id,
        accountSlug: a.slug,
        slug: s.slug,
        name: s.name,
        settings,
        products: seedProducts,
        cities: s.cities,
        primary: j === 0,
        createdAt: siteCreated,
      });
    });
    out.push(account);
  });

  await insertMany(tx, accounts, accountRows);
  await insertMany(tx, sites, siteRows);
  await insertMany(tx, roles, roleRows);
  await seedSiteDefaults(
    ctx,
    out.flatMap((a) => a.sites),
  );
  return { accounts: out, enterpriseRoles };
}
