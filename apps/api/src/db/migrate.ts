import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';
import type { schema } from './schema';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed 64-bit number; only processes migrating the same database contend for it. */
const MIGRATION_LOCK = 7_305_118_624_771_029n;

/**
 * Applies the checked-in migrations that the database has not seen; a no-op when it is up to date,
 * so it runs on every start. On PostgreSQL an advisory lock makes processes that start together
 * (several API instances behind a load balancer) take turns instead of racing the same DDL.
 */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as PgliteDatabase<typeof schema>, { migrationsFolder });
    return;
  }
  if (!database.pool) throw new Error('A PostgreSQL database needs its pool to migrate.');
  const lock = await database.pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    await migrateNodePg(database.db as NodePgDatabase<typeof schema>, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]).catch(() => {});
    lock.release();
  }
}
