import pg from 'pg';

/**
 * The raw baseline's connection pool: what the API's TenantPool (apps/api/src/db/client.ts, ADR 012) does, without
 * its AsyncLocalStorage. Each statement names the tenant it runs for (`*`, or the caller's account ids joined by
 * commas, as route() and db/tenant-context.ts set them), and a connection checked out for it is switched to the
 * API's role and that tenant first, only when it carries something else: the same extra round trip, and the same
 * row-level security on every table, as the API pays.
 *
 * `BENCH_RAW_RLS=0` skips the switch: the login user owns the tables and so bypasses the policies, and the
 * difference between a run with and one without is what row-level security costs.
 */
export const RLS = process.env.BENCH_RAW_RLS !== '0';

/** The API's default DATABASE_API_ROLE (config.ts), created by migration 0009. */
const ROLE = 'hireline_api';
const SYNC_SQL = "select set_config('role', $1, false), set_config('hireline.tenant', $2, false)";

/** The API's pool options (db/client.ts poolOptions: size, JIT off, custom plans), so both use the database on the same terms. */
export function tenantPool(connectionString) {
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off -c plan_cache_mode=force_custom_plan' });
  // An idle client that loses its connection is dropped; without a listener the error would end the process.
  pool.on('error', () => {});

  /** A connection switched to the role and `tenant` (when RLS is on), as TenantPool.connect() hands it out. */
  async function checkout(tenant) {
    const client = await pool.connect();
    try {
      if (RLS && (client.hirelineTenant !== tenant || client.hirelineRole !== ROLE)) {
        await client.query(SYNC_SQL, [ROLE, tenant]);
        client.hirelineTenant = tenant;
        client.hirelineRole = ROLE;
      }
      return client;
    } catch (err) {
      client.release(err);
      throw err;
    }
  }

  async function run(tenant, config) {
    const client = await checkout(tenant);
    try {
      const result = await client.query(config);
      client.release();
      return result;
    } catch (err) {
      // As pg's pool.query does: a connection whose statement failed is not reused.
      client.release(err);
      throw err;
    }
  }

  /** drizzle's db.transaction(): begin, `fn` with a query on that connection, commit (rollback on failure). */
  async function transaction(tenant, fn) {
    const client = await checkout(tenant);
    const query = (config, values) => client.query(typeof config === 'string' ? { text: config, values } : config);
    try {
      await query('begin');
      const result = await fn(query);
      await query('commit');
      client.release();
      return result;
    } catch (err) {
      await query('rollback').catch(() => {});
      client.release(err);
      throw err;
    }
  }

  return {
    /** A `query(text, values)` / `query(config)` that runs as `tenant`, with `.transaction(fn)` on one connection. */
    as: (tenant) =>
      Object.assign((config, values) => run(tenant, typeof config === 'string' ? { text: config, values } : config), {
        transaction: (fn) => transaction(tenant, fn),
      }),
    end: () => pool.end(),
  };
}
