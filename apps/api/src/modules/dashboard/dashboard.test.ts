import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardJobQueues, newApplicationsQuery } from '@hireline/contract/dashboard';
import type { JobStatus } from '@hireline/contract/enums';
import { applications } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { seekers } from '../../db/schema/seekers';
import { createTenant, type Tenant } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { login } from '../../test/login';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const DAY = 86_400_000;

/** Jobs on employer 1 (site 1) in the given statuses, with applications spread over the last days. */
async function fill(tenant: Tenant, statuses: JobStatus[], applicationAgesInDays: number[]) {
  const [site] = tenant.sites;
  const [employer] = tenant.employers;
  const jobRows = await t.deps.db
    .insert(jobs)
    .values(statuses.map((status, i) => ({ accountId: tenant.account.id, siteId: site.id, employerId: employer.id, status, title: `Job ${i}`, openReports: i === 0 ? 2 : 0 })))
    .returning();
  const seekerRows = await t.deps.db
    .insert(seekers)
    .values(applicationAgesInDays.map((_, i) => ({ accountId: tenant.account.id, email: `s${i}.${tenant.account.slug}@example.test`, name: `Seeker ${i}` })))
    .returning();
  const live = jobRows.find((j) => j.status === 'live')!;
  await t.deps.db.insert(applications).values(
    applicationAgesInDays.map((age, i) => ({
      accountId: tenant.account.id,
      siteId: site.id,
      jobId: live.id,
      employerId: employer.id,
      seekerId: seekerRows[i]!.id,
      candidateName: `Seeker ${i}`,
      candidateEmail: seekerRows[i]!.email,
      jobTitle: live.title,
      status: 'new' as const,
      createdAt: new Date(Date.now() - age * DAY),
    })),
  );
  await t.deps.db.update(employers).set({ creditBalance: 7 }).where(eq(employers.id, employer.id));
  await t.deps.db.update(employers).set({ creditBalance: 5 }).where(eq(employers.id, tenant.employers[1].id));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.deps.db, { name: 'Alpha' });
  b = await createTenant(t.deps.db, { name: 'Beta' });
  await fill(a, ['live', 'live', 'pending', 'draft', 'expired', 'unlisted'], [0, 1, 2, 10, 40]);
  await fill(b, ['live', 'pending', 'pending'], [0]);
});
afterAll(() => t.close());

const dash = (token: string, scope: { accountId?: string; siteId?: string; employerId?: string }) =>
  call(t.app, { token, ...scope }, { method: 'GET', url: '/portal/v1/site/dashboard' });

describe('GET /v1/site/dashboard', () => {
  it("sums up the selected site's jobs, applications and credits", async () => {
    const token = await login(t.app, a.users.siteManager.email);
    const res = await dash(token, { accountId: a.account.id, siteId: a.sites[0].id });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.live_jobs).toBe(2);
    expect(d.pending_jobs).toBe(1);
    expect(d.flagged_jobs).toBe(1);
    expect(d.new_applications_week).toBe(3);
    expect(d.credits_balance).toBe(7); // employer 2 belongs to the other site
    expect(d.applications_over_time).toHaveLength(30);
    expect(d.applications_over_time.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(4); // 40 days ago is outside
    expect(d.applications_over_time.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(d.jobs_by_status).toContainEqual({ status: 'expired', count: 1 });
    expect(d.jobs_by_status).toContainEqual({ status: 'rejected', count: 0 });
    expect(d.latest_applications).toHaveLength(5);
    expect(d.latest_applications[0].candidate_name).toBe('Seeker 0');
  });

  it('shows an empty site as zeros, not an error', async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    const d = (await dash(token, { accountId: a.account.id, siteId: a.sites[1].id })).json();
    expect(d).toMatchObject({ live_jobs: 0, pending_jobs: 0, flagged_jobs: 0, new_applications_week: 0, credits_balance: 5, latest_applications: [] });
  });

  it("never counts another tenant's records, and refuses their scope", async () => {
    const token = await login(t.app, b.users.accountAdmin.email);
    const own = (await dash(token, { accountId: b.account.id, siteId: b.sites[0].id })).json();
    expect(own).toMatchObject({ live_jobs: 1, pending_jobs: 2, new_applications_week: 1 });
    expect((await dash(token, { accountId: a.account.id, siteId: a.sites[0].id })).statusCode).toBe(404);
  });

  it('narrows to the employer an employer user works for', async () => {
    const token = await login(t.app, a.users.employerAdmin.email);
    const d = (await dash(token, { accountId: a.account.id, siteId: a.sites[0].id, employerId: a.employers[0].id })).json();
    expect(d.live_jobs).toBe(2);
    expect(d.credits_balance).toBe(7);
  });

  it('needs a selected site and the dashboard permission', async () => {
    const token = await login(t.app, a.users.accountAdmin.email);
    expect((await dash(token, { accountId: a.account.id })).statusCode).toBe(404);
    expect((await call(t.app, {}, { method: 'GET', url: '/portal/v1/site/dashboard' })).statusCode).toBe(401);
  });

  it('counts exactly what the list it links to shows, for staff and for an employer user', async () => {
    // A report on a draft is not a flagged job of the board: neither the figure nor the linked list counts it.
    const [site] = a.sites;
    await t.deps.db.insert(jobs).values({ accountId: a.account.id, siteId: site.id, employerId: a.employers[0].id, status: 'draft', title: 'Reported draft', openReports: 1 });
    const scopes = [
      { token: await login(t.app, a.users.siteManager.email), scope: { accountId: a.account.id, siteId: site.id } },
      { token: await login(t.app, a.users.employerAdmin.email), scope: { accountId: a.account.id, siteId: site.id, employerId: a.employers[0].id } },
    ];
    for (const { token, scope } of scopes) {
      const d = (await dash(token, scope)).json();
      const total = async (url: string, query: Record<string, string | readonly string[] | undefined>) => {
        const res = await call(t.app, { token, ...scope }, { method: 'GET', url: `/portal${url}`, query: { ...query, per_page: '1' } as Record<string, string | string[]> });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().meta.total as number;
      };
      for (const [figure, query] of Object.entries(dashboardJobQueues)) {
        expect(await total('/v1/jobs', query), figure).toBe(d[figure]);
      }
      expect(d.flagged_jobs).toBe(1);
      expect(await total('/v1/applications', newApplicationsQuery(d))).toBe(d.new_applications_week);
      expect(d.new_applications_week).toBe(3);
    }
  });
});
