import { and, asc, eq } from 'drizzle-orm';
import { consultants, consultantSites } from '../../db/schema/consultants';
import { auditLogs, files } from '../../db/schema/platform';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/* Test data for the consultants API, beside the shared test kit (src/test: client, userWith, site1). */

export type ConsultantRow = typeof consultants.$inferSelect;

let seq = 0;

/** A consultant of the tenant working on the given sites (site 1 by default), rows written directly. */
export async function addConsultantOn(
  t: TestApp,
  tenant: Tenant,
  opts: Partial<typeof consultants.$inferInsert> & { sites?: Array<0 | 1> } = {},
): Promise<ConsultantRow> {
  const { sites = [0], ...values } = opts;
  const [row] = await t.deps.db
    .insert(consultants)
    .values({ accountId: tenant.account.id, name: `Consultant ${++seq}`, ...values })
    .returning();
  const rows = sites.map((i) => ({ consultantId: row!.id, siteId: tenant.sites[i].id, accountId: tenant.account.id }));
  if (rows.length) await t.deps.db.insert(consultantSites).values(rows);
  return row!;
}

/** An uploaded image file row of the tenant (no bytes: only its id and purpose are checked). */
export async function addImage(t: TestApp, tenant: Tenant, purpose: 'avatar' | 'banner' = 'avatar') {
  const id = crypto.randomUUID();
  await t.deps.db.insert(files).values({
    id,
    accountId: tenant.account.id,
    purpose,
    storageKey: `test/${id}`,
    originalName: 'photo.png',
    mime: 'image/png',
    size: 10,
    sha256: '0'.repeat(64),
  });
  return id;
}

export async function consultantRow(t: TestApp, id: string) {
  const [row] = await t.deps.db.select().from(consultants).where(eq(consultants.id, id));
  return row ?? null;
}

/** The ids of the consultant's sites, in no particular order. */
export async function siteIdsOf(t: TestApp, id: string) {
  const rows = await t.deps.db.select({ id: consultantSites.siteId }).from(consultantSites).where(eq(consultantSites.consultantId, id));
  return rows.map((r) => r.id).sort();
}

export async function auditOf(t: TestApp, consultantId: string, action?: string) {
  return t.deps.db
    .select()
    .from(auditLogs)
    .where(
      and(eq(auditLogs.subjectType, 'consultant'), eq(auditLogs.subjectId, consultantId), action ? eq(auditLogs.action, action) : undefined),
    )
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}

export const ids = (body: { data: Array<{ id: string }> }) => body.data.map((r) => r.id);
