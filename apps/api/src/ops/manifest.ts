import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../db/migrate';

/**
 * What `npm run backup` writes next to the data (manifest.json) and `npm run restore` checks after bringing it back:
 * enough to tell, without the original, that every row and every byte came back.
 */
export interface Manifest {
  format: 1;
  created_at: string;
  app: { version: string; commit: string | null };
  /**
   * Tells whether a restore runs with the same APP_SECRET (secretCheck), without the backup holding it: the secret
   * seals the two-factor keys in the database, so a backup restored under another one locks those users out.
   */
  secret_check?: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** The dump's file name in the backup folder (pg_dump's custom format, or PGlite's data folder as a tar.gz). */
    file: string;
    size: number;
    sha256: string;
  };
  /** Tags of the migrations applied (drizzle's journal), oldest first. */
  migrations: string[];
  /** Rows per table (`schema.table`), all read in the same snapshot as the dump. */
  tables: Record<string, number>;
  /** Every upload, in `files/<key>` of the backup folder. */
  files: { key: string; size: number; sha256: string }[];
}

export const MANIFEST = 'manifest.json';
export const FILES = 'files';

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A short, one-way fingerprint of APP_SECRET (a long random value, so its hash gives nothing away). */
export const secretCheck = (appSecret: string) => createHash('sha256').update(`hireline backup secret check\0${appSecret}`).digest('hex').slice(0, 16);

/** A query runner both drivers can back: a pg client (inside the snapshot's transaction) or a PGlite instance. */
export type Query = <T>(text: string) => Promise<T[]>;

/**
 * Rows per table of the application's schemas, and the migrations applied. The caller runs it inside the snapshot
 * it dumps (PostgreSQL) or on the only connection there is (PGlite). Run as the owner, which row-level security does
 * not filter; the tenant setting says "every account" all the same, in case a policy is ever forced on the owner.
 */
export async function readCounts(query: Query): Promise<{ tables: Record<string, number>; migrations: string[] }> {
  await query("select set_config('hireline.tenant', '*', true)");
  const names = await query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
      where schemaname in ('public', 'drizzle') order by 1`,
  );
  const tables: Record<string, number> = {};
  for (const { name } of names) {
    const [row] = await query<{ n: string | number }>(`select count(*) as n from ${name}`);
    tables[name] = Number(row!.n);
  }
  return { tables, migrations: await appliedMigrations(query, names.map((n) => n.name)) };
}

async function appliedMigrations(query: Query, tables: string[]): Promise<string[]> {
  if (!tables.includes('drizzle.__drizzle_migrations')) return [];
  const rows = await query<{ created_at: string | number }>('select created_at from drizzle.__drizzle_migrations order by id');
  // Drizzle records a migration by its journal's `when`; the tag is what a person recognises.
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  const tagOf = new Map(journal.entries.map((e) => [e.when, e.tag]));
  return rows.map((r) => tagOf.get(Number(r.created_at)) ?? `unknown (${r.created_at})`);
}

/** The differences between what the manifest promised and what a restored database holds, one line each. */
export function compareCounts(expected: Manifest, found: { tables: Record<string, number>; migrations: string[] }): string[] {
  const out: string[] = [];
  for (const [table, n] of Object.entries(expected.tables)) {
    const got = found.tables[table];
    if (got === undefined) out.push(`table ${table}: missing after restore (expected ${n} rows)`);
    else if (got !== n) out.push(`table ${table}: ${got} rows, expected ${n}`);
  }
  for (const table of Object.keys(found.tables)) if (!(table in expected.tables)) out.push(`table ${table}: not in the backup`);
  if (found.migrations.join() !== expected.migrations.join())
    out.push(`migrations: ${found.migrations.length} applied after restore, ${expected.migrations.length} in the backup`);
  return out;
}
