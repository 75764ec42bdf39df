import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPool, pgliteExtensions, poolOptions, TenantPool, type Database } from './client';
import { migrate, migrationsFolder } from './migrate';

export type TestDatabase = Database & { dispose(): Promise<void> };

/**
 * A freshly migrated, empty database of its own for one test (or one file's tests).
 * `TEST_DB=postgres` gives a scratch PostgreSQL database next to `TEST_DATABASE_URL`; anything else an
 * in-memory PGlite. Both start from a template migrated once, so a new one costs a copy, not a migration.
 * `dispose()` closes it and, on PostgreSQL, drops the scratch database.
 */
export async function openTestDatabase(opts: { kind?: 'pglite' | 'postgres' } = {}): Promise<TestDatabase> {
  const kind = opts.kind ?? (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  return kind === 'postgres' ? openScratchPostgres() : openMemoryPglite();
}

// PGlite: creating an instance runs initdb and the migrations (many seconds); loading a dumped data directory skips
// both. Vitest runs each test file in a fresh module scope, so the dump is also kept on disk, named after the
// migrations' content like the PostgreSQL template: the first file of a run (or of a changed migration set) builds
// it, every later file in any worker only loads it.
let pgliteTemplate: Promise<Blob> | undefined;

async function buildPgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `${templateName()}.pglite.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = fromPglite(await PGlite.create({ extensions: pgliteExtensions }));
  try {
    await migrate(database);
    const dump = await database.pglite!.dumpDataDir('none');
    // Written aside and renamed, so a worker never reads half a file; two workers building at once both rename a
    // complete dump of the same migrations.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

async function openMemoryPglite(): Promise<TestDatabase> {
  pgliteTemplate ??= buildPgliteTemplate();
  const pglite = await PGlite.create({ loadDataDir: await pgliteTemplate, extensions: pgliteExtensions });
  const database = fromPglite(pglite);
  return { ...database, dispose: database.close };
}

function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Named after the migrations' content: a changed migration gets a new template, never a stale one. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  return `hireline_tpl_${hash.digest('hex').slice(0, 12)}`;
}

/** Any fixed number; serialises template creation between test workers on one server. */
const TEMPLATE_LOCK = 7_305_118_624_771_030n;

let pgTemplate: Promise<string> | undefined;

async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK.toString()]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    // Built under a temporary name and renamed when complete, so a crash never leaves a half-migrated template.
    const building = `${name}_building`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    const database = fromPool(new pg.Pool({ connectionString: withDatabase(adminUrl, building), max: 2 }));
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await admin.query(`alter database "${building}" rename to "${name}"`);
    await admin.query(`comment on database "${name}" is '${Date.now()}'`);
    // Templates of other migration sets are garbage once they are a day old. Not sooner: another checkout on the same
    // server (a branch with one more migration, a CI run beside a developer's) may be making scratch databases from
    // its own template right now, and dropping it would fail that run.
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database
        where datname like 'hireline\\_tpl\\_%' and datname <> $1
          and coalesce(nullif(shobj_description(oid, 'pg_database'), '')::bigint, 0) < $2`,
      [name, Date.now() - 24 * 3_600_000],
    );
    for (const row of stale.rows)
      await admin.query(`drop database if exists "${row.datname}" with (force)`).catch(() => {});
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK.toString()]).catch(() => {});
    await admin.end();
  }
}

async function openScratchPostgres(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  pgTemplate ??= ensurePostgresTemplate(adminUrl);
  const template = await pgTemplate;
  const name = `hireline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = fromPool(new TenantPool({ connectionString: withDatabase(adminUrl, name), ...poolOptions }));
  let disposed = false;
  return {
    ...database,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await database.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      try {
        await drop.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await drop.end();
      }
    },
  };
}
