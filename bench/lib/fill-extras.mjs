import { defaultDiscountTiers, defaultProducts } from '../../apps/api/src/db/defaults.ts';
import { htmlToText } from '../../apps/api/src/platform/email-layout.ts';
import { defaultTemplates } from '../../apps/api/src/platform/notify/templates.ts';

/**
 * What the pages around the lists read. fillExtras(), right after fill-base.mjs (it needs the b_emps table, not the
 * jobs): each account's portal domain and branding with an uploaded logo, each site's products and discount tiers
 * (a new site's defaults, db/defaults.ts, as the demo seed gives them), and notification inboxes: the bench
 * manager's and one colleague's per other site, so the inbox is read from a table of several people's notices as
 * in production, through its user index. fillJobExtras(), after the jobs: the big site's status history and
 * screening questions, which a job's page shows.
 */

/** Notifications per inbox: a few months of a busy site's events, newest minutes ago. */
const INBOX = 400;
const INBOX_DAYS = 120;

/**
 * The events a site manager hears of (platform/notify recipients: site staff), by share: mostly new applications,
 * with the odd knock-out, reported job, employer waiting for approval and low balance. `{{key}}` is what the app's
 * dedupe key and link name (an application, a job).
 */
const EVENTS = [
  { event: 'application.created', share: 0.8, link: (b) => `${b}/applications/{{key}}/overview` },
  { event: 'application.knocked_out', share: 0.07, link: (b) => `${b}/applications/{{key}}/overview` },
  { event: 'job.flagged', share: 0.06, link: (b) => `${b}/jobs/{{key}}` },
  { event: 'employer.pending', share: 0.04, link: (b) => `${b}/employers/hold` },
  { event: 'credit.low_balance', share: 0.03, link: (b) => `${b}/credit-system/create` },
];

/** The English subject and in-app text of an event with its placeholders kept (notify/render.ts, without values). */
function wording(event) {
  const t = defaultTemplates.en[event];
  return { subject: t.subject.replace(/\s+/g, ' ').trim(), content: htmlToText(t.body).replace(/\n+/g, ' ') };
}

/** A branding document like the one the account settings save (spec §3), the logo an upload of the account. */
const branding = (title, primary, darker, logoFileId) => ({
  colors: { primary_color: primary, primary_darken_color: darker },
  stylesheet: { path: null },
  favicon: null,
  logo: `file:${logoFileId}`,
  login: { title: `Welcome to ${title}`, subtitle: 'Sign in to manage your jobs and candidates' },
  forgot_password: { title: 'Forgot your password?', subtitle: 'Enter your email and we will send you a link to reset it' },
  register: { title: `Hire with ${title}`, subtitle: 'Create an employer account to post your first job' },
});

const COLORS = [['#7367F0', '#675DD8'], ['#0E7C66', '#0A5C4C'], ['#D9480F', '#A63A0C'], ['#1C7ED6', '#1864AB']];

/** Rows an INSERT wrote: pg says rowCount, PGlite (generate.mjs --pglite) affectedRows. */
const written = (result) => result.rowCount ?? result.affectedRows ?? 0;

/** Picks one element of a text[] parameter with a uniform random number in [0, 1) (as fill-jobs.mjs does). */
const pick = (param, r) => `(${param}::text[])[1 + floor(${r} * array_length(${param}::text[], 1))::int]`;

/** The placeholders an event's wording may hold, each replaced with this row's value (render.ts fill()). */
const PLACEHOLDERS = { candidate_name: 'candidate_name', job_title: 'job_title', employer_name: 'employer_name', reason: 'reason', balance: 'balance::text', key: 'key::text' };
const fill = (text) => Object.entries(PLACEHOLDERS).reduce((sql, [name, value]) => `replace(${sql}, '{{${name}}}', ${value})`, text);

/**
 * One user's inbox in one site: the app's own wording (notify/templates.ts) with the demo's names and titles and the
 * site's employers, read as the demo seed reads them (70% of the last three days' notices unread, 20% of older
 * ones). The ids behind the links are made up: the inbox never follows them.
 */
