/**
 * Builds a benchmark database, `hireline_bench_<preset>`: `npx tsx bench/generate.mjs [--preset small|full] [--reset]`,
 * or the same data in an embedded PGlite folder with `--pglite <dir>` (the API's DATA_DIR is then its parent and the
 * folder must be named `db`; see pglite.mjs).
 *
 * Runs under tsx because it reuses the API's own migrator (the checked-in migrations, exactly as production
 * applies them), its role definitions and the demo seed's word lists. Rows are generated inside PostgreSQL with
 * INSERT … SELECT generate_series (see lib/fill-*.mjs): no COPY stream and no extra dependency, and nothing but
 * the statements crosses the socket.
 *
 * Idempotent: an existing, completely generated database is left alone (the preset is recorded in the database's
 * comment, written last); an unfinished one, or any with --reset, is dropped and rebuilt.
 */
import { parseArgs } from 'node:util';
import { migrationsFolder } from '../apps/api/src/db/migrate.ts';
import { applicationTags, classifications, flagReasons, jobTags, requirements, responsibilities, seekerTags, sellingPoints, titlesByClassification } from '../apps/api/src/db/seed/catalog.ts';
import { companies, firstNames, lastNames, usCities } from '../apps/api/src/db/seed/names.ts';
import { hashPassword } from '../apps/api/src/platform/crypto.ts';
import { applicationStatuses } from '../packages/contract/src/enums.ts';
import { defaultRoles } from '../packages/access/src/roles.ts';
import { DEFAULT_PRESET, MANAGER_PASSWORD, PRESETS } from './lib/config.mjs';
import { UUID7_FN, fillBase } from './lib/fill-base.mjs';
import { COUNTERS, fillApplications, fillSeekers, rebuildCounters } from './lib/fill-applications.mjs';
import { fillJobs, fillReports } from './lib/fill-jobs.mjs';
import { pgliteTarget, serverTarget } from './lib/targets.mjs';
import { fillActivity } from './lib/fill-activity.mjs';
import { fillExtras, fillJobExtras } from './lib/fill-extras.mjs';

const { values: args } = parseArgs({ options: { preset: { type: 'string', default: DEFAULT_PRESET }, reset: { type: 'boolean', default: false }, pglite: { type: 'string' } } });
const preset = PRESETS[args.preset];
if (!preset) {
  console.error(`Unknown preset '${args.preset}'; use ${Object.keys(PRESETS).join(' or ')}.`);
  process.exit(2);
}

const timings = {};
async function step(name, fn) {
  const started = performance.now();
  const result = await fn();
  timings[name] = Math.round(performance.now() - started);
  console.log(`  ${name.padEnd(28)} ${(timings[name] / 1000).toFixed(1).padStart(7)} s`);
  return result;
}

/** The demo's catalogs, flattened into the arrays the SQL picks from. */
function wordLists() {
  const titles = Object.entries(titlesByClassification).flatMap(([cls, { titles: ts }]) => ts.map((t) => `${t}|${cls}`));
  // Seniority prefixes widen the titles without changing which words a search for a role finds.
  for (const prefix of ['Junior', 'Lead', 'Trainee']) titles.push(...titles.filter((t) => !t.startsWith('Senior')).slice(0, 20).map((t) => `${prefix} ${t}`));
  return {
    titles,
    classifications: classifications.map(([v]) => v),
    cities: [...usCities],
    tags: [...jobTags],
    responsibilities: [...responsibilities],
    requirements: [...requirements],
    sellingPoints: [...sellingPoints],
    flagReasons: flagReasons.map(([r]) => r),
    companyFirst: companies.map(([name]) => name.split(' ')[0]),
    companyRest: companies.map(([name]) => name.split(' ').slice(1).join(' ')),
    industries: [...new Set(companies.map(([, industry]) => industry))],
    firstNames: [...firstNames],
    lastNames: [...lastNames],
    seekerTags: [...seekerTags],
    applicationTags: [...applicationTags],
  };
}

/** Secondary indexes are dropped during the bulk insert and built once afterwards: far faster than maintaining
 * GIN indexes row by row. Constraint indexes (primary key, unique) stay, they are what keeps data valid. */
