import { and, desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/platform';
import { audit, type AuditEntry } from '../../platform/audit';
import type { Tenant } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/* The audit tests' entries, written the way the modules write them (platform/audit.ts). */

/** One entry of the tenant's account (or, with null, of no account), as a module writes it; returns its id. */
export async function logged(t: TestApp, tenant: Tenant | null, entry: Omit<AuditEntry, 'enterpriseId'> & { enterpriseId?: string }) {
  const enterpriseId = entry.enterpriseId ?? tenant!.enterpriseId;
  await audit(t.deps.db, { accountId: tenant?.account.id ?? null, ...entry, enterpriseId });
  // Ids are UUIDv7 made in this process, so the one just written is the highest.
  const [row] = await t.deps.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.enterpriseId, enterpriseId), eq(auditLogs.action, entry.action)))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row!.id;
}

/** An entry on a given day: audit() always stamps now, and the table cannot be changed afterwards. */
export async function loggedOn(t: TestApp, tenant: Tenant, day: string, action: string) {
  const [row] = await t.deps.db
    .insert(auditLogs)
    .values({ enterpriseId: tenant.enterpriseId, accountId: tenant.account.id, action, createdAt: new Date(`${day}T12:00:00Z`) })
    .returning({ id: auditLogs.id });
  return row!.id;
}

/** The ids of a list answer, in its order. */
export const ids = (body: { data: { id: string }[] }) => body.data.map((r) => r.id);
