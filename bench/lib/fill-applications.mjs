import { readFileSync, readdirSync } from 'node:fs';
import { shareOut } from './site-shares.mjs';

/**
 * The candidates (seekers, per account) and their applications to every site's published jobs, generated inside
 * PostgreSQL like the jobs (see fill-jobs.mjs: one INSERT … SELECT each, random() fenced with OFFSET 0 so each
 * value is drawn once per row).
 *
 * Both tables are written in time order, as a real table that only ever received inserts: seekers in sign-up
 * order (profile ids come from the column's default, the app's sequence, so they grow with created_at as in the
 * demo seed), applications job by job in the jobs' creation order with each job's applications within 20 days of
 * its posting.
 *
 * Consistency kept by construction, and checked afterwards by generate.mjs:
 * - a candidate applies only to jobs of their own account, posted after they signed up;
 * - each (job, seeker) pair once (applications_job_seeker_unique);
 * - candidate_name, candidate_email and job_title are the seeker's and the job's, as the API copies them.
 */

/** The demo seed's weights (db/seed/applications.ts) for the pipeline of the moment. */
const RECENT_STATUS = [
  ['applied', 6], ['registered', 1], ['new', 3], ['invited', 1], ['screening', 3],
  ['shortlisted', 2], ['interviewed', 2], ['offered', 1], ['unsuccessful', 3], ['withdrawn', 1],
];
/** Two months on, most applications have been decided: unsuccessful dominates, few are still waiting. */
const SETTLED_STATUS = [
  ['applied', 2], ['registered', 1], ['new', 1], ['invited', 1], ['screening', 1],
  ['shortlisted', 2], ['interviewed', 2], ['offered', 1], ['unsuccessful', 10], ['withdrawn', 2],
];

/** The CASE choosing a value by weight from one uniform random number in [0, 1). */
function weighted(r, pairs, allowed) {
  const total = pairs.reduce((n, [, w]) => n + w, 0);
  let acc = 0;
  const whens = pairs.slice(0, -1).map(([v, w]) => {
    if (allowed && !allowed.includes(v)) throw new Error(`'${v}' is not one of ${allowed.join(', ')}`);
    acc += w;
    return `when ${r} < ${(acc / total).toFixed(6)} then '${v}'`;
  });
  return `case ${whens.join(' ')} else '${pairs.at(-1)[0]}' end`;
}

/** Picks one element of a text[] parameter with a uniform random number in [0, 1) (as in fill-jobs.mjs). */
const pick = (param, r) => `(${param}::text[])[1 + floor(${r} * array_length(${param}::text[], 1))::int]`;

/** Seekers sign up over this window (accounts are 790 days old, the first jobs 730), the last just now. */
const SIGNUP_FROM = `(now() - interval '785 days')`;
const SIGNUP_SPAN_S = 785 * 86_400 - 3_600;
/**
 * avail_j is estimated as the account's share of the sign-ups before the posting; the interleaving of fillSeekers
 * can leave the true number up to (sign-ups per period) below that, so the estimate is lowered by a safe margin.
 */
const AVAIL_SLACK = 8;

/**
 * Seekers, interleaved in sign-up order over the accounts: the first account (the big site's) takes half of them,
 * the others share the rest; it has the most jobs and applicants. Kept in b_seekers (account index, k = the
 * seeker's rank by sign-up within the account) for the applications to pick from.
 */
