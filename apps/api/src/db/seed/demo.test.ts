import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses, jobStatuses } from '@hireline/contract/enums';
import { openTestDatabase, type TestDatabase } from '../testing';
import { employers } from '../schema/employers';
import { users } from '../schema/identity';
import { localStorage } from '../../platform/storage';
import { DEMO_PASSWORD, seedDemo } from './demo';

const DEMO_USERS = [
  'enterprise@demo.test',
  'admin@acme.test',
  'manager@acme.test',
  'consultant@acme.test',
  'employer@acme.test',
  'admin@globex.test',
];

const kinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('demo seed on %s', (kind) => {
  let database: TestDatabase;
  const now = new Date('2026-03-02T09:30:00Z');
  const uploads = mkdtempSync(join(tmpdir(), 'hireline-seed-'));
  const storage = localStorage(uploads);
  const count = async (table: string) =>
    Number((await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

  beforeAll(async () => {
    database = await openTestDatabase({ kind });
    expect(await seedDemo(database.db, { enterpriseKey: 'demo', now, storage })).toEqual({ seeded: true });
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('creates the six demo sign-ins with argon2id hashes of the demo password', async () => {
    const rows = await database.db.select().from(users);
    for (const email of DEMO_USERS) {
      const user = rows.find((u) => u.email === email);
      expect(user, email).toBeDefined();
      expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(user!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('has jobs in every status and applications in every status', async () => {
    const jobRows = await database.db.execute<{ status: string }>(sql`select distinct status from jobs`);
    expect(jobRows.rows.map((r) => r.status).sort()).toEqual([...jobStatuses].sort());
    const appRows = await database.db.execute<{ status: string }>(sql`select distinct status from applications`);
    expect(appRows.rows.map((r) => r.status).sort()).toEqual([...applicationStatuses].sort());
    const flagged = await database.db.execute<{ n: number; open: number }>(
      sql`select count(*)::int as n, coalesce(sum(open_reports), 0)::int as open from jobs where open_reports > 0`,
    );
    const openReports = await count(`flagged_job_reports where status = 'open'`);
    expect(flagged.rows[0]!.n).toBeGreaterThan(0);
    expect(flagged.rows[0]!.open).toBe(openReports);
  });

  it('gives most candidates a stored PDF resume, carried by their applications', async () => {
    const rows = await database.db.execute<{ seekers: number; with_resume: number; apps: number; apps_with: number }>(sql`
      select (select count(*)::int from seekers) as seekers,
             (select count(*)::int from seekers where resume_file_id is not null) as with_resume,
             (select count(*)::int from applications) as apps,
             (select count(*)::int from applications a join seekers s on s.id = a.seeker_id
               where a.resume_file_id = s.resume_file_id) as apps_with`);
    const r = rows.rows[0]!;
    expect(r.with_resume / r.seekers).toBeGreaterThan(0.7);
    expect(r.apps_with / r.apps).toBeGreaterThan(0.7);
    const file = await database.db.execute<{ storage_key: string; size: number; mime: string }>(
      sql`select storage_key, size, mime from files where purpose = 'resume' limit 1`,
    );
    const bytes = await storage.get(file.rows[0]!.storage_key);
    expect(bytes!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes!.length).toBe(file.rows[0]!.size);
    expect(file.rows[0]!.mime).toBe('application/pdf');
  });

  it('keeps every credit balance equal to its ledger', async () => {
    const rows = await database.db.execute<{
      id: string;
      cached: number;
      total: number;
      newest: number | null;
      negatives: number;
    }>(sql`
      select e.id, e.credit_balance as cached,
        coalesce((select sum(l.credit_amount) from credit_ledgers l where l.employer_id = e.id), 0)::int as total,
        (select l.balance from credit_ledgers l where l.employer_id = e.id order by l.created_at desc, l.id desc limit 1) as newest,
        (select count(*) from credit_ledgers l where l.employer_id = e.id and l.balance < 0)::int as negatives
      from employers e`);
    expect(rows.rows.length).toBeGreaterThan(20);
    expect(rows.rows.filter((r) => r.cached > 0).length).toBeGreaterThan(3);
    expect(rows.rows.filter((r) => r.cached === 0).length).toBeGreaterThan(0);
    for (const r of rows.rows) {
      expect(r.cached, r.id).toBe(r.total);
      expect(r.newest ?? 0, r.id).toBe(r.total);
      expect(r.negatives).toBe(0);
    }
    const [northwind] = await database.db
      .select()
      .from(employers)
      .where(eq(employers.businessName, 'Northwind Logistics'));
    expect(northwind!.creditBalance).toBeGreaterThan(0);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const tables = [
      'enterprises',
      'accounts',
      'sites',
      'users',
      'jobs',
      'applications',
      'credit_ledgers',
      'notifications',
    ];
    const before = await Promise.all(tables.map(count));
    expect(await seedDemo(database.db, { enterpriseKey: 'demo', now })).toEqual({ seeded: false });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('refuses to update or delete credit ledger and audit rows', async () => {
    for (const table of ['credit_ledgers', 'audit_logs']) {
      expect(await count(table)).toBeGreaterThan(0);
      await expect(database.db.execute(sql.raw(`update ${table} set created_at = now()`))).rejects.toThrow();
      await expect(database.db.execute(sql.raw(`delete from ${table}`))).rejects.toThrow();
    }
    // A tenant can still be removed as a whole: the cascade is allowed through.
    const before = await count('credit_ledgers');
    await database.db.execute(sql`delete from accounts where slug = 'globex'`);
    const after = await count('credit_ledgers');
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
  });
});
