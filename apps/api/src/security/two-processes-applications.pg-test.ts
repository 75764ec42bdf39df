import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses, type ApplicationStatus } from '@hireline/contract/enums';
import { candidateStatusKind } from '@hireline/contract/email-kinds';
import { applicationStatusHistory } from '../db/schema/applications';
import { emailOutbox } from '../db/schema/platform';
import type { TestDatabase } from '../db/testing';
import { addApplication, addSeeker, addMailableConsultant } from '../test/applications';
import { addLiveJob } from '../test/jobs';
import type { Tenant } from '../test/factories';
import type { TestApp } from '../test/harness';
import { useTwoProcesses } from './two-processes.fixtures';

/*
 * Bulk status changes sent to two API processes on one PostgreSQL database at once (two-processes.fixtures.ts): row
 * locks keep each application's history one unbroken chain, and the outbox's dedupe keys queue each email once,
 * whichever process serves each request.
 */

const procs = useTwoProcesses();
const { send } = procs;
let database: TestDatabase;
let tenant: Tenant;
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  ({ database, tenant, t } = procs);
  adminToken = await procs.signIn(tenant.users.accountAdmin.email);
});

interface HistoryEntry {
  id: string;
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  created_at: string;
}

/** application-notify.ts: the dedupe key of a summary names the history rows it reports, in any order. */
const digest = (historyIds: string[]) => createHash('sha256').update([...historyIds].sort().join(',')).digest('hex').slice(0, 32);

describe('bulk status changes on the same applications from both processes at once', () => {
  it('keeps each application in a requested status with a complete history, and queues each email once', async () => {
    const consultant = await addMailableConsultant(t, tenant, { name: 'Casey Consultant' });
    const job = await addLiveJob(t, tenant, { title: 'Night Picker', consultantId: consultant.id });
    const apps: { id: string; seekerId: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const seeker = await addSeeker(t, tenant);
      apps.push({ id: (await addApplication(t, job, seeker)).id, seekerId: seeker.id });
    }
    const targets: ApplicationStatus[] = ['shortlisted', 'interviewed', 'offered', 'unsuccessful', 'screening', 'invited', 'new', 'registered', 'shortlisted', 'offered'];
    // Overlapping selections: every application is in most requests, no two requests pick the same set.
    const requests = targets.map((status, k) => ({ status, ids: apps.filter((_, i) => (i * 7 + k) % 4 !== 0 || k < 2).map((a) => a.id) }));
    const notify = { admin: true, consultants: true, candidate: true };

    const answers = await Promise.all(
      requests.map((r, k) =>
        send<{ results: { id: string; ok: boolean; status: ApplicationStatus }[] }>(k, 'POST', '/v1/applications/bulk', {
          token: adminToken,
          body: { action: 'status', ids: r.ids, status: r.status, notify },
        }),
      ),
    );
    for (const [k, a] of answers.entries()) {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.results).toHaveLength(requests[k]!.ids.length);
      // Changed, or already in that status because an earlier request had put it there: ok either way.
      for (const r of a.body.results) expect(r).toMatchObject({ ok: true, status: requests[k]!.status });
    }

    const historyIds: string[] = [];
    for (const app of apps) {
      const [overview, history] = await Promise.all([
        send<{ status: ApplicationStatus }>(0, 'GET', `/v1/applications/${app.id}/overview`, { token: adminToken }),
        send<{ history: HistoryEntry[] }>(1, 'GET', `/v1/applications/${app.id}/history`, { token: adminToken }),
      ]);
      expect(overview.status).toBe(200);
      expect(history.status).toBe(200);
      const rows = history.body.history;
      const requested = requests.filter((r) => r.ids.includes(app.id)).map((r) => r.status);
      expect(requested).toContain(overview.body.status);
      // Oldest first, as the portal shows it: one unbroken chain from where it started to where it is.
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(requested.length);
      expect(rows[0]!.from_status, JSON.stringify(rows)).toBe('applied');
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.from_status, `history of ${app.id}: ${JSON.stringify(rows)}`).toBe(rows[i - 1]!.to_status);
      for (const r of rows) {
        expect(r.from_status).not.toBe(r.to_status);
        expect(requested).toContain(r.to_status);
      }
      expect(rows.at(-1)!.to_status).toBe(overview.body.status);
      historyIds.push(...rows.map((r) => r.id));
    }
    expect(new Set(historyIds).size).toBe(historyIds.length);

    // The candidate's email for each recorded change, exactly once, and none for a change that did not happen.
    const appIds = apps.map((a) => a.id);
    const candidateMail = await database.db.select().from(emailOutbox).where(inArray(emailOutbox.event, applicationStatuses.map(candidateStatusKind)));
    const seekerOf = new Map(apps.map((a) => [a.id, a.seekerId]));
    const changes = await database.db
      .select({
        id: applicationStatusHistory.id,
        applicationId: applicationStatusHistory.applicationId,
        toStatus: applicationStatusHistory.toStatus,
        // Microseconds, as stored: the transaction's start time (the history row's default).
        tx: sql<string>`${applicationStatusHistory.createdAt}::text`,
      })
      .from(applicationStatusHistory)
      .where(inArray(applicationStatusHistory.applicationId, appIds));
    expect(changes.map((c) => c.id).sort()).toEqual([...historyIds].sort());
    expect(candidateMail.map((m) => m.dedupeKey).sort()).toEqual(
      changes.map((c) => `${candidateStatusKind(c.toStatus)}:${c.id}:${seekerOf.get(c.applicationId)}`).sort(),
    );

    // One summary per admin (account admin, site manager) and one for the job's consultant per request that changed
    // something. A request's history rows share its transaction's timestamp, which groups them back into requests.
    const byRequest = new Map<string, string[]>();
    for (const c of changes) byRequest.set(c.tx, [...(byRequest.get(c.tx) ?? []), c.id]);
    expect(byRequest.size).toBeGreaterThan(0);
    expect(byRequest.size).toBeLessThanOrEqual(requests.length);
    const admins = [tenant.users.accountAdmin.id, tenant.users.siteManager.id];
    const expected = [...byRequest.values()].flatMap((ids) => [
      ...admins.map((a) => `application.status.admin:${digest(ids)}:${a}`),
      `application.status.consultant:${digest(ids)}:${consultant.id}`,
    ]);
    const summaries = await database.db
      .select({ key: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(inArray(emailOutbox.event, ['application.status.admin', 'application.status.consultant']));
    expect(summaries.map((s) => s.key).sort()).toEqual(expected.sort());

    // The stage counters (a statement-level trigger) still equal a real count.
    const stored = await send(0, 'GET', '/v1/applications/counts', { token: adminToken });
    const counted = await send(1, 'GET', '/v1/applications/counts?created_from=2000-01-01', { token: adminToken });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual(counted.body);
  });
});
