/**
 * Settings shared by the generator, the runner and the raw baseline, so the three never disagree on which
 * database, which user or which site the benchmark talks about. Plain ESM: run.mjs and raw-server.mjs run
 * under bare `node`; only generate.mjs needs tsx (it reuses the API's TypeScript migrator and catalogs).
 */

/** Where the PostgreSQL server is; trust auth on this machine, so no password. Override for another server. */
export const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
/** `BENCH_PRESET` picks the data set; each preset has its own database, so switching never regenerates. */
export const DEFAULT_PRESET = process.env.BENCH_PRESET ?? 'small';
export const dbName = (preset = DEFAULT_PRESET) => process.env.BENCH_DB ?? `hireline_bench_${preset}`;
export const databaseUrl = (preset = DEFAULT_PRESET) => `${PG_SERVER}/${dbName(preset)}`;
/** CREATE/DROP DATABASE must run while connected to some other database. */
export const ADMIN_URL = `${PG_SERVER}/postgres`;

export const ENTERPRISE_KEY = 'bench';
export const MANAGER_EMAIL = 'manager@bench.test';
export const MANAGER_PASSWORD = 'Bench-Password-1';
/** A stable slug so the runner can find the big site without remembering ids between processes. */
export const BIG_SITE_SLUG = 'big';

export const API_PORT = Number(process.env.BENCH_API_PORT ?? 3201);
export const RAW_PORT = Number(process.env.BENCH_RAW_PORT ?? 3202);

/**
 * `accounts` of one enterprise own `otherSites + 1` sites. `big` jobs go to the measured site (account 1), `rest`
 * to the other sites with a skew (lib/site-shares.mjs: the biggest of them gets ~30 times the smallest's share), and
 * employers and applications follow the jobs. Consultants are per site. `seekers` sign up over the accounts, half of
 * them in the measured site's account; `bigApplications` of the `applications` go to the measured site (three per
 * job, as in the requirement). `full` is the requirements' enterprise (50 accounts, 200 sites, 20,000 employers,
 * 1,000,000 jobs, 1,000,000 seekers, 3,000,000 applications); `small` is a fiftieth of it for a quick run.
 */
export const PRESETS = {
  small: { accounts: 5, big: 10_000, rest: 10_000, otherSites: 19, employers: 400, seekers: 20_000, applications: 60_000, bigApplications: 30_000 },
  // Enough rows for a sequential scan to show against an index (bench/README.md, search under row-level security).
  search: { accounts: 5, big: 35_000, rest: 35_000, otherSites: 19, employers: 1_000, seekers: 60_000, applications: 200_000, bigApplications: 100_000 },
  full: { accounts: 50, big: 100_000, rest: 900_000, otherSites: 199, employers: 20_000, seekers: 1_000_000, applications: 3_000_000, bigApplications: 300_000 },
};

/** The preset's database comment, written last by the generator: present only when generation finished. */
export async function readMarker(adminClient, preset = DEFAULT_PRESET) {
  const { rows } = await adminClient.query(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
    [dbName(preset)],
  );
  if (!rows.length) return { exists: false, marker: null };
  try {
    return { exists: true, marker: JSON.parse(rows[0].comment ?? 'null') };
  } catch {
    return { exists: true, marker: null };
  }
}

/** The account admin of account 1 (fill-activity.mjs): the audit trail is account-level, which a site manager may not read. */
export const AUDITOR_EMAIL = 'auditor@bench.test';
/** The big site's verified board domain (fill-activity.mjs): the public board answers only on one. */
export const BOARD_DOMAIN = 'jobs.big.bench.test';
