import { asc, eq, like } from 'drizzle-orm';
import { applicationFeedbacks, applications, applicationStatusHistory } from '../../db/schema/applications';
import { consultants, consultantSites } from '../../db/schema/consultants';
import { employers } from '../../db/schema/employers';
import { jobs } from '../../db/schema/jobs';
import { auditLogs, emailOutbox } from '../../db/schema/platform';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/* What the applications tests read back and the few rows the shared fixtures do not make. */

let seq = 0;

/** A consultant working on site 1 with an email address (the jobs fixtures' consultants have none). */
export async function addMailableConsultant(t: TestApp, tenant: Tenant, opts: { name?: string; enabled?: boolean } = {}) {
  const n = ++seq;
  const [row] = await t.deps.db
    .insert(consultants)
    .values({ accountId: tenant.account.id, name: opts.name ?? `Consultant ${n}`, email: `consultant${n}.${tenant.account.slug}@example.test`, enabled: opts.enabled ?? true })
    .returning();
  await t.deps.db.insert(consultantSites).values({ consultantId: row!.id, siteId: tenant.sites[0].id, accountId: tenant.account.id });
  return row!;
}

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

/** The application-status emails queued so far; pass it to {@link newMail} to see what a request added. */
export async function mailMark(t: TestApp) {
  const rows = await t.deps.db.select({ id: emailOutbox.id }).from(emailOutbox).where(like(emailOutbox.event, 'application.status%'));
  return new Set(rows.map((r) => r.id));
}

/** Application-status emails queued since `mark`, sorted by event then recipient so tests can compare them. */
export async function newMail(t: TestApp, mark: Set<string>) {
  const rows = await t.deps.db.select().from(emailOutbox).where(like(emailOutbox.event, 'application.status%')).orderBy(asc(emailOutbox.createdAt));
  return rows.filter((r) => !mark.has(r.id)).sort((x, y) => x.event.localeCompare(y.event) || x.toEmail.localeCompare(y.toEmail));
}

export async function historyRows(t: TestApp, applicationId: string) {
  return t.deps.db
    .select()
    .from(applicationStatusHistory)
    .where(eq(applicationStatusHistory.applicationId, applicationId))
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
}

export async function auditRows(t: TestApp, applicationId: string) {
  return t.deps.db.select().from(auditLogs).where(eq(auditLogs.subjectId, applicationId)).orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}

export async function rowOf(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(applications).where(eq(applications.id, id));
  return row ?? null;
}
