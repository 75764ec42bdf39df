import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { schema } from './schema';
import { tenantSetting } from './tenant-context';

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
  /**
   * From now on every connection acts as `role` (PostgreSQL only; ADR 012): a role that owns no table and is subject
   * to row-level security. Called after the migrations, which need the owner.
   */
  actAs(role: string): void;
  /** The underlying driver, for the few callers that need it (migrations, a job queue's adapter). */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Extensions the migrations create; PGlite must be handed their bundles up front. */
export const pgliteExtensions = { pg_trgm };

/**
 * A pool whose connections carry the current tenant setting (and, once `actAs` is called, the API's role) before any
 * query runs on them. Checked on every checkout, sent only when it differs from what the connection already has,
 * which for a busy tenant is rarely. The wanted value is read when `connect` is called: the callback may run in
 * whichever request released the connection.
 */
export class TenantPool extends pg.Pool {
  role: string | null = null;

  private async sync(client: pg.PoolClient, tenant: string) {
    const c = client as pg.PoolClient & { hirelineTenant?: string; hirelineRole?: string | null };
    if (c.hirelineTenant === tenant && c.hirelineRole === this.role) return;
    await client.query("select set_config('role', $1, false), set_config('hireline.tenant', $2, false)", [this.role ?? 'none', tenant]);
    c.hirelineTenant = tenant;
    c.hirelineRole = this.role;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads (promise and callback) in one body
  override connect(cb?: any): any {
    const tenant = tenantSetting();
    if (!cb)
      return super.connect().then(async (client) => {
        try {
          await this.sync(client, tenant);
        } catch (e) {
          client.release(e as Error);
          throw e;
        }
        return client;
      });
    super.connect((err, client, done) => {
      if (err || !client) return cb(err, client, done);
      this.sync(client, tenant).then(
        () => cb(undefined, client, done),
        (e: Error) => {
          done(e);
          cb(e);
        },
      );
    });
  }
}

/**
 * Every PostgreSQL pool of the API (and of the tests, which must run as it does). JIT off: every statement the API
 * runs reads a page or a capped count, and compiling one took ~11 ms on the bench data (bench/README.md), ten times
 * the statement itself; JIT pays only for long analytical queries.
 */
export const poolOptions = { max: 10, options: '-c jit=off' } as const;

export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) return fromPool(new TenantPool({ connectionString: opts.url, ...poolOptions }));
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
    actAs(role) {
      if (!(pool instanceof TenantPool)) throw new Error('Only a TenantPool can switch roles');
      pool.role = role;
    },
    close: () => pool.end(),
  };
}

export function fromPglite(pglite: PGlite): Database {
  const db = drizzlePglite({ client: pglite, schema });
  return {
    db,
    kind: 'pglite',
    pglite,
    // The embedded database has one user, its superuser: row-level security is PostgreSQL's line of defence (ADR 012).
    actAs() {},
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