async function fillInbox(client, { userId, site, words }) {
  const { rows: [where] } = await client.query(
    `select '/' || a.slug || '/' || s.slug as base from sites s join accounts a on a.id = s.account_id where s.id = $1`,
    [site.id],
  );
  const { rows: emps } = await client.query(`select e.name from b_emps e join b_sites s on s.idx = e.site_idx where s.id = $1 order by e.k`, [site.id]);
  const kinds = EVENTS.map((e) => ({ event: e.event, ...wording(e.event), link: e.link(where.base) }));
  let upTo = 0;
  const kindOf = `case ${EVENTS.map((e, i) => `when r_kind < ${(upTo += e.share).toFixed(4)} then ${i}`).join(' ')} else ${EVENTS.length - 1} end`;
  const age = `(n::float8 / ${INBOX}) ^ 2 * interval '${INBOX_DAYS} days'`;
  const result = await client.query(
    `insert into notifications (id, account_id, site_id, user_id, event, subject, content, link, notified_at, read_at, dedupe_key, created_at)
     select pg_temp.uuid7(at), $1::uuid, $2::uuid, $3::uuid, k.event, ${fill('k.subject')}, ${fill('k.content')}, ${fill('k.link')}, at,
            case when r_read < (case when at > now() - interval '3 days' then 0.3 else 0.8 end) then at + r_read_at * (now() - at) end,
            k.event || ':' || key || ':' || $3::uuid, at
     from (
       select n, now() - ${age} - random() * interval '10 minutes' as at, pg_temp.uuid7(now() - ${age}) as key,
              random() as r_kind, random() as r_read, random() as r_read_at,
              ${pick('$5', 'random()')} || ' ' || ${pick('$6', 'random()')} as candidate_name,
              split_part(${pick('$7', 'random()')}, '|', 1) as job_title,
              ${pick('$8', 'random()')} as employer_name, ${pick('$9', 'random()')} as reason, (1 + floor(random() * 3))::int as balance
       from generate_series(0, ${INBOX - 1}) n offset 0
     ) x
     cross join lateral jsonb_to_record($4::jsonb -> (${kindOf})) as k(event text, subject text, content text, link text)`,
    [
      site.accountId, site.id, userId, JSON.stringify(kinds),
      words.firstNames, words.lastNames, words.titles, emps.map((e) => e.name), words.flagReasons,
    ],
  );
  return written(result);
}

export async function fillExtras(client, { enterpriseId, accounts, sites, userId, words }) {
  // Portal domains and branding, per account: the host the portal is opened on finds its account by domain.
  for (const [i, accountId] of accounts.entries()) {
    const { rows: [a] } = await client.query(`select slug, name from accounts where id = $1`, [accountId]);
    const { rows: [logo] } = await client.query(
      `insert into files (id, account_id, purpose, storage_key, original_name, mime, size, sha256, created_at)
       select id, $1, 'logo', substr(id::text, 1, 2) || '/' || id, 'logo.png', 'image/png', 18432, encode(sha256(id::text::bytea), 'hex'), now() - interval '780 days'
       from (select pg_temp.uuid7(now() - interval '780 days') as id) f returning id`,
      [accountId],
    );
    const [primary, darker] = COLORS[i % COLORS.length];
    await client.query(`update accounts set domain = $2, title = $3, branding = $4 where id = $1`, [
      accountId, `${a.slug}.bench.test`, `${a.name} Careers`, branding(`${a.name} Careers`, primary, darker, logo.id),
    ]);
  }

  // Products and discount tiers of every site, priced in the site's currency (sites.settings).
  for (const site of sites) {
    for (const [position, p] of defaultProducts.entries()) {
      await client.query(
        `insert into products (account_id, site_id, name, description, duration_days, featured, price_cents, currency, position, created_at, updated_at)
         select account_id, id, $2, $3, $4, $5, (settings->>'price_per_credit_cents')::int, settings->>'currency', $6, created_at, created_at
         from sites where id = $1`,
        [site.id, p.name, p.description, p.durationDays, p.featured, position],
      );
    }
    for (const t of defaultDiscountTiers) {
      await client.query(
        `insert into discount_tiers (account_id, site_id, min_quantity, max_quantity, discount_bps, created_at)
         select account_id, id, $2, $3, $4, created_at from sites where id = $1`,
        [site.id, t.minQuantity, t.maxQuantity, t.discountBps],
      );
    }
  }

  // Inboxes: the bench manager's in the big site (sites[0]), a colleague's in each other site, its site manager (no
  // password: they never sign in here).
  let notifications = await fillInbox(client, { userId, site: sites[0], words });
  for (const [i, site] of sites.entries()) {
    if (i === 0) continue;
    const { rows: [colleague] } = await client.query(
      `insert into users (enterprise_id, email, name) values ($1, $2, $3 || ' ' || $4) returning id`,
      [enterpriseId, `manager-${i}@bench.test`, words.firstNames[i % words.firstNames.length], words.lastNames[(i * 7) % words.lastNames.length]],
    );
    await client.query(
      `insert into memberships (user_id, enterprise_id, scope_type, account_id, site_id, role_id)
       select $1, $2, 'site', $3, $4, id from roles where account_id = $3 and key = 'site_manager'`,
      [colleague.id, enterpriseId, site.accountId, site.id],
    );
    notifications += await fillInbox(client, { userId: colleague.id, site, words });
  }
  return { notifications };
}

