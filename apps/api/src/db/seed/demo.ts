import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { enterprises } from '../schema/tenancy';
import { seedApplications } from './applications';
import type { SeedContext } from './context';
import { seedCredits } from './credits';
import { seedEmployers } from './employers';
import { seedJobExtras } from './job-extras';
import { seedJobs } from './jobs';
import { seedNotifications } from './notifications';
import { seedPeople } from './people';
import type { Storage } from '../../platform/storage';
import { Rng } from './random';
import { seedResumes } from './resumes';
import { seedSeekers } from './seekers';
import { seedTenancy } from './tenancy';

export const DEMO_PASSWORD = 'Recruit-Demo-1';

/** `Algorithm.Argon2id`: a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** Same seed, same demo: ids, names and dates (relative to `now`) repeat run after run. */
const SEED = 20_240_601;

/**
 * Seeds the demo enterprise (DESIGN §5/§6: two accounts, four sites, staff of every role, employers,
 * jobs in every status, candidates and applications in every status, consistent credit ledgers).
 * Idempotent: when the enterprise key exists nothing is written and `seeded` is false. Everything is
 * one transaction, so a failed seed leaves no half-made enterprise behind to block the next attempt.
 */
export async function seedDemo(
  db: Db,
  opts: { enterpriseKey: string; now?: Date; storage?: Storage },
): Promise<{ seeded: boolean }> {
  const [existing] = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.key, opts.enterpriseKey))
    .limit(1);
  if (existing) return { seeded: false };

  // Hashed once: argon2id is deliberately slow, and every demo login shares the password.
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: ARGON2ID });
  const now = new Date(Math.floor((opts.now ?? new Date()).getTime() / 1000) * 1000);

  return db.transaction(async (tx) => {
    const ctx: SeedContext = { tx, rng: new Rng(SEED), now, passwordHash };
    const createdAt = new Date(now.getTime() - 430 * 86_400_000);
    const [enterprise] = await tx
      .insert(enterprises)
      .values({
        id: ctx.rng.uuidAt(createdAt),
        key: opts.enterpriseKey,
        name: 'Demo Enterprise',
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing({ target: enterprises.key })
      .returning({ id: enterprises.id });
    // Another process seeded the same key between our check and this insert.
    if (!enterprise) return { seeded: false };

    const { accounts, enterpriseRoles } = await seedTenancy(ctx, enterprise.id);
    const sites = accounts.flatMap((a) => a.sites);
    const employers = await seedEmployers(ctx, accounts);
    const people = await seedPeople(ctx, enterprise.id, enterpriseRoles, accounts, employers);
    const seekers = await seedSeekers(ctx, accounts);
    const jobs = await seedJobs(ctx, sites, employers, people);
    const questions = await seedJobExtras(ctx, sites, jobs, seekers, people);
    const applications = await seedApplications(ctx, sites, jobs, seekers, people, questions);
    await seedResumes(ctx, opts.storage, seekers);
    await seedCredits(ctx, enterprise.id, employers, jobs, people);
    await seedNotifications(ctx, enterprise.id, accounts, people, jobs, applications, employers);
    return { seeded: true };
  });
}
