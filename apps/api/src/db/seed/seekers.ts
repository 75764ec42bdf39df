import { defaultFieldOptions } from '../defaults';
import { seekers } from '../schema/seekers';
import { seekerTags } from './catalog';
import { addDays, between, daysAgo, insertMany, slugify, type SeedContext } from './context';
import { firstNames, lastNames } from './names';
import type { SeedAccount } from './tenancy';

export interface SeedSeeker {
  id: string;
  accountId: string;
  name: string;
  email: string;
  enabled: boolean;
  createdAt: Date;
}

const SEEKERS_PER_ACCOUNT = 60;

/** A known candidate per account for signing in to the board (same demo password as staff). */
const namedSeekers: Record<string, string> = { acme: 'Jordan Taylor', globex: 'Casey Nguyen' };

const visaTypes = defaultFieldOptions.visa_type.map(([v]) => v);
const workTypes = defaultFieldOptions.work_type.map(([v]) => v);

export async function seedSeekers(ctx: SeedContext, accounts: SeedAccount[]): Promise<SeedSeeker[]> {
  const { rng } = ctx;
  const out: SeedSeeker[] = [];
  const rows: (typeof seekers.$inferInsert)[] = [];
  for (const account of accounts) {
    const emails = new Set<string>();
    const cities = [...new Set(account.sites.flatMap((s) => s.cities))];
    for (let i = 0; i < SEEKERS_PER_ACCOUNT; i++) {
      const name = i === 0 ? namedSeekers[account.slug]! : `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
      let email = `${slugify(name)}@example.com`;
      for (let n = 2; emails.has(email); n++) email = `${slugify(name)}${n}@example.com`;
      emails.add(email);
      const createdAt = i === 0 ? daysAgo(ctx, 210, 6) : daysAgo(ctx, rng.int(1, 200), 23);
      // One candidate per account has been disabled by staff, to show that state.
      const enabled = i !== 7;
      const id = rng.uuidAt(createdAt);
      out.push({ id, accountId: account.id, name, email, enabled, createdAt });
      rows.push({
        id,
        accountId: account.id,
        email,
        name,
        phone: rng.chance(0.8) ? `+1 (${rng.int(201, 989)}) 555-${rng.int(1000, 9999)}` : null,
        passwordHash: ctx.passwordHash,
        visaType: rng.weighted([
          [visaTypes[0]!, 6],
          [visaTypes[1]!, 3],
          [visaTypes[2]!, 2],
          [visaTypes[3]!, 1],
          [visaTypes[4]!, 1],
        ]),
        desiredWorkType: rng.weighted(workTypes.map((w, k) => [w, k === 0 ? 6 : 1] as const)),
        location: rng.pick(cities),
        tags: rng.sample(seekerTags, rng.int(0, 2)),
        enabled,
        disabledAt: enabled ? null : between(ctx, createdAt, ctx.now),
        // The named candidate signs in on the board, so has confirmed their address; the draw still happens, so the
        // rest of the demo data stays the same.
        emailVerifiedAt: rng.chance(0.9) || i === 0 ? addDays(createdAt, 0.01) : null,
        lastActiveAt: between(ctx, createdAt, ctx.now),
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  // Profile ids come from a sequence in insert order, so insert in sign-up order: SK-000001 is the oldest.
  rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await insertMany(ctx.tx, seekers, rows);
  return out;
}
