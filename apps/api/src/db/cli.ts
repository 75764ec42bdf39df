import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { configuredStorage } from '../platform/storage-config';
import { seedDemo } from './seed/demo';

/** What this script needs of the configuration, parsed by config.ts like the server's (the same folders and database). */
type Settings = Pick<Config, 'databaseUrl' | 'pgliteDir' | 'storageDir' | 'objectStorage' | 'enterpriseKey'>;

const open = (s: Settings) => openDatabase(s.databaseUrl ? { url: s.databaseUrl } : { dataDir: s.pgliteDir });

async function seed(database: Database, s: Settings) {
  const started = Date.now();
  const { seeded } = await seedDemo(database.db, { enterpriseKey: s.enterpriseKey, storage: configuredStorage(s) });
  console.log(
    seeded
      ? `Seeded demo enterprise '${s.enterpriseKey}' in ${Date.now() - started} ms (password Recruit-Demo-1).`
      : `Enterprise '${s.enterpriseKey}' already exists; nothing seeded.`,
  );
}

/** Drops every table, function and the migrations journal, so the next migrate starts from nothing. */
async function wipe(s: Settings) {
  if (!s.databaseUrl) {
    rmSync(s.pgliteDir, { recursive: true, force: true });
    return;
  }
  const database = await open(s);
  try {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
  } finally {
    await database.close();
  }
}

async function main(command: string | undefined) {
  const s: Settings = loadConfig();
  const where = s.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${s.pgliteDir}`;
  if (command !== 'migrate' && command !== 'seed' && command !== 'reset') {
    console.error('usage: tsx src/db/cli.ts migrate|seed|reset');
    process.exit(2);
  }
  if (command === 'reset') {
    await wipe(s);
    console.log(`Dropped everything in ${where}.`);
  }
  const database = await open(s);
  try {
    const started = Date.now();
    await migrate(database);
    console.log(`Migrated ${where} in ${Date.now() - started} ms.`);
    if (command !== 'migrate') await seed(database, s);
  } finally {
    await database.close();
  }
}

main(process.argv[2]).catch((err) => {
  console.error(err);
  process.exit(1);
});
