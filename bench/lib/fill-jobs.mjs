import { siteIndexSql } from './site-shares.mjs';

/**
 * The jobs (the jobs list's table) and their open reports, generated inside PostgreSQL in one INSERT … SELECT
 * each. Rows are produced in created_at order (created_at grows with n), so the heap is as correlated with time as
 * a real two-year-old table that only ever received inserts.
 *
 * Every random() sits in a subquery fenced with OFFSET 0: the planner never inlines such a subquery, so each
 * random value is drawn once per row and reused, instead of being re-evaluated wherever it is referenced.
 */

/**
 * Status depends on age, as on a real board: of jobs older than 60 days most have expired (some are evergreen
 * live ads), while recent ones are mostly live with the drafts, pending approvals and rejections of the moment.
 * Over two years this gives roughly 70% expired, 16% live and a few percent of each other status.
 */
const STATUS = `case when created_at < now() - interval '60 days' then
    case when rs < .75 then 'expired' when rs < .87 then 'live' when rs < .91 then 'draft'
         when rs < .95 then 'unlisted' when rs < .98 then 'rejected' else 'pending' end
  else
    case when rs < .60 then 'live' when rs < .70 then 'draft' when rs < .78 then 'pending'
         when rs < .84 then 'unlisted' when rs < .94 then 'expired' else 'rejected' end
  end`;

const WORK_TYPE = `case when rw < .50 then 'full_time' when rw < .70 then 'part_time' when rw < .82 then 'contract'
  when rw < .90 then 'casual' when rw < .96 then 'temporary' else 'internship' end`;

/** Picks one element of a text[] parameter with a uniform random number in [0, 1). */
const pick = (param, r) => `(${param}::text[])[1 + floor(${r} * array_length(${param}::text[], 1))::int]`;

export async function fillJobs(client, preset, { empsPerSite, consultantsPerSite, words }) {
  const total = preset.big + preset.rest;
  // Every `ratio`-th row goes to the big site; the others are drawn over the other sites by their shares.
  const ratio = Math.round(total / preset.big);
  await client.query(
    `insert into jobs (id, account_id, site_id, employer_id, consultant_id, status, open_reports, featured, title,
       reference_number, description, description_text, work_type, pay_type, salary_min_cents, salary_max_cents,
       classification, location, key_selling_points, advert_start_at, advert_end_at, tags, posted_at,
       approved_at, rejected_at, rejection_reason, expired_at, unlisted_at, created_at, updated_at)
     select pg_temp.uuid7(j.created_at), st.account_id, st.id, e.id, c.id, j.status,
       case when j.status in ('live', 'unlisted') and j.r_rep < 0.03 then 1 + floor(j.r_rep * 66)::int else 0 end,
       j.status = 'live' and j.r_feat < 0.05,
       j.title, 'BJ-' || lpad(j.n::text, 7, '0'),
       '<p>' || t.intro || '</p><ul><li>' || j.resp1 || '</li><li>' || j.resp2 || '</li><li>' || j.req1
         || '</li><li>' || j.req2 || '</li></ul>',
       t.intro || ' ' || j.resp1 || '. ' || j.resp2 || '. ' || j.req1 || '. ' || j.req2 || '.',
       j.work_type, 'annual', j.salary_min, j.salary_min + j.salary_step, j.classification, j.location,
       array[j.sp1, j.sp2],
       case when j.status in ('live', 'expired', 'unlisted') then j.posted end,
       case when j.status in ('live', 'unlisted') then now() + interval '7 days' + j.r_end * interval '83 days'
            when j.status = 'expired' then least(j.posted + interval '30 days', now() - interval '1 hour') end,
       array(select ($3::text[])[i] from generate_series(1, array_length($3::text[], 1)) i where (j.tagmask >> (i - 1)) & 1 = 1),
       case when j.status <> 'draft' then j.posted end,
       case when j.status in ('live', 'expired', 'unlisted') then j.posted end,
       case when j.status = 'rejected' then least(j.posted + interval '1 day', now()) end,
       case when j.status = 'rejected' then 'Does not meet the posting guidelines.' end,
       case when j.status = 'expired' then least(j.posted + interval '30 days', now() - interval '1 hour') end,
       case when j.status = 'unlisted' then least(j.posted + interval '5 days', now()) end,
       j.created_at,
       case when j.status = 'draft' then j.created_at else j.posted end
     from (
       select a.*, ${STATUS} as status, ${WORK_TYPE} as work_type,
         ${pick('$1', 'r_title')} as title_class,
         least(created_at + r_post * interval '2 days', now() - interval '2 hours') as posted,
         (round((40000 + r_pay * 100000) / 1000) * 100000)::int as salary_min,
         (10000 + floor(r_step * 4) * 5000)::int * 100 as salary_step,
         ${pick('$2', 'r_loc')} as location,
         ${pick('$4', 'random()')} as resp1, ${pick('$4', 'random()')} as resp2,
         ${pick('$5', 'random()')} as req1, ${pick('$5', 'random()')} as req2,
         ${pick('$6', 'random()')} as sp1, ${pick('$6', 'random()')} as sp2,
         (floor(random() * 256)::int & floor(random() * 256)::int & floor(random() * 256)::int) as tagmask,
         floor(r_emp * ($7::int[])[site_idx + 1])::int as emp_k,
         floor(random() * ${consultantsPerSite})::int as cons_k
       from (
         select n, case when n % ${ratio} = 0 then 0 else ${siteIndexSql('random()', preset.otherSites)} end as site_idx,
           now() - interval '730 days' + (n::float8 / ${total}) * interval '729 days' - random() * interval '6 hours' as created_at,
           random() as rs, random() as rw, random() as r_title, random() as r_post, random() as r_pay, random() as r_step,
           random() as r_loc, random() as r_emp, random() as r_cons, random() as r_rep, random() as r_feat, random() as r_end
         from generate_series(1, ${total}) n offset 0
       ) a offset 0
     ) j0
     cross join lateral (select j0.*, split_part(j0.title_class, '|', 1) as title, split_part(j0.title_class, '|', 2) as classification) j
     join b_sites st on st.idx = j.site_idx
     join b_emps e on e.site_idx = j.site_idx and e.k = j.emp_k
     left join b_cons c on j.r_cons < 0.4 and c.site_idx = j.site_idx and c.k = j.cons_k
     cross join lateral (select j.title || ' at ' || e.name || ', ' || j.location || '. ' || j.sp1 || '.' as intro) t`,
    // $1 'Title|classification' pairs, $2 cities, $3 tags, $4–$6 sentences, $7 employers per site (by site index).
    [words.titles, words.cities, words.tags, words.responsibilities, words.requirements, words.sellingPoints, empsPerSite],
  );
}

/** One open flagged_job_reports row per unit of open_reports, so the counter and the reports agree (db/README). */
export async function fillReports(client, words) {
  await client.query(
    `insert into flagged_job_reports (account_id, site_id, job_id, reason, additional_comments, reporter_email, status, created_at)
     select j.account_id, j.site_id, j.id, ${pick('$1', 'random()')}, 'Reported during the benchmark data generation.',
            'reporter' || i || '@bench.test', 'open', least(j.posted_at + i * interval '1 day', now())
     from jobs j cross join lateral generate_series(1, j.open_reports) i
     where j.open_reports > 0`,
    [words.flagReasons],
  );
}
