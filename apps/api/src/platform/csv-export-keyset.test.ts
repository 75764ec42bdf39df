import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUserSorts } from '@hireline/contract/account-users';
import { consultantSorts } from '@hireline/contract/consultants';
import { employerSorts } from '@hireline/contract/employers';
import { seekerSorts } from '@hireline/contract/seekers';
import { accountClient, client, site1 } from '../test/client';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { CSV_BATCH_ROWS } from './csv-stream';

/*
 * The employers, seekers, consultants and users exports page by keyset (platform/keyset.ts) as the jobs and
 * applications exports do: past one batch, in every sort the list allows, the export is the list itself (the same
 * rows in the same order as its pages), each row once, across batch boundaries that fall inside runs of equal sort
 * values (names repeat, creation times tie or differ by a microsecond, a third of the seekers were never active), and
 * never another tenant's rows.
 */

// Past one batch, so the boundary falls inside a run of ties (a second boundary would prove nothing more).
const ROWS = CSV_BATCH_ROWS + 100;

let t: TestApp;
let a: Tenant;
let b: Tenant;
type Get = (url: string, query?: Record<string, string>, headers?: Record<string, string>) => Promise<{ statusCode: number; body: string; rawPayload: Buffer; json(): unknown }>;
let siteAdmin: { get: Get };
let accountAdmin: { get: Get };
const otherTenant = new Set<string>();

const stamp = sql`timestamptz '2030-01-01 00:00:00Z' + (g % 40) * interval '1 second' + (g % 3) * interval '1 microsecond'`;

async function fill(x: Tenant, n: number) {
  const db = t.deps.db;
  const [account, site] = [x.account.id, x.sites[0].id];
  await db.execute(sql`
    insert into employers (account_id, site_id, business_name, credit_balance, created_at)
    select ${account}, ${site}, 'Employer ' || (g % 13), g % 7, ${stamp} from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into seekers (account_id, email, name, created_at, last_active_at)
    select ${account}, 'seeker' || g || '@' || ${account} || '.test', 'Seeker ' || (g % 11), ${stamp},
      case when g % 3 = 0 then null else timestamptz '2030-03-01 00:00:00Z' + (g % 20) * interval '1 minute' end
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    with c as (
      insert into consultants (account_id, name, email, created_at)
      select ${account}, 'Consultant ' || (g % 9), 'c' || g || '@consultants.test', ${stamp} from generate_series(1, ${n}) g
      returning id)
    insert into consultant_sites (consultant_id, site_id, account_id) select id, ${site}, ${account} from c`);
  // People of the account, a fifth of them invited and not yet in (the list shows their typed name and invitation).
  await db.execute(sql`
    with u as (
      insert into users (enterprise_id, email, name, created_at)
      select ${x.enterpriseId}, 'person' || g || '@' || ${account} || '.test', 'Person ' || (g % 17), ${stamp}
      from generate_series(1, ${n}) g
      returning id, email)
    insert into memberships (user_id, enterprise_id, scope_type, account_id, role_id, accepted_at, invited_name, created_at)
    select u.id, m.enterprise_id, m.scope_type, m.account_id, m.role_id,
      case when right(split_part(u.email, '@', 1), 1) = '5' then null else now() end,
      case when right(split_part(u.email, '@', 1), 1) = '5' then 'Invited ' || left(u.email, 9) end,
      timestamptz '2030-02-01 00:00:00Z' + (length(u.email) % 5) * interval '1 second'
    from u, (select * from memberships where user_id = ${x.users.accountAdmin.id} and account_id = ${account} limit 1) m`);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  await fill(a, ROWS);
  await fill(b, 30);
  const beta = await t.deps.db.execute<{ id: string }>(sql`
    select id from employers where account_id = ${b.account.id} union all select id from seekers where account_id = ${b.account.id}
    union all select consultant_id from consultant_sites where account_id = ${b.account.id}
    union all select user_id from memberships where account_id = ${b.account.id}`);
  for (const r of rowsOf<{ id: string }>(beta)) otherTenant.add(r.id);
  const token = await login(t.app, a.users.accountAdmin.email);
  siteAdmin = client(t, token, site1(a));
  accountAdmin = accountClient(t, token, a.account.id);
}, 300_000);
afterAll(() => t.close());

// drizzle's execute answers rows on PGlite and a result with `rows` on node-postgres.
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** The ids of the export's rows, in order, after checking its byte order mark and header. */
async function exportedIds(as: { get: Get }, url: string, sort: string): Promise<string[]> {
  const res = await as.get(url, { sort }, { accept: 'text/csv' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const lines = res.rawPayload.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^ID,/);
  return lines.slice(1).map((l) => l.split(',')[0]!);
}

/** The list's ids page after page, as the portal reads it. */
async function listedIds(as: { get: Get }, url: string, sort: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await as.get(url, { sort, page: String(page), per_page: '100' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const { data } = res.json() as { data: Array<{ id: string }> };
    ids.push(...data.map((r) => r.id));
    if (data.length < 100) return ids;
  }
}

const lists = [
  ['employers', '/v1/employers', employerSorts, () => siteAdmin],
  ['seekers', '/v1/seekers', seekerSorts, () => siteAdmin],
  ['consultants', '/v1/consultants', consultantSorts, () => siteAdmin],
  ['users', '/v1/accounts/users', accountUserSorts, () => accountAdmin],
] as const;

describe.each(lists)('the %s export past one batch', (_name, url, sorts, as) => {
  it.each([...sorts])('sorted by %s: the list itself, every row once, no other tenant’s', async (sort) => {
    const listed = await listedIds(as(), url, sort);
    // The rows added here, and for the people the tenant's own.
    expect(listed.length).toBeGreaterThanOrEqual(ROWS);
    const ids = await exportedIds(as(), url, sort);
    expect(ids).toEqual(listed);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => otherTenant.has(id))).toEqual([]);
  });
});