/** The screening questions of the demo's job form (seed/job-extras.ts questionSet), the first a knock-out. */
const QUESTIONS = `(values
  (0, 'yes_no', 'Do you have the right to work in the United States?', true, '{}'::text[], '["no"]'::jsonb),
  (1, 'single_choice', 'How many years of relevant experience do you have?', true, array['Less than 1 year', '1–3 years', '3–5 years', 'More than 5 years'], null),
  (2, 'long_text', 'Why are you interested in this role?', false, '{}'::text[], null)
) q(position, type, label, required, options, knockout)`;

/**
 * The big site's jobs' status history, from their generated timestamps (created as a draft, posted live or for
 * approval, then rejected, unlisted or expired; the manager acts, the expiry sweep has no actor, as
 * jobs.repo.ts recordStatus() writes it), and the screening questions of every job that was published. Runs after
 * the jobs (fill-jobs.mjs) in the same session (pg_temp.uuid7).
 */
export async function fillJobExtras(client, { sites, userId }) {
  const history = await client.query(
    `insert into job_status_history (id, account_id, job_id, from_status, to_status, actor_user_id, reason, created_at)
     select pg_temp.uuid7(h.at), j.account_id, j.id, h.from_status, h.to_status, case when h.by_staff then $2::uuid end, h.reason, h.at
     from jobs j cross join lateral (values
       (true, null, 'draft', j.created_at, true, null),
       (j.status in ('pending', 'rejected'), 'draft', 'pending', j.posted_at, true, null),
       (j.status in ('live', 'unlisted', 'expired'), 'draft', 'live', j.posted_at, true, null),
       (j.status = 'rejected', 'pending', 'rejected', j.rejected_at, true, j.rejection_reason),
       (j.status = 'unlisted', 'live', 'unlisted', j.unlisted_at, true, null),
       (j.status = 'expired', 'live', 'expired', j.expired_at, false, null)
     ) h(keep, from_status, to_status, at, by_staff, reason)
     where j.site_id = $1 and h.keep and h.at is not null`,
    [sites[0].id, userId],
  );
  const questions = await client.query(
    `insert into screening_questions (id, account_id, job_id, position, type, label, required, options, knockout_answers, created_at)
     select pg_temp.uuid7(j.created_at), j.account_id, j.id, q.position, q.type, q.label, q.required, q.options, q.knockout, j.created_at
     from jobs j cross join ${QUESTIONS}
     where j.site_id = $1 and j.status in ('live', 'unlisted', 'expired')`,
    [sites[0].id],
  );
  return { history: written(history), questions: written(questions) };
}
