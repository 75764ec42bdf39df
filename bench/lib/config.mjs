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
 * `big` jobs go to one site, `rest` are spread evenly over `otherSites` smaller sites; employers follow the jobs
 * (about one per 500 jobs), consultants are per site. `seekers` sign up over the accounts, half of them in the big
 * site's account; `applications` go to the published jobs of every site, `bigApplications` of them in the big site
 * (three per job, as in the requirement). `small` is for a quick run (a fiftieth of `full`, the big site a tenth),
 * `full` is the requirements' (jobs: 1,000,000 / 100,000; applications: 3,000,000 / 300,000 and 1,000,000 seekers).
 */
export const PRESETS = {
  small: { big: 10_000, rest: 10_000, otherSites: 4, employers: 200, seekers: 20_000, applications: 60_000, bigApplications: 30_000 },
  full: { big: 100_000, rest: 900_000, otherSites: 18, employers: 2_000, seekers: 1_000_000, applications: 3_000_000, bigApplications: 300_000 },
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
