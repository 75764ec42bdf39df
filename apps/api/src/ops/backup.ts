import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../db/client';
import type { Storage } from '../platform/storage';
import { FILES, MANIFEST, readCounts, secretCheck, sha256, type Manifest, type Query } from './manifest';
import { runPgTool } from './pg-tools';

/*
 * `npm run backup` (cli/backup.ts): the database and the uploads into one folder, with a manifest of row counts and
 * checksums that `npm run restore` verifies. The database first, then the files: a file uploaded meanwhile is an
 * orphan in the backup (harmless), while the reverse order could keep a row whose file is missing.
 */

/** The database to back up: PostgreSQL by URL (as its owner), or PGlite's data folder (with no process on it). */
export type DatabaseSource = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

export interface BackupOptions {
  to: string;
  database: DatabaseSource;
  storage: Storage;
  app: Manifest['app'];
  /** The deployment's APP_SECRET, of which only a fingerprint is written (manifest.ts secretCheck). */
  appSecret?: string;
  now?: Date;
  onFile?: (done: number) => void;
  /** Runs once the snapshot is taken and counted, before the dump starts (the tests write there to prove both agree). */
  afterSnapshot?: () => Promise<void>;
}

/**
 * PGlite is one process's database: a second one opening the folder would corrupt it. While open it keeps
 * `postmaster.pid` in the folder and removes it on close, so its presence means the API (or a crashed one) has it.
 */
export function assertPgliteFree(dir: string) {
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`No PGlite database in ${dir} (DATA_DIR/db).`);
  if (existsSync(join(dir, 'postmaster.pid')))
    throw new Error(
      `The PGlite database in ${dir} is in use (postmaster.pid is there): stop the API first, as PGlite serves one ` +
        'process only. If no process runs on it (the API crashed), start and stop the API once to release it.',
    );
}

export async function backup(o: BackupOptions): Promise<Manifest> {
  if (existsSync(o.to) && readdirSync(o.to).length) throw new Error(`${o.to} is not empty: back up into a new or empty folder.`);
  await mkdir(join(o.to, FILES), { recursive: true });
  const createdAt = (o.now ?? new Date()).toISOString();
  const { file, counts } = o.database.kind === 'postgres' ? await dumpPostgres(o.database.url, o.to, o.afterSnapshot) : await dumpPglite(o.database.dir, o.to);
  const dump = await readFile(join(o.to, file));
  const files = await copyFiles(o.storage, o.to, o.onFile);
  const manifest: Manifest = {
    format: 1,
    created_at: createdAt,
    app: o.app,
    ...(o.appSecret ? { secret_check: secretCheck(o.appSecret) } : {}),
    database: { kind: o.database.kind, file, size: dump.length, sha256: sha256(dump) },
    migrations: counts.migrations,
    tables: counts.tables,
    files,
  };
  // Written last: a folder without a manifest is an interrupted backup, and restore refuses it.
  await writeFile(join(o.to, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * pg_dump and the row counts read the same snapshot: a REPEATABLE READ transaction exports its snapshot, counts in
 * it, and stays open while pg_dump (`--snapshot`) dumps exactly what that transaction sees, whatever the API writes
 * meanwhile.
 */
async function dumpPostgres(url: string, to: string, afterSnapshot = async () => {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const query: Query = async (text) => (await client.query(text)).rows;
    const counts = await readCounts(query);
    await afterSnapshot();
    const file = 'database.pgdump';
    await runPgTool('pg_dump', url, ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${join(to, file)}`]);
    await client.query('commit');
    return { file, counts };
  } finally {
    await client.end();
  }
}

/** PGlite's whole data folder as a tarball (what it loads back with `loadDataDir`); nothing else writes meanwhile. */
async function dumpPglite(dir: string, to: string) {
  assertPgliteFree(dir);
  const pglite = await PGlite.create(dir, { extensions: pgliteExtensions });
  try {
    const counts = await pglite.transaction(async (tx) => readCounts(async (text) => (await tx.query(text)).rows as never));
    const file = 'database.tar.gz';
    await writeFile(join(to, file), Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
    return { file, counts };
  } finally {
    await pglite.close();
  }
}

async function copyFiles(storage: Storage, to: string, onFile: (done: number) => void = () => {}) {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  keys.sort();
  const files: Manifest['files'] = [];
  for (const key of keys) {
    const bytes = await storage.get(key);
    // Deleted between the listing and now (a candidate's erasure): it is gone from the database too, or will be.
    if (!bytes) continue;
    const path = join(to, FILES, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes, { mode: 0o600 });
    files.push({ key, size: bytes.length, sha256: sha256(bytes) });
    onFile(files.length);
  }
  return files;
}

/** Reads a backup's manifest, or says why the folder is not a complete backup. */
export function readManifest(from: string): Manifest {
  const path = join(from, MANIFEST);
  if (!existsSync(path)) throw new Error(`${from} holds no ${MANIFEST}: not a backup, or one that did not finish.`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${path}: unknown backup format ${String(manifest.format)}.`);
  return manifest;
}
