import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, applicationStatusCounts, applicationDailyCounts } from '../db/schema/applications';
import { notifications } from '../db/schema/notifications';
import { auditLogs, emailOutbox, files } from '../db/schema/platform';
import { seekers } from '../db/schema/seekers';
import { accounts } from '../db/schema/tenancy';
import { addApplication, addSeeker, addSeekerFile } from '../test/applications';
import { createTenant, type Tenant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { addLiveJob } from '../test/jobs';
import { applyRetention, RETENTION_BATCH } from './retention-apply';
import { ERASED_NAME } from './seeker-privacy';

/*
 * The scheduler's retention sweep: each account's own periods, only its own rows, only what is past the period;
 * closed applications and inactive candidates anonymised with every count kept; one audit entry per account and run.
 */

const DAY = 24 * 3_600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

let t: TestApp;
let acme: Tenant;
let globex: Tenant;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t.deps.db);
  globex = await createTenant(t.deps.db);
  // Globex keeps everything ten years: its old rows must outlive acme's sweep.
  await t.deps.db
    .update(accounts)
    .set({ retentionAuditDays: 3650, retentionMailDays: 3650, retentionNotificationDays: 3650, retentionApplicationDays: 3650, retentionCandidateDays: 3650 })
    .where(eq(accounts.id, globex.account.id));
});
afterAll(() => t.close());

const auditRow = async (tenant: Tenant, days: number) => {
  const [row] = await t.deps.db
    .insert(auditLogs)
    .values({ enterpriseId: tenant.enterpriseId, accountId: tenant.account.id, action: 'site.update', createdAt: ago(days) })
    .returning({ id: auditLogs.id });
  return row!.id;
};
const mailRow = async (tenant: Tenant, days: number, status: 'sent' | 'queued' = 'sent') => {
  const key = `retention-${++n}`;
  const [row] = await t.deps.db
    .insert(emailOutbox)
    .values({ accountId: tenant.account.id, event: 'test', dedupeKey: key, toEmail: `${key}@example.test`, subject: key, html: key, text: key, status, sentAt: status === 'sent' ? ago(days) : null, createdAt: ago(days) })
    .returning({ id: emailOutbox.id });
  return row!.id;
};
const noticeRows = async (tenant: Tenant, days: number, count = 1) => {
  const rows = await t.deps.db
    .insert(notifications)
    .values(Array.from({ length: count }, () => ({ accountId: tenant.account.id, userId: tenant.users.accountAdmin.id, event: 'test', subject: 's', content: 'c', createdAt: ago(days) })))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
};
const present = async <T extends typeof auditLogs | typeof emailOutbox | typeof notifications>(table: T, ids: string[]) =>
  (await t.deps.db.select({ id: table.id }).from(table as typeof notifications).where(inArray((table as typeof notifications).id, ids))).map((r) => r.id).sort();
const counts = async (tenant: Tenant) => {
  const status = await t.deps.db.select().from(applicationStatusCounts).where(eq(applicationStatusCounts.accountId, tenant.account.id));
  const daily = await t.deps.db.select().from(applicationDailyCounts).where(eq(applicationDailyCounts.accountId, tenant.account.id));
  const key = (r: { scopeId: string }) => JSON.stringify(r);
  return { status: status.map(key).sort(), daily: daily.map(key).sort() };
};
const retentionEntries = (tenant: Tenant) =>
  t.deps.db.select({ data: auditLogs.data, actor: auditLogs.actorUserId }).from(auditLogs).where(and(eq(auditLogs.action, 'retention.applied'), eq(auditLogs.accountId, tenant.account.id)));

