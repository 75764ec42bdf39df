import type { EmployerStatus, EmployerType } from '@hireline/contract/enums';
import { defaultFieldOptions } from '../defaults';
import { employers } from '../schema/employers';
import { addDays, daysAgo, insertMany, slugify, type SeedContext } from './context';
import { companies, firstNames, households, lastNames, streets } from './names';
import type { SeedAccount, SeedSite } from './tenancy';

export interface SeedEmployer {
  id: string;
  accountId: string;
  siteId: string;
  site: SeedSite;
  type: EmployerType;
  name: string;
  industry: string;
  domain: string;
  contactName: string;
  contactEmail: string;
  status: EmployerStatus;
  createdAt: Date;
  /** Credits left over after all demo posts; 0 leaves the employer with an empty balance. */
  spareCredits: number;
}

/** Per site: statuses of its eight employers, in order; the last one is a household. */
const statusPlan: Record<string, EmployerStatus[]> = {
  'acme/jobs': ['active', 'active', 'active', 'active', 'active', 'active', 'active', 'active'],
  'acme/executive': ['active', 'active', 'active', 'pending', 'active', 'pending', 'rejected', 'active'],
  'globex/jobs': ['active', 'active', 'active', 'active', 'active', 'active', 'active', 'active'],
  'globex/healthcare': ['active', 'active', 'active', 'active', 'pending', 'active', 'pending', 'active'],
};

const sizes = defaultFieldOptions.employer_size.map(([v]) => v);

function person(ctx: SeedContext): [first: string, last: string] {
  return [ctx.rng.pick(firstNames), ctx.rng.pick(lastNames)];
}

export async function seedEmployers(ctx: SeedContext, accounts: SeedAccount[]): Promise<SeedEmployer[]> {
  const { rng } = ctx;
  const healthcare = companies.filter(([, industry]) => industry === 'healthcare');
  // Northwind first: the demo employer of employer@acme.test.
  const others = companies.filter(([, industry]) => industry !== 'healthcare');
  const pool = [others[0]!, ...rng.shuffle(others.slice(1))];
  const familyPool = rng.shuffle(households);
  const out: SeedEmployer[] = [];
  const rows: (typeof employers.$inferInsert)[] = [];

  for (const account of accounts) {
    for (const site of account.sites) {
      const statuses = statusPlan[`${account.slug}/${site.slug}`]!;
      const source = site.slug === 'healthcare' ? [...healthcare] : pool.splice(0, 7);
      const au = site.settings.currency === 'AUD';
      statuses.forEach((status, i) => {
        const household = i === statuses.length - 1;
        const [first, last] = person(ctx);
        const family = household ? familyPool.pop()! : null;
        const company = household ? null : source[i]!;
        const name = family ? `The ${family} Family` : company![0];
        const domain = company ? company[2] : 'example.com';
        const contactName = family ? `${first} ${family}` : `${first} ${last}`;
        const contactEmail = family ? `${slugify(contactName)}@example.com` : `${slugify(first)}@${domain}`;
        const createdAt =
          status === 'pending'
            ? daysAgo(ctx, rng.int(1, 9), 20)
            : status === 'rejected'
              ? daysAgo(ctx, 34, 12)
              : addDays(site.createdAt, rng.int(5, 150));
        const id = rng.uuidAt(createdAt);
        const city = rng.pick(site.cities.filter((c) => !c.startsWith('Remote')));
        const [cityName, region] = city.split(', ') as [string, string];
        const spareCredits = status !== 'active' ? 0 : i === 0 ? 12 : rng.pick([0, 0, 2, 5, 8, 15]);
        out.push({
          id,
          accountId: account.id,
          siteId: site.id,
          site,
          type: household ? 'household' : 'business',
          name,
          industry: company ? company[1] : 'household',
          domain,
          contactName,
          contactEmail,
          status,
          createdAt,
          spareCredits,
        });
        rows.push({
          id,
          accountId: account.id,
          siteId: site.id,
          type: household ? 'household' : 'business',
          businessName: name,
          registrationNumber: household
            ? null
            : au
              ? `ABN ${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)} ${rng.int(100, 999)}`
              : `EIN ${rng.int(10, 99)}-${rng.int(1000000, 9999999)}`,
          industry: company ? company[1] : 'household',
          website: company ? `https://www.${domain}` : null,
          size: household ? '1-10' : rng.pick(sizes.slice(1)),
          contactName,
          contactEmail,
          phone: au
            ? `+61 2 ${rng.int(8000, 9999)} ${rng.int(1000, 9999)}`
            : `+1 (${rng.int(201, 989)}) 555-${rng.int(1000, 9999)}`,
          address: {
            line1: `${rng.int(1, 480)} ${rng.pick(streets)}`,
            line2: null,
            city: cityName,
            region,
            postcode: au ? String(rng.int(2000, 7999)) : String(rng.int(10001, 98999)),
            country: au ? 'AU' : 'US',
          },
          about: household
            ? `A family in ${cityName} looking for reliable, caring help at home.`
            : `${name} is a ${rng.pick(['growing', 'well-established', 'family-owned', 'award-winning'])} ${company![1].replace('_', ' ')} business based in ${cityName}.`,
          status,
          approvedAt: status === 'active' && site.settings.employer_approval_required ? addDays(createdAt, 1) : null,
          rejectedAt: status === 'rejected' ? addDays(createdAt, 2) : null,
          rejectionReason:
            status === 'rejected' ? 'We could not verify the business registration number provided.' : null,
          // One active employer on the busiest board is switched off, to show the disabled state.
          enabled: !(site.primary && i === 5),
          // Final balances are written by the credits seed, which derives them from the ledger.
          creditBalance: 0,
          createdAt,
          updatedAt: createdAt,
        });
      });
    }
  }
  await insertMany(ctx.tx, employers, rows);
  return out;
}
