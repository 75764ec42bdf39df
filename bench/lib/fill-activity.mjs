import { AUDITOR_EMAIL, BOARD_DOMAIN } from './config.mjs';

/**
 * What a working enterprise accumulates beside its jobs and applications, so the matrix (matrix.mjs) pages and
 * filters realistic volumes: each employer's credit ledger, the audit trail, an account admin who may read that
 * trail, and a verified board domain for the big site (the public board answers only on one).
 *
 * Ledger, per employer in posting order: a purchase of 10 credits before every tenth posting, one credit spent per
 * posted job (drafts are never charged), one refunded per rejected job, and a manual grant for one employer in
 * twenty; each row's balance is the running sum, and employers.credit_balance ends equal to the last one.
 * Audit trail, per account: a `job.posted` per posted job, an `application.status` per application past the first
 * stages, and a daily `auth.login` of each site's manager; entries of the big site are the bench manager's.
 */
export async function fillActivity(client, { enterpriseId, accounts, sites, userId, passwordHash }) {
  await client.query(
    `create temp table b_ledger as
     select j.account_id, j.site_id, j.employer_id, j.id as job_id, j.status, coalesce(j.posted_at, j.created_at) as at,
            row_number() over (partition by j.employer_id order by coalesce(j.posted_at, j.created_at), j.id) as rn
     from jobs j where j.status <> 'draft'`,
  );
  await client.query(
    `insert into credit_ledgers (id, account_id, site_id, employer_id, action, credit_amount, balance, reference_type, reference_id, reason, created_at)
     select pg_temp.uuid7(at - interval '1 minute'), account_id, site_id, employer_id, 'purchase', 10, 10 * ((rn + 9) / 10) - (rn - 1),
            'purchase', gen_random_uuid(), null, at - interval '1 minute'
     from b_ledger where rn % 10 = 1
     union all
     select pg_temp.uuid7(at), account_id, site_id, employer_id, 'post', -1, 10 * ((rn + 9) / 10) - rn, 'job', job_id, null, at
     from b_ledger`,
  );
  // Refunds come after the rest of the employer's history, so each adds one to the balance its last row left.
  await client.query(
    `insert into credit_ledgers (id, account_id, site_id, employer_id, action, credit_amount, balance, reference_type, reference_id, reason, created_at)
     select pg_temp.uuid7(m.last_at + r.k * interval '1 second'), r.account_id, r.site_id, r.employer_id, 'refund', 1, m.left_over + r.k,
            'job', r.job_id, 'Job rejected', m.last_at + r.k * interval '1 second'
     from (select b.*, row_number() over (partition by employer_id order by rn) as k from b_ledger b where status = 'rejected') r
     join (select employer_id, 10 * ((max(rn) + 9) / 10) - max(rn) as left_over, max(at) as last_at from b_ledger group by employer_id) m
       on m.employer_id = r.employer_id`,
  );
  await client.query(
    `update employers e set credit_balance = l.balance
     from (select distinct on (employer_id) employer_id, balance from credit_ledgers order by employer_id, created_at desc, id desc) l
     where l.employer_id = e.id`,
  );
  await client.query(
    `insert into credit_ledgers (id, account_id, site_id, employer_id, action, credit_amount, balance, reference_type, reason, actor_user_id, created_at)
     select pg_temp.uuid7(now() - interval '10 minutes'), account_id, site_id, id, 'grant', 5, credit_balance + 5, 'manual', 'Goodwill credits', $1,
            now() - interval '10 minutes'
     from employers where abs(hashtext(id::text)) % 20 = 0`,
    [userId],
  );
  await client.query(`update employers set credit_balance = credit_balance + 5 where abs(hashtext(id::text)) % 20 = 0`);

  await client.query(
    `insert into audit_logs (id, enterprise_id, account_id, actor_user_id, action, subject_type, subject_id, data, ip, created_at)
     select pg_temp.uuid7(j.at), $1, j.account_id, case when j.site_id = $2 then $3::uuid end, 'job.posted', 'job', j.job_id::text,
            jsonb_build_object('title', jb.title), '10.0.' || (abs(hashtext(j.job_id::text)) % 250) || '.7', j.at
     from b_ledger j join jobs jb on jb.id = j.job_id`,
    [enterpriseId, sites[0].id, userId],
  );
  await client.query(
    `insert into audit_logs (id, enterprise_id, account_id, actor_user_id, action, subject_type, subject_id, data, ip, created_at)
     select pg_temp.uuid7(a.status_changed_at), $1, a.account_id, case when a.site_id = $2 then $3::uuid end, 'application.status', 'application',
            a.id::text, jsonb_build_object('from', 'new', 'to', a.status), '10.1.' || (abs(hashtext(a.id::text)) % 250) || '.9', a.status_changed_at
     from applications a where a.status not in ('applied', 'registered', 'new')`,
    [enterpriseId, sites[0].id, userId],
  );
  await client.query(
    `insert into audit_logs (id, enterprise_id, account_id, actor_user_id, action, subject_type, subject_id, data, ip, created_at)
     select pg_temp.uuid7(d), $1, s.account_id, case when s.id = $2 then $3::uuid end, 'auth.login', 'user',
            case when s.id = $2 then $3::text end, '{}'::jsonb, '10.2.0.' || (1 + abs(hashtext(s.id::text)) % 250), d
     from sites s, generate_series(now() - interval '730 days', now() - interval '1 day', interval '1 day') d`,
    [enterpriseId, sites[0].id, userId],
  );
  await client.query(`drop table b_ledger`);

  // The account admin of account 1, who reads its audit trail (a site manager may not).
  const { rows: [admin] } = await client.query(
    `insert into users (enterprise_id, email, name, password_hash) values ($1, $2, 'Bench Auditor', $3) returning id`,
    [enterpriseId, AUDITOR_EMAIL, passwordHash],
  );
  await client.query(
    `insert into memberships (user_id, enterprise_id, scope_type, account_id, role_id)
     select $1, $2, 'account', $3, id from roles where account_id = $3 and key = 'account_admin'`,
    [admin.id, enterpriseId, accounts[0]],
  );
  await client.query(`update sites set domain = $2, domain_verified_at = now() - interval '700 days' where id = $1`, [sites[0].id, BOARD_DOMAIN]);
}