describe('the retention sweep', () => {
  it('removes and anonymises only what is past each account’s own periods, keeps every count, and audits the run', async () => {
    const oldAudit = await auditRow(acme, 731);
    const keptAudit = await auditRow(acme, 700);
    const otherAudit = await auditRow(globex, 731);
    const oldMail = await mailRow(acme, 91);
    const keptMail = [await mailRow(acme, 80), await mailRow(acme, 200, 'queued'), await mailRow(globex, 91)];
    const [oldNotice] = await noticeRows(acme, 366);
    const keptNotices = [...(await noticeRows(acme, 300)), ...(await noticeRows(globex, 366))];

    const job = await addLiveJob(t, acme);
    const active = await addSeeker(t, acme, { lastActiveAt: new Date() });
    const closedOld = await addApplication(t, job, active, { status: 'unsuccessful' });
    const otherJob = await addLiveJob(t, acme);
    const openOld = await addApplication(t, otherJob, active, { status: 'shortlisted' });
    const thirdJob = await addLiveJob(t, acme);
    const closedRecent = await addApplication(t, thirdJob, active, { status: 'withdrawn' });
    await t.deps.db.update(applications).set({ updatedAt: ago(731) }).where(inArray(applications.id, [closedOld.id, openOld.id]));
    await t.deps.db.update(applications).set({ updatedAt: ago(700) }).where(eq(applications.id, closedRecent.id));

    const inactive = await addSeeker(t, acme, { lastActiveAt: ago(1100), createdAt: ago(1500) });
    const inactiveFile = await addSeekerFile(t, inactive, { listed: true });
    const recentApplicant = await addSeeker(t, acme, { lastActiveAt: ago(1100), createdAt: ago(1500) });
    await addApplication(t, job, recentApplicant, { createdAt: ago(10) });
    const globexInactive = await addSeeker(t, globex, { lastActiveAt: ago(1100), createdAt: ago(1500) });
    const before = { acme: await counts(acme), globex: await counts(globex) };

    await applyRetention(t.deps);

    expect(await present(auditLogs, [oldAudit, keptAudit, otherAudit])).toEqual([keptAudit, otherAudit].sort());
    expect(await present(emailOutbox, [oldMail, ...keptMail])).toEqual([...keptMail].sort());
    expect(await present(notifications, [oldNotice!, ...keptNotices])).toEqual([...keptNotices].sort());

    const apps = await t.deps.db.select().from(applications).where(inArray(applications.id, [closedOld.id, openOld.id, closedRecent.id]));
    const byId = new Map(apps.map((a) => [a.id, a]));
    expect(byId.get(closedOld.id)).toMatchObject({ candidateName: ERASED_NAME, candidateEmail: `erased-${active.id}@erased.invalid`, status: 'unsuccessful', seekerId: active.id });
    expect(byId.get(closedOld.id)!.updatedAt.getTime()).toBeLessThan(ago(730).getTime());
    expect(byId.get(openOld.id)).toMatchObject({ candidateName: active.name, status: 'shortlisted' });
    expect(byId.get(closedRecent.id)).toMatchObject({ candidateName: active.name });

    const people = await t.deps.db.select().from(seekers).where(inArray(seekers.id, [active.id, inactive.id, recentApplicant.id, globexInactive.id]));
    const seeker = new Map(people.map((s) => [s.id, s]));
    expect(seeker.get(inactive.id)).toMatchObject({ name: ERASED_NAME, enabled: false });
    expect(seeker.get(inactive.id)!.erasedAt).not.toBeNull();
    expect(await t.deps.db.select().from(files).where(eq(files.id, inactiveFile))).toEqual([]);
    for (const kept of [active, recentApplicant, globexInactive]) expect(seeker.get(kept.id)).toMatchObject({ name: kept.name, erasedAt: null });

    // Reports read the count tables: anonymising changed none of them.
    expect({ acme: await counts(acme), globex: await counts(globex) }).toEqual(before);

    expect(await retentionEntries(acme)).toEqual([
      { actor: null, data: { audit_entries: 1, mail: 1, notifications: 1, applications: 1, candidates: 1, files: 1 } },
    ]);
    expect(await retentionEntries(globex)).toEqual([]);

    // A second run finds nothing left to do and records nothing.
    await applyRetention(t.deps);
    expect(await retentionEntries(acme)).toHaveLength(1);
  });

  it('does a bounded amount per run and the rest on the next', async () => {
    const ids = await noticeRows(acme, 400, RETENTION_BATCH + 2);
    await applyRetention(t.deps);
    expect(await present(notifications, ids)).toHaveLength(2);
    await applyRetention(t.deps);
    expect(await present(notifications, ids)).toEqual([]);
  });

  it('leaves the audit trail append-only outside the sweep', async () => {
    const id = await auditRow(acme, 1000);
    await expect(t.deps.db.delete(auditLogs).where(eq(auditLogs.id, id))).rejects.toThrow();
    await expect(t.deps.db.execute(sql`delete from audit_logs where id = ${id}`)).rejects.toThrow();
    expect(await present(auditLogs, [id])).toEqual([id]);
  });

  it("lets even the sweep's own flag delete no audit entry its account still keeps", async () => {
    // Globex keeps its audit trail ten years: an entry of 1,000 days is still its own, whoever asks to delete it.
    const kept = await auditRow(globex, 1000);
    const asSweep = (id: string) =>
      t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('hireline.retention', 'on', true)`);
        await tx.delete(auditLogs).where(eq(auditLogs.id, id));
      });
    await expect(asSweep(kept)).rejects.toThrow();
    expect(await present(auditLogs, [kept])).toEqual([kept]);
    // Past the account's period, the same statement is what the sweep does, and it passes.
    const old = await auditRow(acme, 1000);
    await asSweep(old);
    expect(await present(auditLogs, [old])).toEqual([]);
  });
});