export async function fillSeekers(client, preset, { accounts, words }) {
  // Of every `period` consecutive sign-ups, `share0` go to the first account and one to each other account.
  const share0 = Math.max(1, accounts.length - 1);
  const period = share0 + accounts.length - 1;
  await client.query(`create temp table b_accounts (idx int primary key, id uuid, n_seekers int)`);
  for (const [i, id] of accounts.entries()) await client.query(`insert into b_accounts values ($1, $2, 0)`, [i, id]);
  // The address is the name made ASCII (O’Brien → obrien) plus the sign-up number: unique across accounts.
  await client.query(
    `create temp table b_seekers as
     select s.n, s.acc_idx, s.created_at, row_number() over (partition by s.acc_idx order by s.n)::int - 1 as k,
            pg_temp.uuid7(s.created_at) as id, s.first_name || ' ' || s.last_name as name,
            regexp_replace(lower(s.first_name || '.' || s.last_name), '[^a-z.]', '', 'g') || (s.n + 1) || '@' || ($3::text[])[1 + s.n % array_length($3::text[], 1)] as email
     from (
       select n, case when n % ${period} < ${share0} then 0 else 1 + n % ${period} - ${share0} end as acc_idx,
              ${SIGNUP_FROM} + ((n + random() * 0.5) / ${preset.seekers}) * ${SIGNUP_SPAN_S} * interval '1 second' as created_at,
              ${pick('$1', 'random()')} as first_name, ${pick('$2', 'random()')} as last_name
       from generate_series(0, ${preset.seekers - 1}) n offset 0
     ) s`,
    [words.firstNames, words.lastNames, ['example.com', 'mail.example', 'inbox.example', 'post.example']],
  );
  await client.query(`create index on b_seekers (acc_idx, k)`);
  await client.query(`update b_accounts a set n_seekers = (select count(*) from b_seekers s where s.acc_idx = a.idx)`);

  await client.query(
    `insert into seekers (id, account_id, email, name, phone, visa_type, desired_work_type, location, tags,
       enabled, disabled_at, email_verified_at, last_active_at, created_at, updated_at)
     select s.id, a.id, s.email, s.name,
       case when r_phone < 0.8 then '+1 (' || (201 + floor(r_phone * 985))::int || ') 555-' || (1000 + floor(random() * 9000))::int end,
       ${weighted('r_visa', [['citizen', 6], ['permanent_resident', 3], ['work_visa', 2], ['student_visa', 1], ['requires_sponsorship', 1]])},
       ${weighted('r_work', [['full_time', 6], ['part_time', 1], ['contract', 1], ['casual', 1], ['temporary', 1], ['internship', 1]])},
       ${pick('$1', 'r_loc')},
       case when r_tags < 0.6 then '{}'::text[]
            when r_tags < 0.9 then array[($2::text[])[1 + t1]]
            else array[($2::text[])[1 + t1], ($2::text[])[1 + (t1 + 1) % array_length($2::text[], 1)]] end,
       r_enabled >= 0.005,
       case when r_enabled < 0.005 then s.created_at + (now() - s.created_at) * 0.5 end,
       case when r_verified < 0.9 then s.created_at + interval '15 minutes' end,
       s.created_at + (now() - s.created_at) * r_active, s.created_at, s.created_at
     from (
       select b.*, random() as r_phone, random() as r_visa, random() as r_work, random() as r_loc, random() as r_tags,
              floor(random() * array_length($2::text[], 1))::int as t1, random() as r_enabled, random() as r_verified,
              random() as r_active
       from b_seekers b offset 0
     ) s join b_accounts a on a.idx = s.acc_idx
     order by s.n`,
    [words.cities, words.seekerTags],
  );
}

/**
 * Applications to every site's published jobs: `bigApplications` in the big site, the rest shared by the other
 * sites as their jobs are (site-shares.mjs). Within a site, each job's share is a capped Pareto weight (many get none or one, a few get dozens),
 * smaller for a job posted days ago; the shares are rounded on the running sum, so each site gets exactly its
 * number. The i-th applicant of job j is seeker (start_j + ⌊i·avail_j / n_j⌋) mod avail_j of the job's account,
 * among the avail_j who had signed up before it was posted: n_j distinct seekers whenever n_j ≤ avail_j.
 */
