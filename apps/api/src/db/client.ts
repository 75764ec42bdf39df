import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { schema } from './schema';
import { requestLimits, type RequestLimits } from './request-limits';
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
 *
 * The request's limits (request-limits.ts) are applied here too, so every query of a request gets them whichever
 * module runs it: its `statement_timeout` travels with the tenant setting (a request's statement that runs past it is
 * cancelled by PostgreSQL, SQLSTATE 57014, and answered 503; work outside requests sets it back to none), and when the
 * request is a search the checkout first waits for one of its tenant's slots, held until the connection is released.
 */
export class TenantPool extends pg.Pool {
  role: string | null = null;

  private async sync(client: pg.PoolClient, tenant: string, timeoutMs: number) {
    const c = client as pg.PoolClient & { hirelineTenant?: string; hirelineRole?: string | null; hirelineTimeout?: number };
    if (c.hirelineTenant === tenant && c.hirelineRole === this.role && c.hirelineTimeout === timeoutMs) return;
    await client.query(
      "select set_config('role', $1, false), set_config('hireline.tenant', $2, false), set_config('statement_timeout', $3, false)",
      [this.role ?? 'none', tenant, String(timeoutMs)],
    );
    c.hirelineTenant = tenant;
    c.hirelineRole = this.role;
    c.hirelineTimeout = timeoutMs;
  }

  private async checkout(tenant: string, limits: RequestLimits): Promise<pg.PoolClient> {
    const free = limits.slot ? await limits.slot() : null;
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (e) {
      free?.();
      throw e;
    }
    try {
      await this.sync(client, tenant, limits.statementTimeoutMs);
    } catch (e) {
      client.release(e as Error);
      free?.();
      throw e;
    }
    if (free) {
      // The pool gives each checkout a release of its own, so this wraps this checkout's only.
      const release = client.release;
      client.release = (err?: Error | boolean) => {
        free();
        release.call(client, err);
      };
    }
    return client;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads (promise and callback) in one body
  override connect(cb?: any): any {
    const checkedOut = this.checkout(tenantSetting(), requestLimits());
    if (!cb) return checkedOut;
    checkedOut.then(
      (client) => cb(undefined, client, client.release),
      (e: Error) => cb(e),
    );
  }
}

/**
 * Every PostgreSQL pool of the API (and of the tests, which must run as it does). JIT off: every statement the API
 * runs reads a page or a capped count, and compiling one took ~11 ms on the bench data (bench/README.md), ten times
 * the statement itself; JIT pays only for long analytical queries. Custom plans always: the lists run as named
 * prepared statements (platform/prepared.ts), and after five runs PostgreSQL may switch a statement to one generic
 * plan made without its values, which for a rare status or employer on a big site walks the site's date index
 * instead of the status one. Planning is ~0.2 ms; what preparing saves (building and parsing) stays saved.
 */
export const poolOptions = { max: 10, options: '-c jit=off -c plan_cache_mode=force_custom_plan' } as const;

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

/**
 * The request limits (request-limits.ts) are not applied to the embedded database: PGlite ignores `statement_timeout`
 * (its WebAssembly build has no timer signal to cancel with: a `pg_sleep(1)` under a 100 ms timeout runs its whole
 * second), and it has no pool for one tenant's searches to drain: it runs one statement at a time for the one process.
 */
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
