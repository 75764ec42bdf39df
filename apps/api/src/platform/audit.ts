import type { DbOrTx } from '../db/client';
import { auditLogs } from '../db/schema/platform';

export interface AuditEntry {
  enterpriseId: string;
  accountId?: string | null;
  actorUserId?: string | null;
  impersonatorUserId?: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Appends to the audit log (the table refuses updates and deletes). Call inside the same transaction as the change;
 * a list (a bulk change) is one INSERT.
 */
export async function audit(db: DbOrTx, entry: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entry) ? entry : [entry];
  if (!list.length) return;
  await db.insert(auditLogs).values(list.map((e) => ({
    enterpriseId: e.enterpriseId,
    accountId: e.accountId ?? null,
    actorUserId: e.actorUserId ?? null,
    impersonatorUserId: e.impersonatorUserId ?? null,
    action: e.action,
    subjectType: e.subjectType ?? null,
    subjectId: e.subjectId ?? null,
    data: e.data ?? {},
    ip: e.ip ?? null,
  })));
}
