import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { readinessChecks } from '@hireline/contract/system';
import type { Db } from '../../db/client';
import { migrationsFolder } from '../../db/migrate';
import type { Storage } from '../../platform/storage';

type Check = (typeof readinessChecks)[number];
export type CheckStates = Record<Check, 'ok' | 'failing'>;

/** The `when` of every migration this build carries: drizzle records it as `created_at` once applied. */
let bundled: number[] | undefined;
function bundledMigrations(): number[] {
  bundled ??= (JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map(
    (e) => e.when,
  );
  return bundled;
}

/**
 * The migrations the database has applied. Drizzle's table belongs to the owner, and the API's connections act as a
 * role that owns nothing (ADR 012); `set local role none` returns to the login user for this one read-only
 * transaction and ends with it, so no other query ever runs as the owner.
 */
async function appliedMigrations(db: Db): Promise<Set<number>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role none`);
    const res = await tx.execute<{ created_at: string | number }>(sql`select created_at from drizzle.__drizzle_migrations`);
    return new Set(res.rows.map((r) => Number(r.created_at)));
  });
}

/** Every bundled migration is applied (a database restored from before an upgrade, or not yet migrated, is not). */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const applied = await appliedMigrations(db);
  return bundledMigrations().every((when) => applied.has(when));
}

const settled = async (p: () => Promise<unknown>) =>
  p().then(
    () => 'ok' as const,
    () => 'failing' as const,
  );

/** Each check on its own, so one failing names itself rather than hiding the others. */
export async function readinessOf(db: Db, storage: Storage): Promise<CheckStates> {
  const database = await settled(() => db.execute(sql`select 1`));
  const migrations =
    database === 'ok'
      ? await settled(async () => {
          if (!(await migrationsCurrent(db))) throw new Error('migrations pending');
        })
      : 'failing';
  const store = await settled(() => storage.ping());
  return { database, migrations, storage: store };
}
