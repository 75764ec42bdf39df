import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employers } from '../db/schema/employers';
import { jobs } from '../db/schema/jobs';
import { auditLogs } from '../db/schema/platform';
import { sites } from '../db/schema/tenancy';
import { addApplication, addSeeker } from '../test/applications';
import { accountClient, client, employer1, site1, type Client } from '../test/client';
import { grantCredits } from '../test/credits';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { addConsultant, addLiveJob } from '../test/jobs';
import { login } from '../test/login';

/*
 * Every list export opens correctly in a spreadsheet: a UTF-8 byte order mark first, times in the site's time zone
 * with the zone named in the column's header, enumerations as labels in the site's language, and an id column.
 */

let t: TestApp;
let a: Tenant;
let paris: Client;
let utc: Client;
const created = new Date('2030-07-01T10:30:00.000Z'); // 12:30:00 in Paris (summer time)

const BOM = [0xef, 0xbb, 0xbf];
type Res = Awaited<ReturnType<Client['get']>>;

/** The export's lines after the byte order mark, which must be its first three bytes. */
function linesOf(res: Res): string[] {
  expect(res.statusCode, res.body).toBe(200);
  expect([...res.rawPayload.subarray(0, 3)]).toEqual(BOM);
  expect(res.rawPayload.subarray(3).toString('utf8')).not.toMatch(/^\uFEFF/);
  return res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
}

/** The cells of the row holding `id`, by header. */
function rowOf(lines: string[], id: string): Record<string, string> {
  const header = lines[0]!.split(',');
  const line = lines.find((l) => l.startsWith(`${id},`));
  expect(line, `no row for ${id}`).toBeDefined();
  const cells = line!.split(',');
  return Object.fromEntries(header.map((h, i) => [h, cells[i]!]));
}

const csv = (c: Client, url: string, query: Record<string, string> = {}) => c.get(url, query, { accept: 'text/csv' });

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db);
  await t.deps.db
    .update(sites)
    .set({ settings: sql`${sites.settings} || '{"timezone":"Europe/Paris","locale":"fr-FR"}'::jsonb` })
    .where(eq(sites.id, a.sites[0].id));
  const token = await login(t.app, a.users.accountAdmin.email);
  paris = client(t, token, site1(a));
  utc = client(t, token, { accountId: a.account.id, siteId: a.sites[1].id });
});
afterAll(() => t.close());

describe('list exports', () => {
  it('jobs: BOM, the Paris time with the zone named, the status label in French, the id first', async () => {
    const job = await addLiveJob(t, a);
    await t.deps.db.update(jobs).set({ createdAt: created }).where(eq(jobs.id, job.id));
    const lines = linesOf(await csv(paris, '/v1/jobs'));
    expect(lines[0]!.split(',')[0]).toBe('ID');
    const row = rowOf(lines, job.id);
    expect(row['Created (Europe/Paris)']).toBe('2030-07-01 12:30:00');
    expect(row.Status).toBe('En ligne');
    expect(row.Featured).toBe('non');
  });

  it('jobs of a site in UTC and English: `Live`, not `live`', async () => {
    const job = await addLiveJob(t, a, { site: 1 });
    await t.deps.db.update(jobs).set({ createdAt: created }).where(eq(jobs.id, job.id));
    const row = rowOf(linesOf(await csv(utc, '/v1/jobs')), job.id);
    expect(row['Created (UTC)']).toBe('2030-07-01 10:30:00');
    expect(row.Status).toBe('Live');
  });

  it('applications: the status label beside the id, the applied time in the zone', async () => {
    const app = await addApplication(t, await addLiveJob(t, a), await addSeeker(t, a), { status: 'shortlisted', createdAt: created });
    const row = rowOf(linesOf(await csv(paris, '/v1/applications')), app.id);
    expect(row.Status).toBe('Retenu');
    expect(row['Applied (Europe/Paris)']).toBe('2030-07-01 12:30:00');
  });

  it('seekers: read in the selected site', async () => {
    const seeker = await addSeeker(t, a, { createdAt: created });
    const row = rowOf(linesOf(await csv(paris, '/v1/seekers')), seeker.id);
    expect(row['Created (Europe/Paris)']).toBe('2030-07-01 12:30:00');
    expect(row.Enabled).toBe('oui');
  });

  it('employers: status and type as labels', async () => {
    await t.deps.db.update(employers).set({ createdAt: created }).where(eq(employers.id, a.employers[0].id));
    const row = rowOf(linesOf(await csv(paris, '/v1/employers')), a.employers[0].id);
    expect(row.Status).toBe('Actif');
    expect(row.Type).toBe('Entreprise');
    expect(row['Created (Europe/Paris)']).toBe('2030-07-01 12:30:00');
  });

  it('credits: an id column, the action label, the date in the zone', async () => {
    await grantCredits(t, a.employers[0].id, 2);
    const manager = client(t, await login(t.app, a.users.siteManager.email), employer1(a));
    const lines = linesOf(await csv(manager, '/v1/credit/ledgers'));
    const header = lines[0]!.split(',');
    expect(header.slice(0, 3)).toEqual(['ID', 'Date (Europe/Paris)', 'Action']);
    const [first] = (await manager.get('/v1/credit/ledgers')).json().data as Array<{ id: string }>;
    const row = rowOf(lines, first!.id);
    expect(row.Action).toBe('Attribution');
    expect(row['Date (Europe/Paris)']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('consultants: BOM and the zone', async () => {
    const c = await addConsultant(t, a);
    const row = rowOf(linesOf(await csv(paris, '/v1/consultants')), c.id);
    expect(row.Enabled).toBe('oui');
    expect(Object.keys(row)).toContain('Created (Europe/Paris)');
  });

  it('account users and the audit trail, which belong to no site: UTC named, English labels', async () => {
    const admin = accountClient(t, await login(t.app, a.users.accountAdmin.email), a.account.id);
    const users = linesOf(await admin.get('/v1/accounts/users', {}, { accept: 'text/csv' }));
    expect(users[0]).toBe('ID,Name,Email,Status,Access,Last active (UTC),Created (UTC)');
    expect(rowOf(users, a.users.siteManager.id).Status).toBe('Active');
    const [entry] = await t.deps.db
      .insert(auditLogs)
      .values({ enterpriseId: a.enterpriseId, accountId: a.account.id, action: 'job.created', createdAt: created })
      .returning();
    const audit = linesOf(await admin.get('/v1/accounts/audit-logs', { format: 'csv' }));
    expect(audit[0]!.split(',').slice(0, 2)).toEqual(['ID', 'Time (UTC)']);
    expect(rowOf(audit, entry!.id)['Time (UTC)']).toBe('2030-07-01 10:30:00');
  });
});
