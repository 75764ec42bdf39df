import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '@hireline/contract/enums';
import { employers } from '../db/schema/employers';
import { jobs } from '../db/schema/jobs';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { login } from '../test/login';
import { client, employer1, site1, type Client } from '../test/client';
import { MAX_SHAPES, preparedShapes, runShaped } from './prepared';

/*
 * The hot lists run as prepared statements per filter shape: one statement per shape whatever the values, each
 * shape answering its own filters, and the tenant's rows only (the values and row-level security, not the statement,
 * decide whose rows).
 */

let t: TestApp;
let a: Tenant;
let b: Tenant;
let admin: Client;
let otherTenant: Client;
let northwind: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  admin = client(t, await login(t.app, a.users.accountAdmin.email), site1(a));
  otherTenant = client(t, await login(t.app, b.users.accountAdmin.email), site1(b));
  const db = t.deps.db;
  const [nw] = await db.insert(employers).values({ accountId: a.account.id, siteId: a.sites[0].id, businessName: 'Northwind Traders' }).returning();
  northwind = nw!.id;
  const job = (tenant: Tenant, title: string, status: JobStatus, extra: Partial<typeof jobs.$inferInsert> = {}) => ({
    accountId: tenant.account.id,
    siteId: tenant.sites[0].id,
    employerId: tenant.employers[0].id,
    title,
    status,
    ...extra,
  });
  await db.insert(jobs).values([
    job(a, 'Alpha Live', 'live', { workType: 'Full time' }),
    job(a, 'Alpha Pending', 'pending'),
    job(a, 'Alpha Northwind', 'live', { employerId: northwind }),
    job(b, 'Beta Live', 'live', { workType: 'Full time' }),
  ]);
});
afterAll(() => t.close());

const titles = async (who: Client, query: Record<string, string | string[]>) => {
  const res = await who.get('/v1/jobs', query);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: Array<{ title: string }>; meta: { total: number } };
  return { titles: body.data.map((j) => j.title).sort(), total: body.meta.total };
};

describe('prepared list statements', () => {
  it('reuse one statement per shape across values, pages and tenants', async () => {
    expect(await titles(admin, { status: 'live' })).toEqual({ titles: ['Alpha Live', 'Alpha Northwind'], total: 2 });
    const shapes = preparedShapes(t.deps.db);
    expect(await titles(admin, { status: 'pending' })).toEqual({ titles: ['Alpha Pending'], total: 1 });
    expect(await titles(admin, { status: ['pending', 'live'], page: '2', per_page: '2' })).toEqual({ titles: ['Alpha Live'], total: 3 });
    expect(await titles(otherTenant, { status: 'live' })).toEqual({ titles: ['Beta Live'], total: 1 });
    expect(preparedShapes(t.deps.db)).toBe(shapes);
  });

  it('answer each shape by its own filters: another filter, sort or employer is another statement', async () => {
    const before = preparedShapes(t.deps.db);
    expect(await titles(admin, { work_type: 'Full time' })).toEqual({ titles: ['Alpha Live'], total: 1 });
    expect(await titles(admin, { status: 'live', sort: 'title' })).toEqual({ titles: ['Alpha Live', 'Alpha Northwind'], total: 2 });
    expect(await titles(admin, { employer_id: northwind })).toEqual({ titles: ['Alpha Northwind'], total: 1 });
    const employerOnly = client(t, await login(t.app, a.users.accountAdmin.email), employer1(a));
    expect(await titles(employerOnly, {})).toEqual({ titles: ['Alpha Live', 'Alpha Pending'], total: 2 });
    expect(await titles(admin, { flagged: 'true' })).toEqual({ titles: [], total: 0 });
    expect(preparedShapes(t.deps.db)).toBeGreaterThan(before);
  });

  it('prepare the applications list per shape too', async () => {
    const list = async (status: string) => {
      const res = await admin.get('/v1/applications', { status });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { meta: { total: number } }).meta.total;
    };
    expect(await list('new')).toBe(0);
    const shapes = preparedShapes(t.deps.db);
    expect(await list('shortlisted')).toBe(0);
    expect(preparedShapes(t.deps.db)).toBe(shapes);
  });
});

describe('runShaped', () => {
  const statement = (log: string[], key: string) => ({
    prepare: (name: string) => {
      log.push(`prepare ${name}`);
      return { execute: async () => key };
    },
    execute: async () => {
      log.push(`unnamed ${key}`);
      return key;
    },
  });

  it('prepares a shape once, and past the cap runs new shapes unnamed instead of keeping them', async () => {
    const db = {} as Parameters<typeof runShaped>[0];
    const log: string[] = [];
    await runShaped(db, 'one', () => statement(log, 'one'), {});
    await runShaped(db, 'one', () => statement(log, 'one'), { other: 'value' });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^prepare shape_[0-9a-f]{24}$/);
    for (let i = 1; i < MAX_SHAPES; i++) await runShaped(db, `shape ${i}`, () => statement(log, `shape ${i}`), {});
    expect(preparedShapes(db)).toBe(MAX_SHAPES);
    expect(await runShaped(db, 'one too many', () => statement(log, 'one too many'), {})).toBe('one too many');
    expect(log.at(-1)).toBe('unnamed one too many');
    expect(preparedShapes(db)).toBe(MAX_SHAPES);
  });
});
