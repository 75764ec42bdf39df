import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSeeker } from '../test/applications';
import { accountClient, client, employer1, site1, type Client } from '../test/client';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { CSV_BATCH_ROWS } from './csv-stream';

/*
 * An export is the whole filtered list, however long: more rows than one batch come out once each, in the list's
 * order across the batch boundaries (ties on the sort value, microseconds a JavaScript date would cut, rows without
 * the value), and another tenant's rows never appear.
 */

// Past the 10,000 rows exports used to stop at, and ten batches and a part of one.
const JOBS = 10 * CSV_BATCH_ROWS + 300;
const APPLICATIONS = 10 * CSV_BATCH_ROWS + 200;
const LOGS = 2 * CSV_BATCH_ROWS + 100;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let betaIds: Set<string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  const db = t.deps.db;
  // Many jobs share a creation second (ties broken by id), some differ by a microsecond, a third were never posted.
  const jobsOf = (x: Tenant, n: number) => sql`
    insert into jobs (account_id, site_id, employer_id, title, status, created_at, posted_at)
    select ${x.account.id}, ${x.sites[0].id}, ${x.employers[0].id}, 'Job ' || (g % 97), 'live',
      timestamptz '2030-01-01 00:00:00Z' + (g % 400) * interval '1 second' + (g % 3) * interval '1 microsecond',
      case when g % 3 = 0 then null else timestamptz '2030-02-01 00:00:00Z' + (g % 50) * interval '1 minute' end
    from generate_series(1, ${n}) g`;
  await db.execute(jobsOf(a, JOBS));
  await db.execute(jobsOf(b, 40));
  const applicationsOf = async (x: Tenant, n: number) => {
    const seeker = await addSeeker(t, x);
    await db.execute(sql`
      insert into applications (account_id, site_id, job_id, employer_id, seeker_id, candidate_name, candidate_email, job_title, status, created_at)
      select j.account_id, j.site_id, j.id, j.employer_id, ${seeker.id}, ${seeker.name}, ${seeker.email}, j.title, 'applied', j.created_at
      from jobs j where j.site_id = ${x.sites[0].id} order by j.id limit ${n}`);
  };
  await applicationsOf(a, APPLICATIONS);
  await applicationsOf(b, 40);
  // The ledger and the audit trail page by the last row's id: ties and microseconds again.
  const stamp = sql`timestamptz '2030-01-01 00:00:00Z' + (g % 300) * interval '1 second' + (g % 3) * interval '1 microsecond'`;
  for (const [x, n] of [[a, LOGS], [b, 40]] as const) {
    await db.execute(sql`
      insert into credit_ledgers (account_id, site_id, employer_id, action, credit_amount, balance, created_at)
      select ${x.account.id}, ${x.sites[0].id}, ${x.employers[0].id}, 'grant', 1, g, ${stamp} from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into audit_logs (enterprise_id, account_id, action, created_at)
      select ${x.enterpriseId}, ${x.account.id}, 'job.created', ${stamp} from generate_series(1, ${n}) g`);
  }
  const beta = await db.execute<{ id: string }>(sql`
    select id from jobs where account_id = ${b.account.id} union all select id from applications where account_id = ${b.account.id}
    union all select id from credit_ledgers where account_id = ${b.account.id} union all select id from audit_logs where account_id = ${b.account.id}`);
  betaIds = new Set(rowsOf<{ id: string }>(beta).map((r) => r.id));
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
}, 300_000);
afterAll(() => t.close());

// drizzle's execute answers rows on PGlite and a result with `rows` on node-postgres.
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** The ids of the export's rows, in order, after checking its byte order mark and header. */
async function exportedIds(url: string, query: Record<string, string>, as: Client = admin): Promise<string[]> {
  const res = await as.get(url, query, { accept: 'text/csv' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  const lines = res.rawPayload.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^ID,/);
  return lines.slice(1).map((l) => l.split(',')[0]!);
}

async function idsInOrder(table: 'jobs' | 'applications' | 'credit_ledgers' | 'audit_logs', order: string): Promise<string[]> {
  const own = table === 'audit_logs' ? sql`account_id = ${a.account.id}` : sql`site_id = ${a.sites[0].id}`;
  const r = await t.deps.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where ${own} order by ${sql.raw(order)}`);
  return rowsOf<{ id: string }>(r).map((x) => x.id);
}

describe('CSV exports past one batch', () => {
  it.each([
    ['-created_at', 'created_at desc nulls last, id desc'],
    ['created_at', 'created_at asc, id asc'],
    ['posted_at', 'posted_at asc nulls last, id asc'],
    ['-posted_at', 'posted_at desc nulls last, id desc'],
    ['title', 'title asc, id asc'],
  ])('jobs sorted by %s: every job once, in the list order, no other tenant’s', async (sort, order) => {
    const ids = await exportedIds('/v1/jobs', { sort });
    expect(ids).toHaveLength(JOBS);
    expect(new Set(ids).size).toBe(JOBS);
    expect(ids).toEqual(await idsInOrder('jobs', order));
    expect(ids.filter((id) => betaIds.has(id))).toEqual([]);
  });

  it.each([
    ['-created_at', 'created_at desc nulls last, id desc'],
    ['candidate_name', 'candidate_name asc, id asc'],
  ])('applications sorted by %s: every application once, in the list order, no other tenant’s', async (sort, order) => {
    const ids = await exportedIds('/v1/applications', { sort });
    expect(ids).toHaveLength(APPLICATIONS);
    expect(new Set(ids).size).toBe(APPLICATIONS);
    expect(ids).toEqual(await idsInOrder('applications', order));
    expect(ids.filter((id) => betaIds.has(id))).toEqual([]);
  });

  it('keeps the search across batches: the rows of the list, no more', async () => {
    const ids = await exportedIds('/v1/jobs', { q: 'Job 5' });
    const list = await admin.get('/v1/jobs', { q: 'Job 5', per_page: '1' });
    expect(list.json().meta).toMatchObject({ total: ids.length });
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(JOBS);
  });

  it('the credit ledger: every entry once, newest first, no other tenant’s', async () => {
    const manager = client(t, await login(t.app, a.users.siteManager.email), employer1(a));
    const ids = await exportedIds('/v1/credit/ledgers', {}, manager);
    expect(ids).toHaveLength(LOGS);
    expect(ids).toEqual(await idsInOrder('credit_ledgers', 'created_at desc, id desc'));
    expect(ids.filter((id) => betaIds.has(id))).toEqual([]);
  });

  it.each([
    ['-created_at', 'created_at desc, id desc'],
    ['created_at', 'created_at asc, id asc'],
  ])('the account audit trail sorted by %s: every entry once, in order, no other tenant’s', async (sort, order) => {
    const owner = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
    const ids = await exportedIds('/v1/accounts/audit-logs', { sort }, owner);
    expect(ids.length).toBeGreaterThanOrEqual(LOGS);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await idsInOrder('audit_logs', order));
    expect(ids.filter((id) => betaIds.has(id))).toEqual([]);
  });

  it('arrives whole when compressed, as a browser asks for it', async () => {
    const expected = await idsInOrder('jobs', 'created_at desc nulls last, id desc');
    for (const [encoding, inflate] of [['gzip', gunzipSync], ['br', brotliDecompressSync]] as const) {
      const res = await admin.get('/v1/jobs', {}, { accept: 'text/csv', 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      const lines = inflate(res.rawPayload).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected);
    }
  });
});
