import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStatus } from '@hireline/contract/enums';
import { jobs, jobStatusHistory } from '../../db/schema/jobs';
import { auditLogs } from '../../db/schema/platform';
import { createTenant, type Tenant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { expireDueJobs } from './job-expiry';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const now = new Date('2031-06-01T12:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
});
afterAll(() => t.close());

async function job(tenant: Tenant, status: JobStatus, endOffsetHours: number | null) {
  const [row] = await t.deps.db
    .insert(jobs)
    .values({
      accountId: tenant.account.id,
      siteId: tenant.sites[0].id,
      employerId: tenant.employers[0].id,
      title: `${status} ${endOffsetHours}`,
      status,
      advertEndAt: endOffsetHours === null ? null : new Date(now.getTime() + endOffsetHours * HOUR),
    })
    .returning({ id: jobs.id });
  return row!.id;
}

describe('expireDueJobs', () => {
  it('expires live and unlisted adverts whose end has come, in every tenant, with history and audit', async () => {
    const due = [await job(a, 'live', -1), await job(a, 'unlisted', -48), await job(b, 'live', 0)];
    const kept = [await job(a, 'live', 1), await job(a, 'live', null), await job(a, 'pending', -1), await job(a, 'draft', -1), await job(b, 'expired', -5)];

    expect(await expireDueJobs(t.deps.db, now)).toBe(3);

    const rows = await t.deps.db.select().from(jobs).where(inArray(jobs.id, [...due, ...kept]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of due) expect(byId.get(id)).toMatchObject({ status: 'expired', expiredAt: now });
    expect(kept.map((id) => byId.get(id)!.status)).toEqual(['live', 'live', 'pending', 'draft', 'expired']);

    const history = await t.deps.db.select().from(jobStatusHistory).where(inArray(jobStatusHistory.jobId, due));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorUserId]).sort()).toEqual([
      ['live', 'expired', null],
      ['live', 'expired', null],
      ['unlisted', 'expired', null],
    ]);
    const audits = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'job.expired'), inArray(auditLogs.subjectId, due)));
    expect(audits).toHaveLength(3);
    expect(audits.find((r) => r.subjectId === due[2])).toMatchObject({ enterpriseId: b.enterpriseId, accountId: b.account.id, actorUserId: null, data: { automatic: true } });

    // Nothing left: a second sweep is a no-op.
    expect(await expireDueJobs(t.deps.db, now)).toBe(0);
  });

  it('works off a backlog larger than one batch', async () => {
    await t.deps.db.insert(jobs).values(
      Array.from({ length: 1203 }, (_, i) => ({
        accountId: a.account.id,
        siteId: a.sites[1].id,
        employerId: a.employers[1].id,
        title: `Backlog ${i}`,
        status: 'live' as const,
        advertEndAt: new Date(now.getTime() - (i + 1) * 60_000),
      })),
    );
    expect(await expireDueJobs(t.deps.db, now)).toBe(1203);
    const left = await t.deps.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.siteId, a.sites[1].id), eq(jobs.status, 'live')));
    expect(left).toEqual([]);
  });
});
