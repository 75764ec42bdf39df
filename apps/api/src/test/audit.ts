import { and, asc, eq } from 'drizzle-orm';
import { auditLogs } from '../db/schema/platform';
import type { TestApp } from './harness';

/* What a request left in the audit log. */

/** Audit rows about one subject, oldest first; with `action`, only that action's. */
export async function auditOf(t: TestApp, subjectId: string, action?: string) {
  return t.deps.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.subjectId, subjectId), action ? eq(auditLogs.action, action) : undefined))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
}