async function withoutIndexes(target, client, tables, work) {
  const { rows } = await client.query(
    `select i.tablename, i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index "${r.indexname}"`);
  await work();
  const { rows: sizes } = await client.query(`select relname, pg_relation_size(oid) as bytes from pg_class where relname = any($1) and relkind = 'r'`, [tables]);
  const bytes = Object.fromEntries(sizes.map((r) => [r.relname, Number(r.bytes)]));
  const gin = (r) => (/ USING gin /i.test(r.indexdef) ? 1 : 0);
  rows.sort((a, b) => bytes[b.tablename] - bytes[a.tablename] || gin(b) - gin(a));
  await step(`build ${rows.length} indexes`, async () => {
    // Two sessions take the queue, biggest tables' GIN indexes first: a GIN build uses one core, and CREATE INDEX
    // takes a SHARE lock, which another CREATE INDEX on the same table does not wait for.
    const second = await target.second();
    try {
      await second?.query(`set maintenance_work_mem = '1GB'`);
      const queue = [...rows];
      const take = async (c) => {
        for (let r = queue.shift(); r; r = queue.shift()) await c.query(r.indexdef);
      };
      await Promise.all([take(client), second && take(second)]);
    } finally {
      await second?.end();
    }
  });
}

async function main() {
  const target = args.pglite ? await pgliteTarget(args.pglite) : await serverTarget(args.preset);
  const marker = await target.marker();
  if (marker && !args.reset) {
    console.log(`${target.label} already holds the '${marker.preset}' preset (${marker.jobs} jobs); --reset to rebuild.`);
    await target.close();
    return;
  }
  console.log(
    `Generating ${target.label} with the '${args.preset}' preset (${preset.big + preset.rest} jobs, ${preset.big} in the big site; ` +
      `${preset.seekers} seekers; ${preset.applications} applications, ${preset.bigApplications} in the big site):`,
  );
  const started = performance.now();
  await step('create database', () => target.create());
  await step('migrate', () => target.migrate());
  const client = await target.connect();
  const words = wordLists();
  try {
    // Scratch data, rebuilt on failure: no fsync wait per statement, and room to sort and build indexes in memory.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(UUID7_FN);
    // Deterministic data run after run (random() follows the seed within this one session).
    await client.query(`select setseed(0.4242)`);
    const passwordHash = await hashPassword(MANAGER_PASSWORD);
    const base = await step('tenancy, employers', () => fillBase(client, preset, { roles: defaultRoles, passwordHash, words }));
    await step('extras', () => fillExtras(client, { ...base, words }));
    const { rows: emps } = await client.query(`select n_emps from b_sites order by idx`);

    // Replica mode skips the FK triggers for the bulk rows (one lookup per row per foreign key); every id comes
    // from the b_* tables just written, and the orphan check below proves it. CHECK constraints still apply.
    await client.query(`set session_replication_role = replica`);
    // The counters' triggers would add every statement's rows to their tables (COUNTERS);
    // one rebuild at the end is far cheaper (replica mode alone would skip them too, but only by accident of their
    // ENABLE setting).
    for (const c of COUNTERS) await client.query(`alter table ${c.source} disable trigger ${c.trigger}`);
    await withoutIndexes(target, client, ['jobs', 'applications', 'flagged_job_reports', 'seekers'], async () => {
      await step('jobs', () => fillJobs(client, preset, { empsPerSite: emps.map((r) => r.n_emps), consultantsPerSite: base.consultantsPerSite, words }));
      await step('flagged job reports', () => fillReports(client, words));
      await step('job history, questions', () => fillJobExtras(client, base));
      await step('seekers', () => fillSeekers(client, preset, { accounts: base.accounts, words }));
      await step('applications', () => fillApplications(client, preset, { statuses: [...applicationStatuses], words }));
    });
    await step('status counters', async () => {
      for (const c of COUNTERS) await rebuildCounters(client, migrationsFolder, c);
    });
    for (const c of COUNTERS) await client.query(`alter table ${c.source} enable trigger ${c.trigger}`);
    await step('credit ledgers, audit trail', () => fillActivity(client, { ...base, passwordHash }));
    await client.query(`set session_replication_role = origin`);

    await step('orphan check', async () => {
      const { rows: [o] } = await client.query(
        `select count(*)::int as n from jobs j
         where not exists (select 1 from employers e where e.id = j.employer_id and e.site_id = j.site_id and e.account_id = j.account_id)
            or not exists (select 1 from sites s where s.id = j.site_id and s.account_id = j.account_id)
            or (j.consultant_id is not null and not exists (select 1 from consultants c where c.id = j.consultant_id))`,
      );
      if (o.n) throw new Error(`${o.n} generated jobs point at a missing or foreign employer, site or consultant.`);
      // Applications: the job's account, site and employer, the seeker's account, the copies the API makes of
      // the candidate's name and email and the job's title, and a candidate who had signed up by then.
      const { rows: [a] } = await client.query(
        `select count(*)::int as n from applications a
         left join jobs j on j.id = a.job_id
         left join seekers s on s.id = a.seeker_id
         where j.id is null or s.id is null or j.account_id <> a.account_id or j.site_id <> a.site_id
            or j.employer_id <> a.employer_id or s.account_id <> a.account_id or a.candidate_name <> s.name
            or a.candidate_email <> s.email or a.job_title <> j.title or s.created_at > a.created_at`,
      );
      if (a.n) throw new Error(`${a.n} generated applications do not match their job or seeker.`);
      const { rows: [c] } = await client.query(
        `select (select count(*) from applications)::int as applications,
                (select sum(count) from application_status_counts where scope_kind = 'site')::int as site_counts,
                (select sum(count) from application_status_counts where scope_kind = 'employer')::int as employer_counts`,
      );
      if (c.site_counts !== c.applications || c.employer_counts !== c.applications) throw new Error(`Stage counts do not add up: ${JSON.stringify(c)}`);
      const { rows: [jc] } = await client.query(
        `select (select count(*) from jobs)::int as jobs,
                (select sum(count) from job_status_counts where scope_kind = 'site')::int as site_counts,
                (select sum(count) from job_status_counts where scope_kind = 'employer')::int as employer_counts`,
      );
      if (jc.site_counts !== jc.jobs || jc.employer_counts !== jc.jobs) throw new Error(`Job counts do not add up: ${JSON.stringify(jc)}`);
      const { rows: [dc] } = await client.query(
        `select (select count(*) from applications)::int as applications,
                (select sum(count) from application_daily_counts where scope_kind = 'site')::int as site_counts,
                (select sum(count) from application_daily_counts where scope_kind = 'employer')::int as employer_counts`,
      );
      if (dc.site_counts !== dc.applications || dc.employer_counts !== dc.applications) throw new Error(`Daily counts do not add up: ${JSON.stringify(dc)}`);
    });
    // A steady-state table has been vacuumed (visibility map set, so index-only scans work) and analysed.
    await step('vacuum analyze', () => client.query(`vacuum (analyze)`));

    const { rows: [counts] } = await client.query(
      `select (select count(*) from jobs)::int as jobs, (select count(*) from jobs where site_id = $1)::int as big_site_jobs,
              (select count(*) from employers)::int as employers, (select count(*) from applications)::int as applications,
              (select count(*) from applications where site_id = $1)::int as big_site_applications,
              (select count(*) from seekers)::int as seekers, (select count(*) from seekers where account_id = $2)::int as big_account_seekers,
              (select count(*) from flagged_job_reports)::int as reports,
              (select count(*) from credit_ledgers)::int as ledger_rows, (select count(*) from audit_logs)::int as audit_logs, pg_size_pretty(pg_database_size(current_database())) as size`,
      [base.sites[0].id, base.sites[0].accountId],
    );
    const totalMs = Math.round(performance.now() - started);
    const markerValue = { preset: args.preset, ...counts, generated_at: new Date().toISOString(), total_ms: totalMs, timings };
    // Written last: its presence is what tells run.mjs the database is complete.
    await target.writeMarker(markerValue);
    console.log(`Done in ${(totalMs / 1000).toFixed(1)} s:`, counts);
  } finally {
    await target.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
