import { rmSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { localStorage } from '../platform/storage';
import { seedDemo } from './seed/demo';

/** The repository root, so `./data` is the same folder whether run from the root or from apps/api. */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The only place this script reads the environment; swap for config.ts when that lands. */
function settings() {
  const dataDir = process.env.DATA_DIR ?? './data';
  const absoluteDataDir = isAbsolute(dataDir) ? dataDir : resolve(repoRoot, dataDir);
  return {
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: join(absoluteDataDir, 'db'),
    // Where the demo's resumes go: the same folder the API serves uploads from (config.ts).
    storageDir: process.env.STORAGE_DIR ? resolve(repoRoot, process.env.STORAGE_DIR) : join(absoluteDataDir, 'uploads'),
    enterpriseKey: process.env.ENTERPRISE_KEY ?? 'demo',
  };
}

type Settings = ReturnType<typeof settings>;

const open = (s: Settings) => openDatabase(s.databaseUrl ? { url: s.databaseUrl } : { dataDir: s.pgliteDir });

async function seed(database: Database, s: Settings) {
  const started = Date.now();
  const { seeded } = await seedDemo(database.db, { enterpriseKey: s.enterpriseKey, storage: localStorage(s.storageDir) });
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
  const s = settings();
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
