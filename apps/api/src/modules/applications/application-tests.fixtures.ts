import { asc, eq } from 'drizzle-orm';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../../db/schema/applications';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/* What the applications tests read back and the few rows the shared test kit does not make. */

let seq = 0;

/** A second employer on site 1, with a live job of its own. */
export async function addOtherEmployerJob(t: TestApp, tenant: Tenant, title = 'Warehouse Lead') {
  const [employer] = await t.deps.db.insert(employers).values({ accountId: tenant.account.id, siteId: tenant.sites[0].id, businessName: `Northwind ${++seq}` }).returning();
  const [job] = await t.deps.db
    .insert(jobs)
    .values({ accountId: tenant.account.id, siteId: tenant.sites[0].id, employerId: employer!.id, title, status: 'live', postedAt: new Date() })
    .returning();
  return { employer: employer!, job: job! };
}

export async function addFeedback(t: TestApp, app: { id: string; accountId: string }, values: { rating: number; employerRecommended?: boolean; additionalFeedback?: string | null }) {
  await t.deps.db.insert(applicationFeedbacks).values({ accountId: app.accountId, applicationId: app.id, ...values });
}

export async function historyRows(t: TestApp, applicationId: string) {
  return t.deps.db
    .select()
    .from(applicationStatusHistory)
    .where(eq(applicationStatusHistory.applicationId, applicationId))
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
}

export async function rowOf(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, id));
  return row ?? null;
}
