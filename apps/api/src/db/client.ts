import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { schema } from './schema';

/**
 * Both drivers answer `execute()` with `{ rows }` (PGlite's `Results`, pg's `QueryResult`); saying so
 * here keeps raw SQL typed, where the bare `PgQueryResultHKT` would type every result as `unknown`.
 */
interface QueryRows<TRow> {
  rows: TRow[];
}

export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}

/** The common supertype of the PGlite and node-postgres drizzle instances: code written against it runs on both. */
export type Db = PgDatabase<QueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The underlying driver, for the few callers that need it (migrations, a job queue's adapter). */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Extensions the migrations create; PGlite must be handed their bundles up front. */
export const pgliteExtensions = { pg_trgm };

export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) return fromPool(new pg.Pool({ connectionString: opts.url, max: 10 }));
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  return fromPglite(await PGlite.create(opts.dataDir, { extensions: pgliteExtensions }));
}

export function fromPool(pool: pg.Pool): Database {
  // An idle client that loses its connection is discarded by the pool and the next query reconnects;
  // without a listener the 'error' event would crash the process instead.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    pool,
    close: () => pool.end(),
  };
}

export function fromPglite(pglite: PGlite): Database {
  const db = drizzlePglite({ client: pglite, schema });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
