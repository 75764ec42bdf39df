import { BIG_SITE_SLUG, ENTERPRISE_KEY, MANAGER_EMAIL } from './config.mjs';
import { shareOut } from './site-shares.mjs';

/**
 * Everything around the jobs: enterprise, accounts, sites, roles, the site manager who runs the benchmark,
 * employers and consultants (seekers come with their applications, fill-applications.mjs). Small tables are
 * written row by row from JS (readable); the ones that scale with the preset are generated inside PostgreSQL with
 * generate_series, which needs no COPY stream and sends nothing over the socket but the statement.
 *
 * The b_* temp tables map a site's index (0 = the big site) to its ids; fill-jobs.mjs joins on them so every
 * generated job points at an employer and consultant of its own site.
 */

const CONSULTANTS_PER_SITE = 20;

/** A time-ordered UUID like the app's uuidv7(), so primary keys have the same locality as production rows. */
export const UUID7_FN = `
create function pg_temp.uuid7(ts timestamptz) returns uuid language sql volatile as $$
  select (lpad(to_hex(floor(extract(epoch from ts) * 1000)::bigint), 12, '0')
    || '7' || substr(md5(random()::text), 1, 3)
    || to_hex(8 + floor(random() * 4)::int) || substr(md5(random()::text), 1, 15))::uuid
$$`;

export async function fillBase(client, preset, { roles, passwordHash, words }) {
  const { rows: [enterprise] } = await client.query(
    `insert into enterprises (key, name, created_at, updated_at)
     values ($1, 'Bench Enterprise', now() - interval '800 days', now() - interval '800 days') returning id`,
    [ENTERPRISE_KEY],
  );
  const eid = enterprise.id;

  // Enterprise-wide default roles (account_id null), then each account's editable copy, like the demo seed.
  for (const r of roles) {
    await client.query(`insert into roles (enterprise_id, account_id, key, name, level, permissions) values ($1, null, $2, $3, $4, $5)`, [
      eid, r.key, r.name, r.level, r.permissions,
    ]);
  }
  const accounts = [];
  for (let i = 1; i <= preset.accounts; i++) {
    const { rows: [a] } = await client.query(
      `insert into accounts (enterprise_id, slug, name, title, created_at, updated_at)
       values ($1, $2, $3, $3, now() - interval '790 days', now() - interval '790 days') returning id`,
      [eid, `bench-${i}`, `Bench Account ${i}`],
    );
    const roleIds = {};
    for (const r of roles) {
      const { rows: [row] } = await client.query(
        `insert into roles (enterprise_id, account_id, key, name, level, permissions) values ($1, $2, $3, $4, $5, $6) returning id`,
        [eid, a.id, r.key, r.name, r.level, r.permissions],
      );
      roleIds[r.key] = row.id;
    }
    accounts.push({ id: a.id, roleIds });
  }

  // Site 0 is the big one (account 1); the others go round the accounts. Employers follow the jobs (site-shares.mjs)
  // so a small site's employer has about as many jobs as a big site's.
  const total = preset.big + preset.rest;
  const bigEmployers = Math.max(1, Math.round((preset.employers * preset.big) / total));
  const otherEmployers = shareOut(preset.employers - bigEmployers, preset.otherSites, 1);
  await client.query(`create temp table b_sites (idx int primary key, id uuid, account_id uuid, n_emps int)`);
  const sites = [];
  for (let i = 0; i <= preset.otherSites; i++) {
    const account = accounts[i % accounts.length];
    const { rows: [s] } = await client.query(
      `insert into sites (account_id, slug, name, created_at, updated_at)
       values ($1, $2, $3, now() - interval '780 days', now() - interval '780 days') returning id`,
      [account.id, i === 0 ? BIG_SITE_SLUG : `site-${i}`, i === 0 ? 'Big Site' : `Bench Site ${i}`],
    );
    const nEmps = i === 0 ? bigEmployers : otherEmployers[i - 1];
    await client.query(`insert into b_sites values ($1, $2, $3, $4)`, [i, s.id, account.id, nEmps]);
    sites.push({ id: s.id, accountId: account.id });
  }

  // The one who runs the benchmark: site manager of the big site only (DESIGN §6 scope checks apply in full).
  const { rows: [user] } = await client.query(
    `insert into users (enterprise_id, email, name, password_hash) values ($1, $2, 'Bench Manager', $3) returning id`,
    [eid, MANAGER_EMAIL, passwordHash],
  );
  await client.query(
    `insert into memberships (user_id, enterprise_id, scope_type, account_id, site_id, role_id) values ($1, $2, 'site', $3, $4, $5)`,
    [user.id, eid, sites[0].accountId, sites[0].id, accounts[0].roleIds.site_manager],
  );

  // Employers: "<first word> <second part> <n>" from the demo's company names, unique within a site.
  await client.query(
    `create temp table b_emps as
     select s.idx as site_idx, k, pg_temp.uuid7(now() - interval '770 days' + k * interval '1 minute') as id,
            s.id as site_id, s.account_id,
            ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int] || ' '
              || ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] || ' ' || (k + 1) as name,
            ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] as industry
     from b_sites s, generate_series(0, s.n_emps - 1) k`,
    [words.companyFirst, words.companyRest, words.industries],
  );
  await client.query(`create index on b_emps (site_idx, k)`);
  await client.query(
    `insert into employers (id, account_id, site_id, business_name, industry, status, approved_at, credit_balance, created_at, updated_at)
     select id, account_id, site_id, name, industry, 'active', now() - interval '770 days', floor(random() * 20)::int,
            now() - interval '770 days', now() - interval '770 days'
     from b_emps`,
  );

  await client.query(
    `create temp table b_cons as
     select s.idx as site_idx, k, gen_random_uuid() as id, s.id as site_id, s.account_id,
            ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int] || ' '
              || ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] as name
     from b_sites s, generate_series(0, ${CONSULTANTS_PER_SITE - 1}) k`,
    [words.firstNames, words.lastNames],
  );
  await client.query(`create index on b_cons (site_idx, k)`);
  await client.query(`insert into consultants (id, account_id, name, email) select id, account_id, name, 'consultant' || site_idx || '-' || k || '@bench.test' from b_cons`);
  await client.query(`insert into consultant_sites (consultant_id, site_id, account_id) select id, site_id, account_id from b_cons`);

  return { enterpriseId: eid, accounts: accounts.map((a) => a.id), sites, userId: user.id, consultantsPerSite: CONSULTANTS_PER_SITE };
}
