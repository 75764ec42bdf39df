import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../db/client';
import { assertSafeKey, type Storage } from '../platform/storage';
import { assertPgliteFree, readManifest, type DatabaseSource } from './backup';
import { compareCounts, FILES, readCounts, secretCheck, sha256, type Manifest, type Query } from './manifest';
import { runPgTool } from './pg-tools';

/*
 * `npm run restore` (cli/restore.ts): a backup folder back into an empty database and an empty storage, then checked
 * against its manifest. The backup's own checksums are checked before anything is written, so a damaged backup
 * leaves the target as it was; what was written is then read back and counted.
 */

export interface RestoreOptions {
  from: string;
  database: DatabaseSource;
  storage: Storage;
  /** Empties a target that holds tables or files instead of refusing it. */
  force?: boolean;
  /** The target's APP_SECRET, compared with the backup's fingerprint of its own. */
  appSecret?: string;
  onFile?: (done: number, total: number) => void;
}

export interface RestoreSummary {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  /** Every way the restored data differs from the manifest; empty when it matches. */
  mismatches: string[];
  /** False when the backup was taken under another APP_SECRET; null when either side does not say. */
  sameSecret: boolean | null;
}

export class BackupDamaged extends Error {}
export class TargetNotEmpty extends Error {}

export async function restore(o: RestoreOptions): Promise<RestoreSummary> {
  const manifest = readManifest(o.from);
  if (manifest.database.kind !== o.database.kind)
    throw new Error(`This backup is of a ${manifest.database.kind} database; the target is ${o.database.kind}.`);
  const dump = await checkBackup(o.from, manifest);

  const busy = [...(await databaseContents(o.database)), ...(await storageContents(o.storage))];
  if (busy.length && !o.force)
    throw new TargetNotEmpty(`The target is not empty (${busy.join('; ')}): restore into an empty database and storage, or pass --force to erase them first.`);
  if (busy.length) await erase(o.database, o.storage);

  await restoreDatabase(o.database, join(o.from, manifest.database.file), dump);
  for (const [i, f] of manifest.files.entries()) {
    await o.storage.put(f.key, await readFile(join(o.from, FILES, f.key)));
    o.onFile?.(i + 1, manifest.files.length);
  }

  const mismatches = compareCounts(manifest, await countDatabase(o.database));
  for (const f of manifest.files) {
    const bytes = await o.storage.get(f.key);
    if (!bytes) mismatches.push(`file ${f.key}: missing after restore`);
    else if (sha256(bytes) !== f.sha256) mismatches.push(`file ${f.key}: sha256 differs after restore`);
  }
  return {
    manifest,
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((a, b) => a + b, 0),
    files: manifest.files.length,
    bytes: manifest.files.reduce((a, f) => a + f.size, 0),
    mismatches,
    sameSecret: manifest.secret_check && o.appSecret ? manifest.secret_check === secretCheck(o.appSecret) : null,
  };
}

/** The dump and every file against their checksums, all before the target is touched; names each that differs. */
async function checkBackup(from: string, m: Manifest): Promise<Buffer> {
  const damaged: string[] = [];
  const dump = await readFile(join(from, m.database.file)).catch(() => null);
  if (!dump) damaged.push(`database dump ${m.database.file}: missing`);
  else if (sha256(dump) !== m.database.sha256) damaged.push(`database dump ${m.database.file}: sha256 differs`);
  for (const f of m.files) {
    // A key is a path below files/: an edited manifest must not make restore read (or write) elsewhere.
    assertSafeKey(f.key);
    const bytes = await readFile(join(from, FILES, f.key)).catch(() => null);
    if (!bytes) damaged.push(`file ${f.key}: missing from the backup`);
    else if (bytes.length !== f.size || sha256(bytes) !== f.sha256) damaged.push(`file ${f.key}: sha256 differs from the manifest`);
  }
  if (damaged.length) throw new BackupDamaged(`The backup in ${from} is damaged; nothing was restored.\n  ${damaged.join('\n  ')}`);
  return dump!;
}

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function databaseContents(db: DatabaseSource): Promise<string[]> {
  if (db.kind === 'pglite') return existsSync(db.dir) && readdirSync(db.dir).length ? [`${db.dir} holds a database`] : [];
  const { rows } = await withClient(db.url, (c) =>
    c.query<{ n: string }>("select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')"),
  );
  return Number(rows[0]!.n) ? [`the database has ${rows[0]!.n} tables`] : [];
}

async function storageContents(storage: Storage): Promise<string[]> {
  for await (const key of storage.list()) return [`${storage.location} holds files (${key}…)`];
  return [];
}

async function erase(db: DatabaseSource, storage: Storage) {
  if (db.kind === 'pglite') {
    assertPgliteFree(db.dir);
    rmSync(db.dir, { recursive: true, force: true });
  } else {
    await withClient(db.url, async (c) => {
      await c.query('drop schema if exists drizzle cascade');
      await c.query('drop schema if exists public cascade');
      await c.query('create schema public');
    });
  }
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  for (const key of keys) await storage.delete(key);
}

/** The role the API acts as (ADR 012) lives in the cluster, not the dump: the grants and policies restored name it. */
const ENSURE_API_ROLE = `DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hireline_api') THEN
    CREATE ROLE hireline_api NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  IF NOT pg_has_role(current_user, 'hireline_api', 'MEMBER') THEN
    EXECUTE format('GRANT hireline_api TO %I', current_user);
  END IF;
END $$`;

async function restoreDatabase(db: DatabaseSource, file: string, dump: Buffer) {
  if (db.kind === 'pglite') {
    mkdirSync(db.dir, { recursive: true });
    const pglite = await PGlite.create(db.dir, { loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
    await pglite.close();
    return;
  }
  await withClient(db.url, (c) => c.query(ENSURE_API_ROLE));
  // As the connecting user (--no-owner), who then owns the tables as the migrations' user would; in one transaction,
  // so a failure leaves the database empty rather than half restored.
  await runPgTool('pg_restore', db.url, ['--no-owner', '--exit-on-error', '--single-transaction', file]);
}

async function countDatabase(db: DatabaseSource) {
  if (db.kind === 'postgres')
    return withClient(db.url, async (c) => {
      await c.query('begin isolation level repeatable read read only');
      const query: Query = async (text) => (await c.query(text)).rows;
      const counts = await readCounts(query);
      await c.query('commit');
      return counts;
    });
  const pglite = await PGlite.create(db.dir, { extensions: pgliteExtensions });
  try {
    return await pglite.transaction(async (tx) => readCounts(async (text) => (await tx.query(text)).rows as never));
  } finally {
    await pglite.close();
  }
}