export async function fillApplications(client, preset, { statuses, words }) {
  const perSite = [preset.bigApplications, ...shareOut(preset.applications - preset.bigApplications, preset.otherSites)];
  await client.query(
    `create temp table b_jobs as
     select j.*, c - coalesce(lag(c) over (partition by site_idx order by created_at, id), 0) as n_apps
     from (
       -- The 1e-9 keeps p × c / c from rounding down to p − 1 on the last job of a site.
       select w.*, floor(($1::int[])[site_idx + 1]::float8 * cum / nullif(max(cum) over (partition by site_idx), 0) + 1e-9)::int as c
       from (
         select x.*, sum(w) over (partition by site_idx order by created_at, id rows unbounded preceding) as cum
         from (
           select jb.id, jb.account_id, jb.site_id, jb.employer_id, jb.title, jb.posted_at, jb.created_at, s.idx as site_idx,
                  a.idx as acc_idx, a.n_seekers, u.until,
                  -- Lomax (Pareto II, α = 1.5) capped at 30× its mean: many jobs get none or one, a few get dozens;
                  -- a job posted less than two weeks ago has had less time to collect applicants.
                  least(power(1 - random(), -1 / 1.5) - 1, 60) * least(1, extract(epoch from u.until - jb.posted_at) / 1209600) as w,
                  greatest(1, floor(a.n_seekers * extract(epoch from jb.posted_at - ${SIGNUP_FROM}) / ${SIGNUP_SPAN_S})::int - ${AVAIL_SLACK}) as avail,
                  random() as r_start
           from jobs jb
           join b_sites s on s.id = jb.site_id
           join b_accounts a on a.id = jb.account_id
           cross join lateral (select case jb.status when 'expired' then jb.expired_at when 'unlisted' then jb.unlisted_at else now() end as until) u
           where jb.status in ('live', 'expired', 'unlisted')
           offset 0
         ) x
       ) w
     ) j`,
    [perSite],
  );
  const { rows: [bad] } = await client.query(`select count(*)::int as n, max(n_apps)::int as most from b_jobs where n_apps > avail`);
  if (bad.n) throw new Error(`${bad.n} jobs would need more applicants (up to ${bad.most}) than had signed up before they were posted.`);
  // Temp tables are never auto-analysed; without row counts the planner guesses a merge join that sorts every
  // application by seeker. A hash join on the seekers keeps the rows in the jobs' order (time order, see above) and
  // needs no sort: the seekers' hash is ~100 MB for 1,000,000, within work_mem × hash_mem_multiplier.
  await client.query(`analyze b_jobs, b_seekers`);
  await client.query(`set enable_mergejoin = off`);

  await client.query(
    `insert into applications (id, account_id, site_id, job_id, employer_id, seeker_id, status, status_changed_at, source,
       knocked_out, tags, candidate_name, candidate_email, job_title, withdrawn_at, created_at, updated_at)
     select pg_temp.uuid7(x.at), j.account_id, j.site_id, j.id, j.employer_id, s.id, x.status, x.changed,
       case x.status when 'new' then 'portal' when 'invited' then 'invitation' else 'board' end,
       x.status = 'unsuccessful' and x.r_ko < 0.2,
       case when x.r_tag < 0.1 then array[${pick('$1', 'x.r_tag * 10')}] else '{}'::text[] end,
       s.name, s.email, j.title,
       case when x.status = 'withdrawn' then x.changed end,
       x.at, x.changed
     from (select * from b_jobs where n_apps > 0 order by created_at, id) j
     cross join lateral generate_series(0, j.n_apps - 1) i
     join b_seekers s on s.acc_idx = j.acc_idx and s.k = (floor(j.r_start * j.avail)::bigint + (i::bigint * j.avail) / j.n_apps) % j.avail
     cross join lateral (
       select t.*, case when t.status in ('applied', 'registered', 'new') then t.at
                        else least(now(), t.at + interval '1 day' + t.r_changed * interval '45 days') end as changed
       from (
         select a.*, case when a.at < now() - interval '60 days' then ${weighted('a.r_status', SETTLED_STATUS, statuses)}
                          else ${weighted('a.r_status', RECENT_STATUS, statuses)} end as status
         from (
           -- Most applicants come in the first days of an advert: the arrival time is skewed towards its start.
           -- i is referenced so that this runs per application: a subquery naming only j would be run once per
           -- job, and all of a job's applicants would share one time and one status.
           select i.i as nth, j.posted_at + power(random(), 1.5) * least(interval '20 days', j.until - j.posted_at) as at,
                  random() as r_status, random() as r_changed, random() as r_ko, random() as r_tag
           offset 0
         ) a offset 0
       ) t offset 0
     ) x`,
    [words.applicationTags],
  );
  await client.query(`reset enable_mergejoin`);
}

/**
 * A counter table kept by triggers (application_status_counts, migration 0004; job_status_counts, 0013;
 * application_daily_counts, 0014), rebuilt
 * once after a bulk fill that ran with its insert trigger disabled, by the very statement its migration backfills it
 * with (read from the migration, so the two cannot drift apart).
 */
export async function rebuildCounters(client, migrationsFolder, { table, trigger }) {
  const file = readdirSync(migrationsFolder).find((f) => f.endsWith('.sql') && readFileSync(`${migrationsFolder}/${f}`, 'utf8').includes(`CREATE TRIGGER "${trigger}"`));
  if (!file) throw new Error(`No migration in ${migrationsFolder} creates ${trigger}.`);
  const backfill = readFileSync(`${migrationsFolder}/${file}`, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .find((s) => s.startsWith(`INSERT INTO "${table}"`));
  if (!backfill) throw new Error(`${file} has no INSERT INTO "${table}" backfill.`);
  await client.query(`truncate ${table}`);
  await client.query(backfill);
}

/** The counters the generator rebuilds, with the triggers it disables meanwhile. */
export const COUNTERS = [
  { table: 'application_status_counts', trigger: 'applications_counts_insert', source: 'applications' },
  { table: 'job_status_counts', trigger: 'jobs_counts_insert', source: 'jobs' },
  { table: 'application_daily_counts', trigger: 'applications_daily_insert', source: 'applications' },
];
